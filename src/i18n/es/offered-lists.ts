import type { OfferedListWords } from "../shape";

/** Spanish lists of the business's services that sentences name: the English file's, in Spanish. */
const roadsideHelp = "grúa y auxilio vial";

const servicesLead = {
  words: ["grúa", "auxilio vial", "grúa después de un choque"],
  last: " y ",
  none: roadsideHelp,
  capitalize: true,
} as const;

export const offeredLists: OfferedListWords = {
  homeDescription: {
    words: ["remolques", "paso de corriente", "cambio de llantas", "gasolina", "apertura de carros"],
    last: " y ",
    none: roadsideHelp,
  },
  heroHelp: {
    words: ["un remolque", "paso de corriente", "cambio de llanta", "gasolina", "apertura del carro"],
    last: " o ",
    none: roadsideHelp,
  },
  vehicles: { words: ["carros", "trocas", "SUV", "motocicletas"], last: " y ", none: "carros" },
  // The description says the lead's list around the clock.
  servicesDescription: {
    ...servicesLead,
    words: ["grúa las 24 horas", "auxilio vial", "grúa después de un choque"],
    none: `${roadsideHelp} las 24 horas`,
  },
  servicesLead,
  aboutCalls: {
    words: [
      "el carro no arrancaba",
      "se reventó una llanta en la {business.highway}",
      "las llaves se quedaron adentro del carro cerrado",
    ],
    last: " o ",
    none: "un carro necesitaba grúa",
  },
  aboutCare: {
    words: [
      "grúas de plataforma para los carros que las necesitan",
      "calzas y correas suaves para las motocicletas",
      "cuidado con los carros dañados después de un choque",
    ],
    last: ", y ",
    lastOfTwo: " y ",
    none: "grúas de plataforma para los carros que las necesitan",
  },
};
