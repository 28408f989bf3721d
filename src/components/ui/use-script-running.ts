/** Moved to src/screens/common/use-script-running.ts (the request form uses it); kept here for the site-side importers. */
export { useScriptRunning } from "@/screens/common/use-script-running";
