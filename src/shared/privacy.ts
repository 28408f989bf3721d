import { business } from "./business";
/**
 * Where people send privacy requests (a copy of their data, a correction, a deletion), and when the
 * privacy notice (/privacy) last changed. The address is a placeholder until the business sets its
 * own: `npm run launch-check` lists it until then.
 */
export const privacyContact = { email: business.privacyEmail };
/** The day the notice took effect; change it with the notice (California's CalOPPA asks for it). */
export const PRIVACY_EFFECTIVE_DATE = "2026-11-27";
