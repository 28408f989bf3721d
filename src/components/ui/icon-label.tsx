/** Moved to src/screens/common/icon-label.tsx (the server renders it); kept here for the site-side importers. */
export { IconLabel } from "@/screens/common/icon-label";
