import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The built site's two stylesheets: the site's (the one its home page links) and the partner's job
 * page's own (src/styles/job.css). A third, or a missing one, stops the test file at load time.
 */
export function builtStylesheets(distDir: string) {
  const astroDir = path.join(distDir, "_astro");
  const site = /<link rel="stylesheet" href="\/_astro\/([^"]+\.css)">/.exec(
    readFileSync(path.join(distDir, "index.html"), "utf8"),
  )?.[1];
  const others = readdirSync(astroDir).filter((file) => file.endsWith(".css") && file !== site);
  if (!site || others.length !== 1)
    throw new Error(`The build holds ${others.join(", ")} beside the site's stylesheet: not the job page's alone.`);
  const job = others[0] ?? "";
  const read = (file: string) => readFileSync(path.join(astroDir, file), "utf8");
  return { site, siteCss: read(site), job, jobCss: read(job) };
}
