import { blindPartGate } from "../support/chat-blind";

// Written blind at the start of 2026-11-29's third session and committed before its chat changes
// (dad7387), scored once after them (docs/decisions.md); now a regression gate at that level.
blindPartGate(7, "the seventh blind part, written by hazard class");
