import data from "@business/business.json" with { type: "json" };
import { parseBusiness } from "./business-schema";

/**
 * The business this build is for: business/NAME/business.json, the folder BUSINESS_DIR names
 * (business-dir.mjs). Every fact about the business (its name, phone, towns, services, languages) is
 * read from here; nothing about it is written in code.
 */
export const business = parseBusiness(data, "business.json (in the folder BUSINESS_DIR names)");
