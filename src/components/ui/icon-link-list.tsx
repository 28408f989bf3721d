import type { LucideIcon } from "lucide-react";

/** A link of a list: the words a visitor reads and where they lead. */
export interface IconLink {
  name: string;
  href: string;
}

/**
 * A list of links, each led by the same small icon (the towns served, the other services, the
 * hero's services at a glance). Each place keeps its own look through the class names; the markup,
 * and so what a screen reader announces, is the same everywhere: a list of links, the icon hidden.
 */
export function IconLinkList({
  links,
  icon: Icon,
  className,
  linkClassName,
  iconClassName,
}: {
  links: IconLink[];
  icon: LucideIcon;
  className?: string;
  linkClassName: string;
  iconClassName: string;
}) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href} className={linkClassName}>
            <Icon className={iconClassName} aria-hidden="true" />
            {link.name}
          </a>
        </li>
      ))}
    </ul>
  );
}
