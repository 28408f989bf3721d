import { blindPartGate } from "../support/chat-blind";

// Written blind at the start of 2026-11-29's fourth session from the specification alone and committed
// before its chat changes (11f4582), scored once after they merged (docs/decisions.md); now a
// regression gate at that level.
blindPartGate(8, "the eighth blind part, written by hazard class");
