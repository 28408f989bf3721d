import { zodResolver } from "@hookform/resolvers/zod";
import { contactRequestSchema } from "@/lib/contact-schema";

/** The form's check with the server's schema; ContactForm loads this (and zod) on first use. */
export const contactResolver = zodResolver(contactRequestSchema);
