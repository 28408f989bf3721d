import type { offeredLists as en } from "../en/offered-lists";
import type { OfferedList } from "../shape";

/** Spanish lists of the business's services that sentences name: the English file's, in Spanish. */
export const offeredLists: Record<keyof typeof en, OfferedList> = {
  homeDescription: {
    items: [
      ["towing", "remolques"],
      ["jump-start", "paso de corriente"],
      ["flat-tire", "cambio de llantas"],
      ["gasoline-delivery", "gasolina"],
      ["vehicle-lockouts", "apertura de carros"],
    ],
    last: " y ",
    none: "grúa y auxilio vial",
  },
  heroHelp: {
    items: [
      ["towing", "un remolque"],
      ["jump-start", "paso de corriente"],
      ["flat-tire", "cambio de llanta"],
      ["gasoline-delivery", "gasolina"],
      ["vehicle-lockouts", "apertura del carro"],
    ],
    last: " o ",
    none: "grúa y auxilio vial",
  },
  vehicles: {
    items: [
      [null, "carros"],
      [null, "trocas"],
      [null, "SUV"],
      ["motorcycle-towing", "motocicletas"],
    ],
    last: " y ",
    none: "carros",
  },
  servicesDescription: {
    items: [
      ["towing", "grúa las 24 horas"],
      ["roadside-assistance", "auxilio vial"],
      ["emergency-towing", "grúa después de un choque"],
    ],
    last: " y ",
    none: "grúa y auxilio vial las 24 horas",
    capitalize: true,
  },
  servicesLead: {
    items: [
      ["towing", "grúa"],
      ["roadside-assistance", "auxilio vial"],
      ["emergency-towing", "grúa después de un choque"],
    ],
    last: " y ",
    none: "grúa y auxilio vial",
    capitalize: true,
  },
  aboutCalls: {
    items: [
      ["jump-start", "el carro no arrancaba"],
      ["flat-tire", "se reventó una llanta en la {business.highway}"],
      ["vehicle-lockouts", "las llaves se quedaron adentro del carro cerrado"],
    ],
    last: " o ",
    none: "un carro necesitaba grúa",
  },
  aboutCare: {
    items: [
      [null, "grúas de plataforma para los carros que las necesitan"],
      ["motorcycle-towing", "calzas y correas suaves para las motocicletas"],
      [null, "cuidado con los carros dañados después de un choque"],
    ],
    last: ", y ",
    lastOfTwo: " y ",
    none: "grúas de plataforma para los carros que las necesitan",
  },
};
