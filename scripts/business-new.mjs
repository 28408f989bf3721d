// `npm run business:new -- NAME`: makes business/NAME/ from business/_template, whose every value to
// write is marked "FILL IN: …". `BUSINESS_DIR=business/NAME npm run launch-check` lists each one until
// it is filled; docs/going-live.md walks through the rest.
import { cpSync, existsSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const name = process.argv[2] ?? "";

if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)) {
  console.error("Give the new business a folder name: lower-case letters, digits and hyphens, like");
  console.error("  npm run business:new -- fresno-towing");
  process.exit(1);
}
const target = path.join(root, "business", name);
if (existsSync(target)) {
  console.error(`business/${name} already exists: choose another name, or edit that folder.`);
  process.exit(1);
}
cpSync(path.join(root, "business/_template"), target, { recursive: true });
// The empty folders are kept in git by .gitkeep files; the new business needs none.
for (const folder of ["areas", "services", "blog", "guides"]) {
  rmSync(path.join(target, "content", folder, ".gitkeep"), { force: true });
}
console.log(`Made business/${name}/. Next:
  1. Fill in every "FILL IN" in business/${name}/business.json (docs/going-live.md explains each key).
  2. Write the pages in business/${name}/content/ (its README.md lists them).
  3. Run  BUSINESS_DIR=business/${name} npm run launch-check  until it is clean.
  4. Build and run with BUSINESS_DIR=business/${name} set.`);
