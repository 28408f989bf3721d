// The npm registry this project is built against serves only the linux-x64 (glibc) builds of
// packages with native binaries (Biome, Tailwind's oxide, Rollup), so `npm install` leaves the
// other platforms' optional packages out of package-lock.json, and `npm ci` then refuses the
// lockfile as out of sync. This adds those entries back, marked optional and with their os/cpu,
// so npm ci skips them here and installs them on the platforms they are for.
//
// Run it after any `npm install` that changes package-lock.json:  node scripts/lockfile-platforms.mjs
import { readFileSync, writeFileSync } from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));
const packages = lock.packages;

/** os, cpu and libc from a platform package's name, e.g. "@rollup/rollup-linux-arm64-musl". */
function platformOf(name) {
  const n = name.split("/").pop();
  const os = ["android", "darwin", "freebsd", "openbsd", "openharmony", "win32", "linux", "wasm32"].find((o) =>
    n.includes(`-${o}`),
  );
  const cpus = ["arm64", "x64", "ia32", "loong64", "ppc64", "riscv64", "s390x", "arm", "wasm32"];
  const cpu = cpus.find((c) => new RegExp(`-${c}(-|$)`).test(n)) ?? (n.includes("wasm32") ? "wasm32" : undefined);
  if (!os || !cpu) return undefined;
  const entry = { os: [os === "wasm32" ? "!win32" : os], cpu: [cpu] };
  if (os === "wasm32") delete entry.os;
  if (n.includes("musl")) entry.libc = ["musl"];
  else if (os === "linux") entry.libc = ["glibc"];
  return entry;
}

let added = 0;
for (const [path, pkg] of Object.entries(packages)) {
  for (const [dep, range] of Object.entries(pkg.optionalDependencies ?? {})) {
    const base = path ? `${path}/node_modules/` : "node_modules/";
    if (packages[`${base}${dep}`] || packages[`node_modules/${dep}`]) continue;
    const platform = platformOf(dep);
    if (!platform) continue;
    packages[`node_modules/${dep}`] = {
      version: String(range).replace(/^[\^~=]/, ""),
      ...platform,
      ...(pkg.dev ? { dev: true } : {}),
      optional: true,
    };
    added += 1;
  }
}
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} platform entries to package-lock.json`);
