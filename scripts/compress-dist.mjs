// Writes brotli and gzip copies of every text file in dist/ so the server sends them without
// compressing on each request (@fastify/static's preCompressed option picks them up).
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = path.resolve(process.argv[2] ?? "dist");
const TEXT = /\.(html|css|js|mjs|svg|xml|txt|json|webmanifest)$/;
const MIN_BYTES = 512;
/** Read by the server at start and never sent to a browser (src/shared/chat-knowledge-schema.ts, home-samples.ts). */
const SERVER_ONLY = new Set(["chat-knowledge.json", "chat-model.json", "home-samples.json"]);

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name) && !SERVER_ONLY.has(entry.name)) yield full;
  }
}

let count = 0;
let before = 0;
let after = 0;
for await (const file of files(root)) {
  if ((await stat(file)).size < MIN_BYTES) continue;
  const data = await readFile(file);
  const br = brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  await writeFile(`${file}.br`, br);
  await writeFile(`${file}.gz`, gzipSync(data, { level: 9 }));
  count += 1;
  before += data.length;
  after += br.length;
}
console.log(`compressed ${count} files: ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB (brotli)`);
