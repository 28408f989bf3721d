/**
 * The requests the owner typed in on this page (a phone-in): not news to them, so the "New request"
 * banner does not announce them. Kept for the page's life: the banner's next poll may come at any time
 * after the save. Other desk users' devices still announce it (their set does not hold it).
 */
const typedHere = new Set<number>();

export const rememberTypedHere = (id: number) => {
  typedHere.add(id);
};
export const wasTypedHere = (id: number) => typedHere.has(id);
