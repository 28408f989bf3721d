/** Moved to src/screens/common/form-field.tsx (the server renders the request form with it); kept here for the site-side importers. */
export { FormField, fieldClass, inputClass } from "@/screens/common/form-field";
