import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";

/**
 * Registers `client:visible-split` (./directive.ts): `client:visible`, with the island's code and its
 * render in separate tasks, for the islands that are a page's purpose (form, carousel, chat page).
 */
export default function clientVisibleSplit(): AstroIntegration {
  return {
    name: "client-visible-split",
    hooks: {
      "astro:config:setup": ({ addClientDirective }) => {
        addClientDirective({
          name: "visible-split",
          entrypoint: fileURLToPath(new URL("./directive.ts", import.meta.url)),
        });
      },
    },
  };
}

declare module "astro" {
  interface AstroClientDirectives {
    "client:visible-split"?: boolean;
  }
}
