/** Values the specification states word for word; tests hold the site to them. */
export const SPEC_TOWNS = [
  "Stockton",
  "Lodi",
  "Manteca",
  "Tracy",
  "Lathrop",
  "French Camp",
  "Mountain House",
  "Acampo",
  "Victor",
  "Lockeford",
];
