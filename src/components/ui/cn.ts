import { type ClassValue, clsx } from "clsx";

/**
 * Joins class names, dropping the false ones. It does not settle conflicts between Tailwind classes
 * (tailwind-merge did, at 7 KB and tens of milliseconds of a phone's time in every island): a
 * component offers a variant or a data attribute instead of a class that overrides another.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
