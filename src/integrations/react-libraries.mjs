// @ts-check
/**
 * Packages written for React that the islands use. The site renders them with preact/compat in place of
 * React, so both the build (astro.config.mjs: bundled for pre-rendering) and the unit tests
 * (vitest.config.ts: inlined, so the aliases reach them) must run them through Vite, not load them with Node.
 */
export const reactLibraries = [
  "radix-ui",
  /^@radix-ui\//,
  "react-hook-form",
  "@hookform/resolvers",
  "@tanstack/react-query",
  "embla-carousel-react",
  "lucide-react",
];
