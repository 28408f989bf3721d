// Renders public/og-image.png (1200x630, the Open Graph / Twitter card image) from the site's own
// tow-truck illustration and the business's name and city, in the system Chromium. Run again after changing either:
//   node scripts/render-og-image.mjs
import { readFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { businessDir } from "../business-dir.mjs";

// The name and place come from the business's own file (BUSINESS_DIR), like every page's.
const business = JSON.parse(readFileSync(path.join(businessDir(), "business.json"), "utf8"));
const escapeXml = (/** @type {string} */ s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

const art = readFileSync("public/images/services/tow-truck.svg", "utf8");
const html = `<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:630px;display:flex;align-items:center;gap:40px;padding:0 60px;box-sizing:border-box;
  background:#0f172a;font-family:'DejaVu Sans',Arial,sans-serif;color:#fff">
  <div style="flex:1">
    <div style="display:inline-block;background:#f59e0b;color:#0f172a;font-weight:700;font-size:28px;padding:8px 18px;border-radius:999px">Available 24/7</div>
    <h1 style="font-size:76px;line-height:1.05;margin:28px 0 18px">${escapeXml(business.name)}</h1>
    <p style="font-size:34px;line-height:1.3;color:#cbd5e1;margin:0">Towing &amp; roadside assistance in ${escapeXml(business.address.city)}, ${business.address.region}</p>
  </div>
  <div style="width:520px;border-radius:24px;overflow:hidden;flex:none">${art.replace('width="640" height="400"', 'width="520" height="325"')}</div>
</div></body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
});
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(html);
await page.screenshot({ path: "public/og-image.png" });
await browser.close();
console.log("wrote public/og-image.png");
