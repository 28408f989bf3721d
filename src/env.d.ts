interface ImportMetaEnv {
  /** Outside webhook that receives a service request when our own API fails (optional). */
  readonly PUBLIC_CONTACT_FALLBACK_URL?: string;
  /** Canonical origin of the site, e.g. https://www.example.com (read in astro.config.mjs). */
  readonly PUBLIC_SITE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
