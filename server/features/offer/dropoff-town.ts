/**
 * The town a drop-off names, for the offer's page before acceptance. The drop-off is the driver's own
 * words and no geocoder reads it (nothing here may need the internet), so its town is not known; this
 * says only what the words themselves say: the one town served whose name stands in them as whole
 * words. "1200 W Fremont St, Centerville" names Centerville. "Oak Ave, Centerville" names two, "my uncle's
 * shop" none: both give undefined, and the page says the drop-off comes after acceptance. The names
 * are the site's list of towns (data), not words held here.
 */
export function townNamedIn(dropoff: string, towns: readonly string[]): string | undefined {
  const words = ` ${dropoff.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ")} `;
  const named = towns.filter((town) => words.includes(` ${town.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ")} `));
  return named.length === 1 ? named[0] : undefined;
}
