/** Moved to src/screens/common/api-client.ts (the request form uses it); kept here for the site-side importers. */
export { ApiError, apiRequest, getJson } from "@/screens/common/api-client";
