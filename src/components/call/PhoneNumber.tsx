/** Moved to src/screens/common/PhoneText.tsx (the server renders it); kept here for the site-side importers. */
export { PhoneText } from "@/screens/common/PhoneText";
