/** Moved to src/screens/common/button.tsx (the server renders the request form with it); kept here for the site-side importers. */
export { Button, buttonVariants } from "@/screens/common/button";
