import type { RequestSource } from "@/shared/location";

/** How the desk names where a request came from. */
export const sourceLabels: Record<RequestSource, string> = {
  web: "Web form",
  chat: "Chat",
  phone: "Phone call",
};
