/**
 * The pickup line a phone's position becomes: "Near Riverton · position sent from my phone (±12 m)". It
 * holds no coordinates on purpose: the position travels in its own fields, which the retention job
 * erases on the day /privacy promises, while the pickup words are kept with the request. Pure and
 * free of the dictionary, so the form's island carries only the words it is given.
 */
export interface FixNumbers {
  latitude: number;
  longitude: number;
  accuracy: number;
}

/** "38.1302": four decimals, about 11 m, which is what a phone's fix is worth. */
export const coordinate = (n: number) => n.toFixed(4);

const put = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (mark, key: string) => (key in values ? String(values[key]) : mark));

/** The line, led by "Near {town} · " when the nearest town is known. */
export function readableFix(fix: FixNumbers, words: { near: string; gps: string }, town?: string): string {
  const gps = put(words.gps, { accuracy: Math.round(fix.accuracy) });
  return town ? `${put(words.near, { town })} · ${gps}` : gps;
}
