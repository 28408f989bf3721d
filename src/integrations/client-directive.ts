import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";

/** An integration that registers one custom client directive, `client:NAME`, from its entrypoint. */
export function clientDirective(name: string, entrypoint: URL): AstroIntegration {
  return {
    name: `client-${name}`,
    hooks: {
      "astro:config:setup": ({ addClientDirective }) => {
        addClientDirective({ name, entrypoint: fileURLToPath(entrypoint) });
      },
    },
  };
}
