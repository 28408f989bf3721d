/** Moved to src/screens/common/site-events.ts (the request form counts with it); kept here for the site-side importers. */
export { countSiteEvent } from "@/screens/common/site-events";
