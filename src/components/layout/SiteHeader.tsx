import { ChevronDown, Menu, Phone, Truck, X } from "lucide-react";
import { Collapsible, Dialog, NavigationMenu } from "radix-ui";
import { useState } from "react";
import { Button, buttonVariants } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { isCurrent, type NavItem } from "@/lib/navigation";
import { cn } from "@/lib/utils";

export interface SiteHeaderProps {
  businessName: string;
  phoneDisplay: string;
  telHref: string;
  mainNav: NavItem[];
  serviceNav: NavItem[];
  currentPath: string;
}

const linkClass =
  "inline-flex h-10 items-center rounded-md px-3 text-[0.95rem] font-medium text-slate-700 hover:bg-slate-100 hover:text-ink aria-[current=page]:text-brand-800 aria-[current=page]:underline aria-[current=page]:underline-offset-4";

export function SiteHeader(props: SiteHeaderProps) {
  const { businessName, phoneDisplay, telHref, mainNav, serviceNav, currentPath } = props;
  const [home, ...rest] = mainNav;
  const current = (href: string) => (isCurrent(href, currentPath) ? ("page" as const) : undefined);
  // The layout hydrates the header on first touch (client:touch): until then Services is a link to
  // /services, and the directive replays a click on it once the dropdown's trigger exists.
  const hydrated = useHydrated();
  const servicesClass = cn(linkClass, "group gap-1", isCurrent("/services", currentPath) && "text-brand-800");
  const chevron = (
    <ChevronDown className="size-4 transition-transform group-data-[state=open]:rotate-180" aria-hidden="true" />
  );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <a href="/" className="flex items-center gap-2 font-extrabold text-ink" aria-label={`${businessName}, home`}>
          <span className="grid size-9 place-items-center rounded-md bg-brand-500" aria-hidden="true">
            <Truck className="size-5" />
          </span>
          <span className="text-lg leading-tight">{businessName}</span>
        </a>

        <NavigationMenu.Root
          className="relative hidden lg:block"
          delayDuration={200}
          skipDelayDuration={300}
          aria-label="Main"
        >
          <NavigationMenu.List className="flex items-center gap-1">
            {home && (
              <NavigationMenu.Item>
                <NavigationMenu.Link href={home.href} className={linkClass} aria-current={current(home.href)}>
                  {home.name}
                </NavigationMenu.Link>
              </NavigationMenu.Item>
            )}
            <NavigationMenu.Item>
              {hydrated ? (
                <NavigationMenu.Trigger className={servicesClass} data-touch-live="services">
                  Services
                  {chevron}
                </NavigationMenu.Trigger>
              ) : (
                <a href="/services" className={servicesClass} data-touch="services">
                  Services
                  {chevron}
                </a>
              )}
              {hydrated && (
                <NavigationMenu.Content className="absolute top-full left-0 mt-2 w-[34rem] rounded-xl border border-slate-200 bg-white p-3 shadow-lg">
                  <ul className="grid grid-cols-2 gap-1">
                    {serviceNav.map((item) => (
                      <li key={item.href}>
                        <NavigationMenu.Link
                          href={item.href}
                          className="block rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-brand-50 hover:text-ink aria-[current=page]:text-brand-800"
                          aria-current={current(item.href)}
                        >
                          {item.name}
                        </NavigationMenu.Link>
                      </li>
                    ))}
                    <li className="col-span-2 border-t border-slate-100 pt-1">
                      <NavigationMenu.Link
                        href="/services"
                        className="block rounded-md px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
                      >
                        All services overview
                      </NavigationMenu.Link>
                    </li>
                  </ul>
                </NavigationMenu.Content>
              )}
            </NavigationMenu.Item>
            {rest.map((item) => (
              <NavigationMenu.Item key={item.href}>
                <NavigationMenu.Link href={item.href} className={linkClass} aria-current={current(item.href)}>
                  {item.name}
                </NavigationMenu.Link>
              </NavigationMenu.Item>
            ))}
          </NavigationMenu.List>
        </NavigationMenu.Root>

        <div className="flex items-center gap-2">
          <Button asChild size="md" className="hidden md:inline-flex">
            <a href={telHref}>
              <Phone aria-hidden="true" />
              {phoneDisplay}
            </a>
          </Button>
          <MobileMenu {...props} current={current} />
        </div>
      </div>
    </header>
  );
}

const drawerLink =
  "block rounded-md px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-100 aria-[current=page]:text-brand-800 aria-[current=page]:underline";

/**
 * The phone menu without JavaScript: a native <details> disclosure that opens in place under the
 * header, with every link of the drawer. Real HTML, so it works before (or without) any script.
 */
function DisclosureMenu({
  mainNav,
  serviceNav,
  current,
  phoneDisplay,
  telHref,
}: Pick<SiteHeaderProps, "mainNav" | "serviceNav" | "phoneDisplay" | "telHref"> & {
  current: (href: string) => "page" | undefined;
}) {
  const [home, ...rest] = mainNav;
  const item = (link: NavItem) => (
    <li key={link.href}>
      <a href={link.href} className={drawerLink} aria-current={current(link.href)}>
        {link.name}
      </a>
    </li>
  );
  return (
    // Its box is fixed (the summary's 44 px): a frame painted while the page is still arriving can end
    // right after <details>, and the browser's own "Details" summary would otherwise size it, then the
    // header would move (a layout shift) when the real summary arrives.
    <details className="group size-11 shrink-0 lg:hidden" data-testid="disclosure-menu">
      <summary
        className={cn(
          buttonVariants({ variant: "ghost", size: "icon" }),
          "cursor-pointer list-none [&::-webkit-details-marker]:hidden",
        )}
        data-touch="menu"
      >
        <Menu className="group-open:hidden" aria-hidden="true" />
        <X className="hidden group-open:block" aria-hidden="true" />
        <span className="sr-only">Menu</span>
      </summary>
      <nav
        aria-label="Mobile"
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 pt-2 pb-6 shadow-lg"
      >
        <ul className="space-y-1">
          {home && item(home)}
          {item({ name: "Services", href: "/services" })}
          <li>
            <ul className="ml-3 border-l border-slate-200 pl-2">{serviceNav.map(item)}</ul>
          </li>
          {rest.map(item)}
        </ul>
        <a href={telHref} className={cn(buttonVariants({ size: "lg" }), "mt-4 w-full")}>
          <Phone aria-hidden="true" />
          Call {phoneDisplay}
        </a>
      </nav>
    </details>
  );
}

function MobileMenu({
  mainNav,
  serviceNav,
  currentPath,
  current,
  phoneDisplay,
  telHref,
}: SiteHeaderProps & { current: (href: string) => "page" | undefined }) {
  const [open, setOpen] = useState(false);
  const [servicesOpen, setServicesOpen] = useState(isCurrent("/services", currentPath));
  // Pre-rendered (and without JavaScript) the menu is a native disclosure; the script makes it a drawer.
  const hydrated = useHydrated();
  const close = () => setOpen(false);
  const [home, ...rest] = mainNav;
  // Choosing a link closes the drawer (the router then swaps the page in behind it).
  const drawerItem = (item: NavItem) => (
    <li key={item.href}>
      <a href={item.href} className={drawerLink} aria-current={current(item.href)} onClick={close}>
        {item.name}
      </a>
    </li>
  );

  if (!hydrated) {
    return (
      <DisclosureMenu
        mainNav={mainNav}
        serviceNav={serviceNav}
        current={current}
        phoneDisplay={phoneDisplay}
        telHref={telHref}
      />
    );
  }

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open menu" data-touch-live="menu">
          <Menu aria-hidden="true" />
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
        <Dialog.Content
          className="fixed inset-y-0 right-0 z-50 flex w-80 max-w-[85vw] flex-col overflow-y-auto bg-white p-4 shadow-xl"
          data-testid="mobile-drawer"
        >
          <div className="mb-2 flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold text-ink">Menu</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close menu">
                <X aria-hidden="true" />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Site navigation</Dialog.Description>
          <nav aria-label="Mobile">
            <ul className="space-y-1">
              {home && drawerItem(home)}
              <li>
                <Collapsible.Root open={servicesOpen} onOpenChange={setServicesOpen}>
                  <Collapsible.Trigger className={cn(drawerLink, "group flex w-full items-center justify-between")}>
                    Services
                    <ChevronDown
                      className="size-5 transition-transform group-data-[state=open]:rotate-180"
                      aria-hidden="true"
                    />
                  </Collapsible.Trigger>
                  <Collapsible.Content>
                    <ul className="ml-3 border-l border-slate-200 pl-2">
                      {[{ name: "All services", href: "/services" }, ...serviceNav].map(drawerItem)}
                    </ul>
                  </Collapsible.Content>
                </Collapsible.Root>
              </li>
              {rest.map(drawerItem)}
            </ul>
          </nav>
          <Button asChild size="lg" className="mt-6 w-full">
            <a href={telHref}>
              <Phone aria-hidden="true" />
              Call {phoneDisplay}
            </a>
          </Button>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
