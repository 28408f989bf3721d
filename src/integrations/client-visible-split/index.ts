import { clientDirective } from "../client-directive";

/**
 * Registers `client:visible-split` (./directive.ts): `client:visible`, with the island's code and its
 * render in separate tasks, for the islands that are a page's purpose (form, carousel, chat page).
 */
export default function clientVisibleSplit() {
  return clientDirective("visible-split", new URL("./directive.ts", import.meta.url));
}

declare module "astro" {
  interface AstroClientDirectives {
    "client:visible-split"?: boolean;
  }
}
