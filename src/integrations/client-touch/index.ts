import { clientDirective } from "../client-directive";

/**
 * Registers `client:touch` (./directive.ts): an island that hydrates when a visitor starts to use
 * it, and replays the first click once its code is in. See the directive for the component contract.
 */
export default function clientTouch() {
  return clientDirective("touch", new URL("./directive.ts", import.meta.url));
}

declare module "astro" {
  interface AstroClientDirectives {
    /** `true`, or a resume key: see ./directive.ts. */
    "client:touch"?: boolean | string;
  }
}
