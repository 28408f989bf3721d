# syntax=docker/dockerfile:1
# The site's production image (docs/operations.md#the-deploy-recipe): built once, then started as many times
# as needed. Three stages: the build (every package), the production packages alone, and the image itself,
# which holds only those packages, the built site (dist/) and the compiled server (dist-server/).

# 1. The build: pre-rendered pages, the chat assistant's files, the compiled server.
FROM node:24-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
# No install scripts (package.json's allowScripts): the packages' binaries come as optional dependencies.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
# What the build bakes into the pages (docs/configuration.md#the-build): pass them with --build-arg.
ARG PUBLIC_SITE_URL
ARG PUBLIC_CONTACT_FALLBACK_URL
ARG LOCATION_RETENTION_DAYS
ARG REQUEST_RETENTION_DAYS
ENV ASTRO_TELEMETRY_DISABLED=1
# dist and dist-server are links to the release just built (scripts/build.mjs): copy the folders they name.
RUN npm run build && mkdir /release && cp -rL dist dist-server /release/

# 2. Production packages only (no Astro dev tooling, test runners or TypeScript loader).
FROM node:24-slim AS packages
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

# 3. The image: owned by root, run as the unprivileged "node" user, so the server cannot change its own code.
FROM node:24-slim
WORKDIR /app
# React renders the pages with its production build (5-9 times faster than the development one).
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
COPY package.json package-lock.json ./
COPY --from=packages /app/node_modules ./node_modules
COPY --from=build /release/ ./
# The PGlite folder, for a single instance without DATABASE_URL (owner-only, the server's user).
RUN mkdir -m 0700 /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
# Liveness: the process answers. Readiness (/readyz, database and drain) is for the proxy.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/livez`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server itself as the main process (no npm, no shell), so it gets the runtime's SIGTERM. Never builds.
CMD ["node", "--max-semi-space-size=16", "--enable-source-maps", "dist-server/start.js"]
