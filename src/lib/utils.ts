/** Moved to src/screens/common/cn.ts, which the server renders with; kept here so the site-side importers need not change. */
export { cn } from "@/screens/common/cn";
