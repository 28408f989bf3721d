import { Clock, Mail, MapPin, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { IconLabel } from "@/components/ui/icon-label";
import type { NavItem } from "@/lib/navigation";
import { cn } from "@/lib/utils";

export interface SiteFooterProps {
  businessName: string;
  address: string;
  phoneDisplay: string;
  telHref: string;
  email: string;
  mailtoHref: string;
  hoursLabel: string;
  quickLinks: NavItem[];
  serviceLinks: NavItem[];
  /** One link per town page. */
  areaLinks: NavItem[];
  /** Who makes the chat assistant (site.ts's chatVendor): the credit line names them. */
  chatVendor: { name: string; href: string };
  year: number;
  /** The map island, passed in by the layout (as its slot) so it can be hydrated on its own. */
  children?: ReactNode;
}

/** At least 24 px tall (WCAG 2.2, 2.5.8), with room between one link and the next. */
const footerLink = "inline-flex min-h-7 items-center hover:text-white hover:underline";

/**
 * The footer is below the first screen on every page, so the browser skips its layout and paint
 * until it comes near (content-visibility: auto); it stays in the accessibility tree, in find-in-page
 * and in the tab order. Laying it out while the page loads cost a slow phone tens of milliseconds of
 * blocked input (Lighthouse TBT, same run: `/` 100 -> 24 ms, /contact 91 -> 44 ms, a blog article
 * 52 -> 16 ms, medians of 4). The size kept for it until then is its measured height at each width
 * (1890 px on phones, 1290 at 768 px, 565 from 1024 px), so the scrollbar does not jump.
 */
const skipUntilNear =
  "[content-visibility:auto] [contain-intrinsic-size:auto_1890px] md:[contain-intrinsic-size:auto_1290px] lg:[contain-intrinsic-size:auto_565px]";

export function SiteFooter(props: SiteFooterProps) {
  const { businessName, address, phoneDisplay, telHref, email, mailtoHref, hoursLabel } = props;
  return (
    <footer className={`bg-ink pb-24 text-slate-300 md:pb-0 ${skipUntilNear}`}>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <FooterLinks title="Quick links" links={props.quickLinks} />
        <FooterLinks title="Services" links={props.serviceLinks} />
        <FooterLinks title="Areas We Serve" links={props.areaLinks} />
        <div>
          <h2 className="mb-3 text-base font-bold text-white">Contact</h2>
          <address className="space-y-3 not-italic">
            <p className="flex gap-2">
              <MapPin className="mt-0.5 size-5 shrink-0 text-brand-400" aria-hidden="true" />
              <span>{address}</span>
            </p>
            <p className="flex gap-2">
              <Phone className="mt-0.5 size-5 shrink-0 text-brand-400" aria-hidden="true" />
              <a href={telHref} className={cn(footerLink, "font-semibold text-white")}>
                {phoneDisplay}
              </a>
            </p>
            <p className="flex gap-2">
              <Mail className="mt-0.5 size-5 shrink-0 text-brand-400" aria-hidden="true" />
              {/* Wraps only at the @, never inside a word. */}
              <a href={mailtoHref} className={cn(footerLink, "min-w-0 flex-wrap")}>
                <span>{email.slice(0, email.indexOf("@"))}</span>
                <span>{email.slice(email.indexOf("@"))}</span>
              </a>
            </p>
            <p className="flex gap-2">
              <Clock className="mt-0.5 size-5 shrink-0 text-brand-400" aria-hidden="true" />
              <span>{hoursLabel}</span>
            </p>
          </address>
        </div>
        <div>
          <h2 className="mb-3 text-base font-bold text-white">Find us</h2>
          {props.children}
        </div>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-slate-400 sm:flex-row sm:justify-between">
          <p>
            © {props.year} {businessName}. All rights reserved.
          </p>
          <p>
            Chat assistant powered by{" "}
            <a href={props.chatVendor.href} className={footerLink}>
              {props.chatVendor.name}
            </a>
          </p>
        </div>
      </div>
    </footer>
  );
}

function FooterLinks({ title, links }: { title: string; links: NavItem[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="mb-3 text-base font-bold text-white">{title}</h2>
      <ul className="space-y-1">
        {links.map((l) => (
          <li key={l.href}>
            <a href={l.href} className={footerLink}>
              {l.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Keeps the call button under the thumb on phones: a bar fixed to the bottom of the screen. The
 * chat button sits at its right end (`roomForChat`), so together they take one 73 px band, which
 * the page keeps free at its end (the footer's bottom padding). Its height is kept for it, not its
 * content's, so a frame painted before its link is parsed shows the band at the size it keeps. With
 * enlarged text on a narrow phone the label takes two lines, which the kept height holds (tight
 * lines); only beyond that does the band grow, rather than the label spilling out of its button.
 */
export function MobileCallBar({
  phoneDisplay,
  telHref,
  roomForChat = true,
}: {
  phoneDisplay: string;
  telHref: string;
  roomForChat?: boolean;
}) {
  return (
    <div
      className={cn(
        "fixed inset-x-0 bottom-0 z-30 min-h-[calc(4.5rem+1px)] border-t border-slate-200 bg-white/95 p-3 backdrop-blur md:hidden",
        roomForChat && "pr-[4.5rem]",
      )}
      data-testid="mobile-call-band"
    >
      <a
        href={telHref}
        className="flex min-h-12 w-full items-center justify-center rounded-md bg-brand-500 text-center text-lg leading-tight font-bold text-ink hover:bg-brand-400"
        data-testid="mobile-call-bar"
      >
        <IconLabel icon={Phone}>Call {phoneDisplay}</IconLabel>
      </a>
    </div>
  );
}
