import { createHash, randomBytes } from "node:crypto";

/** 32 bytes: 256 bits from the operating system's CSPRNG, twice the 128 the page needs at least. */
const PAGE_TOKEN_BYTES = 32;

/** A new page token: 43 base64url characters, fit for a path segment as it is. */
export const newPageToken = (): string => randomBytes(PAGE_TOKEN_BYTES).toString("base64url");

/**
 * What is stored and looked up: the hex SHA-256 of the token's text. A token has 256 bits of entropy,
 * so a plain hash is enough (no salt or slow hash: nothing to guess from it). Every candidate from an
 * address is hashed, well-formed or not, so a lookup of garbage costs what a lookup of a token costs.
 */
export const pageTokenHash = (candidate: string): string => createHash("sha256").update(candidate).digest("hex");
