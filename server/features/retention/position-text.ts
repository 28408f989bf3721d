/**
 * What a position looks like inside free text, for the retention job to erase it from a request's
 * pickup and drop-off words (PostgreSQL's regular expressions, the same on PGlite). Two shapes:
 * - the line this site's form wrote before positions kept to their own columns, in either language:
 *   "GPS 38.1302, -121.2724 (±12 m)";
 * - any pair of decimal degrees a driver typed or pasted ("38.13021,-121.27241", "38.1302° N
 *   121.2724° W", a map link's "@38.13,-121.27"): two numbers of up to three digits before the point and
 *   at least two after it (about a kilometre or better), side by side. A false match costs a few
 *   characters of an old address; a miss would keep a position past the promise, so it errs wide.
 */
/** One coordinate, with its degree sign and hemisphere letter if written (\M: the letter ends a word). */
const degrees = String.raw`-?\d{1,3}\.\d{2,}(\s*°)?(\s*[NSEWnsew]\M)?`;
const pair = String.raw`${degrees}\s*[,;/]?\s*${degrees}`;
const formLine = String.raw`GPS:?\s*${pair}(\s*\(±\s*\d+(\.\d+)?\s*m\))?`;

/** Either shape, for `~` and `regexp_replace(…, 'g')`. */
export const POSITION_IN_TEXT_PATTERN = `${formLine}|${pair}`;

/** What stands where a position was, so a reader sees that something was erased and why. */
export const ERASED_POSITION_TEXT = "(position erased)";
