import { blindPartGate } from "../support/chat-blind";

// Written blind before the engine changes of 2026-11-29's second session, scored once after them
// (docs/decisions.md); now a regression gate at that level.
blindPartGate(6, "the sixth blind part, written by hazard class");
