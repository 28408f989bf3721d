import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The README stays a page a newcomer reads (at most 150 lines), and the docs keep up with the code:
 * every variable the server reads and every npm script is documented, and every doc is reachable.
 */
const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const readme = read("README.md");
const docFiles = readdirSync(path.join(root, "docs")).filter((f) => f.endsWith(".md"));
const allDocs = [readme, ...docFiles.map((f) => read(`docs/${f}`))].join("\n");

/** The variables server/config.ts parses: the keys of its environment schema, one per line. */
function configVariables(): string[] {
  const source = read("server/config.ts");
  const start = source.indexOf("z.object({", source.indexOf("envSchema"));
  const end = source.indexOf("\n});", start);
  const keys = [...source.slice(start, end).matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1] ?? "");
  return keys;
}

describe("README and docs", () => {
  it("the README fits on a few screens: at most 150 lines", () => {
    expect(readme.trimEnd().split("\n").length).toBeLessThanOrEqual(150);
  });

  it("every variable read in server/config.ts is in docs/configuration.md", () => {
    const variables = configVariables();
    expect(variables.length).toBeGreaterThan(20);
    const configuration = read("docs/configuration.md");
    const missing = variables.filter((name) => !configuration.includes(`\`${name}\``));
    expect(missing, "variables read by server/config.ts but not documented").toEqual([]);
  });

  it("every npm script is documented in the README or the docs", () => {
    const scripts = Object.keys(JSON.parse(read("package.json")).scripts as Record<string, string>).filter(
      // npm's own hooks run by themselves; `prestart` is said with `npm start`.
      (name) => !/^(pre|post)/.test(name),
    );
    const missing = scripts.filter((name) => {
      const spoken = ["start", "test"].includes(name) ? `npm ${name}` : `npm run ${name}`;
      return !allDocs.includes(spoken);
    });
    expect(missing, "scripts in package.json that no doc names").toEqual([]);
  });

  it("every page in docs/ is in the README's table, and every link there leads to a file", () => {
    const linked = [...readme.matchAll(/\]\((docs\/[^)#]+)(#[^)]*)?\)/g)].map((m) => m[1] ?? "");
    for (const file of docFiles) expect(linked, `docs/${file} in the README`).toContain(`docs/${file}`);
    for (const file of linked) expect(existsSync(path.join(root, file)), file).toBe(true);
  });

  it("links between the docs lead to files", () => {
    for (const file of docFiles) {
      const text = read(`docs/${file}`);
      for (const [, target] of text.matchAll(/\]\(([a-z-]+\.md)(#[^)]*)?\)/g)) {
        expect(existsSync(path.join(root, "docs", target ?? "")), `${file} links ${target}`).toBe(true);
      }
    }
  });
});
