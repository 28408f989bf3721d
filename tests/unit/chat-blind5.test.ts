import { blindPartGate } from "../support/chat-blind";

// Scored once on 2026-11-29 (docs/decisions.md); now a regression gate at that level.
blindPartGate(5, "the fifth blind part, written by hazard class");
