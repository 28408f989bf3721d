import type { ServiceRequest } from "@/shared/service-request-schema";

/**
 * When our own API cannot take a request, the browser hands it to an outside automation webhook
 * instead (if one was configured at build time), so the driver's request still reaches the business.
 * It carries what our API takes (the specification's six fields, the optional vehicle and note, the page's
 * language, so the owner knows to call back in Spanish), plus the specification's type, timestamp, id
 * and createdAt.
 */
export async function sendToFallback(url: string, data: ServiceRequest): Promise<{ message: string }> {
  const now = new Date().toISOString();
  const res = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      ...data,
      type: "contact_request",
      timestamp: now,
      id: crypto.randomUUID(),
      createdAt: now,
    }),
  });
  if (!res.ok) throw new Error("Failed to submit form");
  return { message: "Contact request received" };
}
