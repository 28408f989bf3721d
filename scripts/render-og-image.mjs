// Renders a business's og-image.png (1200x630, the Open Graph / Twitter card image shown when a page is
// shared) from the site's own tow-truck illustration and the business's name and city, in the system
// Chromium (CHROME_PATH, /usr/bin/chromium). The image is committed in the business folder, so a build
// never needs Chromium; run this again after changing the name or the city, or replace the file with a
// photo of your own (1200x630 PNG):
//   BUSINESS_DIR=business/NAME npm run og-image
//   npm run og-image -- --placeholder     (business/_template/og-image.png, marked "FILL IN")
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { crc32 } from "node:zlib";
import { chromium } from "playwright-core";
import { businessDir } from "../business-dir.mjs";

const placeholder = process.argv.includes("--placeholder");
const folder = placeholder ? path.resolve(import.meta.dirname, "../business/_template") : businessDir();
const out = path.join(folder, "og-image.png");
/** The template's mark, which launch-check finds in the file's text chunk until the image is replaced. */
const PLACEHOLDER_NOTE =
  "FILL IN: this is the template's placeholder sharing image; replace og-image.png with your own 1200x630 PNG, or run npm run og-image";

const escapeXml = (/** @type {string} */ s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/** The card's words: the business's name and city, or the placeholder's instructions. */
function words() {
  if (placeholder) {
    return {
      badge: "FILL IN",
      title: "Placeholder sharing image",
      line: "Replace business/NAME/og-image.png with your own 1200x630 image, or run npm run og-image",
    };
  }
  // The name and place come from the business's own file (BUSINESS_DIR), like every page's.
  const business = JSON.parse(readFileSync(path.join(folder, "business.json"), "utf8"));
  return {
    badge: "Available 24/7",
    title: business.name,
    line: `Towing & roadside assistance in ${business.address.city}, ${business.address.region}`,
  };
}

const { badge, title, line } = words();
const art = readFileSync(path.resolve(import.meta.dirname, "../public/images/services/tow-truck.svg"), "utf8");
const html = `<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:630px;display:flex;align-items:center;gap:40px;padding:0 60px;box-sizing:border-box;
  background:#0f172a;font-family:'DejaVu Sans',Arial,sans-serif;color:#fff">
  <div style="flex:1">
    <div style="display:inline-block;background:#f59e0b;color:#0f172a;font-weight:700;font-size:28px;padding:8px 18px;border-radius:999px">${escapeXml(badge)}</div>
    <h1 style="font-size:76px;line-height:1.05;margin:28px 0 18px">${escapeXml(title)}</h1>
    <p style="font-size:34px;line-height:1.3;color:#cbd5e1;margin:0">${escapeXml(line)}</p>
  </div>
  <div style="width:520px;border-radius:24px;overflow:hidden;flex:none">${art.replace('width="640" height="400"', 'width="520" height="325"')}</div>
</div></body></html>`;

/** The PNG with a tEXt chunk ("Comment") after its header: the placeholder's machine-readable mark. */
function withNote(/** @type {Buffer} */ png, /** @type {string} */ note) {
  const data = Buffer.from(`Comment\0${note}`, "latin1");
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write("tEXt", 4, "latin1");
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  const afterHeader = 8 + 25; // the signature, then IHDR (13 bytes of data, 12 of length, type and CRC)
  return Buffer.concat([png.subarray(0, afterHeader), chunk, png.subarray(afterHeader)]);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
});
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(html);
const png = await page.screenshot();
await browser.close();
writeFileSync(out, placeholder ? withNote(png, PLACEHOLDER_NOTE) : png);
console.log(`wrote ${path.relative(process.cwd(), out)}`);
