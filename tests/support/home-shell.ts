/** Seven built sample cards and the structured data, as src/views/Home.astro writes them (the marks are what count). */
export function homeShell(lang: string, intro: string) {
  const cards = Array.from(
    { length: 7 },
    (_, i) =>
      `<li class="min-w-0" data-testid="testimonial" data-sample="true"><figure><blockquote><p>Sample ${i + 1}</p></blockquote></figure></li>`,
  ).join("");
  return `<!doctype html><html lang="${lang}"><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"LocalBusiness","name":"Stockton 24/7 Towing"}</script></head><body><h2 id="testimonials-title">Title</h2><p class="mt-3 text-lg text-slate-600" data-slot="home-reviews-intro">${intro}</p><section aria-roledescription="carousel"><div class="overflow-hidden"><astro-slot><ul class="-ml-4 flex touch-pan-y" data-slot="home-reviews">${cards}</ul></astro-slot></div></section></body></html>`;
}
