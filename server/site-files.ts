import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, realpathSync } from "node:fs";
import path from "node:path";
import { type Locale, locales } from "../src/i18n/locales";
import { business } from "../src/shared/business";
import {
  CHAT_KNOWLEDGE_FILE,
  CHAT_KNOWLEDGE_FORMAT,
  type ChatKnowledge,
  chatKnowledgeSchema,
} from "../src/shared/chat-knowledge-schema";
import { HOME_SAMPLES_FILE } from "../src/shared/home-samples";
import { CHAT_MODEL_FILE, type SavedModel } from "./features/chat/classifier";

/**
 * The built site as the server sees it: which URL path maps to which file, and the hashes of the
 * inline scripts Astro writes into the pages (so the Content-Security-Policy can allow exactly
 * those and nothing else), and the chat assistant's knowledge the build wrote beside the pages.
 * Read once at start-up; nothing on the request path touches the disk to decide whether a page exists.
 */
export interface SiteFiles {
  root: string;
  /** URL path ("/", "/about", "/_astro/x.js") -> file path relative to root. */
  routes: Map<string, string>;
  notFoundPage?: string;
  /** The Spanish 404 page, for a missing address under /es/. */
  spanishNotFoundPage?: string;
  inlineScriptHashes: string[];
  /** The fallback webhook the pages were built with (build-settings.json), if any. */
  serviceRequestFallbackUrl?: string;
  /** The public origin the pages were built for (PUBLIC_SITE_URL at build time, build-settings.json). */
  siteUrl: string;
  /**
   * The built shells of the driver's request page, one per language (src/views/DriverRequestPage.astro),
   * which the server fills in for each request in its language: read at start, never served as pages
   * of their own. Absent in API-only tests.
   */
  requestPageShells: Partial<Record<Locale, string>>;
  /**
   * The built shell of a partner's offer page (src/views/OfferPage.astro, English only), which the
   * server fills in at /offer/{token}. Absent in API-only tests.
   */
  offerPageShell?: string;
  /**
   * The built shells of the caller's location page, one per language (src/views/HerePage.astro), which
   * the server serves at /here/{token} in the request's language. Absent in API-only tests.
   */
  herePageShells: Partial<Record<Locale, string>>;
  /** What the chat assistant knows of the pages (chat-knowledge.json), validated. */
  chatKnowledge: ChatKnowledge;
  /** The chat assistant's trained intent classifier (chat-model.json, scripts/build-chat-model.ts). */
  chatModel?: SavedModel;
}

/** astro.config.mjs's origin when PUBLIC_SITE_URL is not set: the business's own siteUrl. */
export const DEFAULT_SITE_URL = business.siteUrl;

/**
 * The request page's shells: the server fills one in at /request/{token}, in the request's language;
 * /request and /es/request themselves are no pages.
 */
const REQUEST_PAGE_SHELL_FILES: Record<Locale, string> = { en: "request.html", es: "es/request.html" };
/** The offer page's shell: the server fills it in at /offer/{token}; /offer itself is no page. */
const OFFER_PAGE_SHELL_FILE = "offer.html";
/** The caller's location page's shells: the server fills one in at /here/{token}; /here itself is no page. */
const HERE_PAGE_SHELL_FILES: Record<Locale, string> = { en: "here.html", es: "es/here.html" };
const shellFiles = new Set([
  ...Object.values(REQUEST_PAGE_SHELL_FILES),
  OFFER_PAGE_SHELL_FILE,
  ...Object.values(HERE_PAGE_SHELL_FILES),
]);

/** Files the build writes for the server alone: read at start, never served. */
const SERVER_ONLY_FILES = new Set([CHAT_KNOWLEDGE_FILE, CHAT_MODEL_FILE, HOME_SAMPLES_FILE, ...shellFiles]);

const COMPRESSED = /\.(br|gz)$/;
/** The 404 pages are answers, not addresses: /404 and /es/404 are themselves not found. */
const NOT_FOUND_PAGES = new Set(["404.html", "es/404.html"]);

function walk(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(full, base);
    return [path.relative(base, full).split(path.sep).join("/")];
  });
}

/** "index.html" -> "/", "about.html" -> "/about", "blog/x.html" -> "/blog/x", other files as they are. */
export function urlPathFor(file: string): string {
  if (file === "index.html") return "/";
  if (file.endsWith("/index.html")) return `/${file.slice(0, -"/index.html".length)}`;
  if (file.endsWith(".html")) return `/${file.slice(0, -".html".length)}`;
  return `/${file}`;
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")([^>]*)>([\s\S]*?)<\/script>/g;

export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const body = match[2] ?? "";
    if (!body.trim()) continue;
    hashes.push(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
  }
  return hashes;
}

/** A site with no pages, for tests of the API alone: its assistant knows no page either. */
export function emptySiteFiles(root = "."): SiteFiles {
  return {
    root,
    routes: new Map(),
    siteUrl: DEFAULT_SITE_URL,
    inlineScriptHashes: [],
    requestPageShells: {},
    herePageShells: {},
    chatKnowledge: { format: CHAT_KNOWLEDGE_FORMAT, pages: [], sections: [], townPages: [] },
  };
}

export function readSiteFiles(root: string): SiteFiles {
  if (!existsSync(path.join(root, "index.html"))) {
    throw new Error(`No built site in ${root}: run \`npm run build\` first (or set DIST_DIR).`);
  }
  // The release the link names now (scripts/release-folders.mjs): a rebuild swaps the link, and this server
  // goes on serving the release it started with, whole.
  root = realpathSync(root);
  const files = walk(root).filter((f) => !COMPRESSED.test(f));
  const routes = new Map<string, string>();
  const hashes = new Set<string>();
  for (const file of files) {
    if (shellFiles.has(file)) {
      for (const h of inlineScriptHashes(readFileSync(path.join(root, file), "utf8"))) hashes.add(h);
    }
    if (NOT_FOUND_PAGES.has(file) || SERVER_ONLY_FILES.has(file)) continue;
    routes.set(urlPathFor(file), file);
    if (file.endsWith(".html")) {
      for (const h of inlineScriptHashes(readFileSync(path.join(root, file), "utf8"))) hashes.add(h);
    }
  }
  const notFoundPage = files.includes("404.html") ? "404.html" : undefined;
  const spanishNotFoundPage = files.includes("es/404.html") ? "es/404.html" : undefined;
  for (const page of [notFoundPage, spanishNotFoundPage]) {
    if (!page) continue;
    for (const h of inlineScriptHashes(readFileSync(path.join(root, page), "utf8"))) hashes.add(h);
  }
  const settings = buildSettings(root);
  return {
    root,
    routes,
    notFoundPage,
    spanishNotFoundPage,
    inlineScriptHashes: [...hashes].sort(),
    serviceRequestFallbackUrl: settings.serviceRequestFallbackUrl,
    siteUrl: settings.siteUrl,
    requestPageShells: Object.fromEntries(
      locales
        .filter((locale) => files.includes(REQUEST_PAGE_SHELL_FILES[locale]))
        .map((locale) => [locale, readFileSync(path.join(root, REQUEST_PAGE_SHELL_FILES[locale]), "utf8")]),
    ),
    offerPageShell: files.includes(OFFER_PAGE_SHELL_FILE)
      ? readFileSync(path.join(root, OFFER_PAGE_SHELL_FILE), "utf8")
      : undefined,
    herePageShells: Object.fromEntries(
      locales
        .filter((locale) => files.includes(HERE_PAGE_SHELL_FILES[locale]))
        .map((locale) => [locale, readFileSync(path.join(root, HERE_PAGE_SHELL_FILES[locale]), "utf8")]),
    ),
    chatKnowledge: readChatKnowledge(root),
    chatModel: readChatModel(root),
  };
}

/**
 * The chat assistant's classifier, trained by the build. A missing file (a build from before it
 * existed) is no error: the assistant then trains one from its data packs at start.
 */
export function readChatModel(root: string): SavedModel | undefined {
  const file = path.join(root, CHAT_MODEL_FILE);
  if (!existsSync(file)) return undefined;
  const json = JSON.parse(readFileSync(file, "utf8")) as SavedModel;
  if (json.format !== 1) throw new Error(`The chat model ${file} is of another format: run \`npm run build\`.`);
  return json;
}

/**
 * The chat assistant's knowledge (src/pages/chat-knowledge.json.ts). A missing or malformed file
 * stops the start, naming the file: an assistant that silently knew nothing would be worse.
 */
export function readChatKnowledge(root: string): ChatKnowledge {
  const file = path.join(root, CHAT_KNOWLEDGE_FILE);
  const rebuild = "run `npm run build` to write it from the business content (or set DIST_DIR to a built site)";
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    throw new Error(`The chat assistant's knowledge file ${file} is missing: ${rebuild}.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(
      `The chat assistant's knowledge file ${file} is not valid JSON (${(error as Error).message}): ${rebuild}.`,
    );
  }
  const parsed = chatKnowledgeSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .slice(0, 3)
      .map((i) => `${i.path.join(".") || "(file)"}: ${i.message}`)
      .join("; ");
    throw new Error(`The chat assistant's knowledge file ${file} is malformed (${problems}): ${rebuild}.`);
  }
  return parsed.data;
}

/**
 * The build's own record of what it baked into the pages (src/pages/build-settings.json.ts): the
 * fallback webhook and the public origin.
 */
function buildSettings(root: string): { serviceRequestFallbackUrl?: string; siteUrl: string } {
  let settings: { serviceRequestFallbackUrl?: unknown; siteUrl?: unknown } = {};
  try {
    settings = JSON.parse(readFileSync(path.join(root, "build-settings.json"), "utf8"));
  } catch {
    // An older or partial build: no fallback, the default origin.
  }
  return {
    serviceRequestFallbackUrl:
      typeof settings.serviceRequestFallbackUrl === "string" ? settings.serviceRequestFallbackUrl : undefined,
    siteUrl: typeof settings.siteUrl === "string" ? new URL(settings.siteUrl).origin : DEFAULT_SITE_URL,
  };
}
