# syntax=docker/dockerfile:1
# Копилка's image: the API, the web export and the worker in one image, on Node.js 22 and Debian 12.
#   docker build -t kopilka .       (or podman build)
#   Behind a proxy that re-signs TLS with its own CA, hand the CA to npm as a build secret:
#   docker build --secret id=npm_ca,src=/path/to/ca.crt -t kopilka .
#   docker run -p 3000:3000 -v kopilka-data:/data kopilka
# compose.yaml runs it with PostgreSQL, a worker and a volume; see docs/deployment.md («Container»).

# 1. The npm packages the product runs and builds with (no dev packages: the tests, the lint and the type
#    definitions stay outside the image), native ones (better-sqlite3, argon2, sharp) built by this image's Node.
FROM docker.io/library/node:22-bookworm-slim AS deps
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ ca-certificates \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# node-gyp builds against the headers this image ships in /usr/local/include/node rather than fetching them.
ENV npm_config_nodedir=/usr/local
COPY package.json package-lock.json ./
RUN --mount=type=secret,id=npm_ca --mount=type=cache,target=/root/.npm \
    if [ -s /run/secrets/npm_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm_ca; fi \
 && npm ci --omit=dev --no-audit --no-fund

# 2. The web export (out/: the pages, the admin area's under out/admin/, their Content-Security-Policy manifest,
#    the service worker); Next's own build folders (.next, admin/.next) are not needed to serve it.
FROM deps AS build
ENV NEXT_TELEMETRY_DISABLED=1 \
    NEXT_SKIP_TYPECHECK=1
COPY . .
RUN npm run build && touch out/.build-stamp && rm -rf .next admin/.next

# 3. The packages the server runs with: the build's, less what only builds the web export (next and its SWC,
#    react, tailwind, typescript), the bundled ffmpeg (FFMPEG_PATH is Debian's) and whatever only those reach
#    (playwright-core, Next’s optional peer): scripts/prune-runtime.ts.
FROM deps AS runtime-deps
COPY scripts/prune-runtime.ts scripts/
RUN node --import tsx scripts/prune-runtime.ts

# 4. What runs: Debian's ffmpeg (audio and video processing) and PostgreSQL's client (pg_dump and
#    pg_restore for `npm run backup` / `npm run restore`), as the unprivileged user `node`. Mesa's DRI drivers
#    and the LLVM they load (about 160 MB, pulled in through SDL) go: ffmpeg's command line never opens a GL
#    context, and nothing links them (they are loaded by libGL only when one is made).
FROM docker.io/library/node:22-bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg postgresql-client ca-certificates \
 && rm -rf /usr/lib/x86_64-linux-gnu/dri /usr/lib/aarch64-linux-gnu/dri \
 && rm -f /usr/lib/*-linux-gnu/libLLVM-15.so* /usr/lib/llvm-15/lib/libLLVM-15.so* /usr/lib/*-linux-gnu/libz3.so* \
 && ffmpeg -hide_banner -version >/dev/null \
 && apt-get clean && rm -rf /var/lib/apt/lists/* /usr/share/doc/* /usr/share/man/* \
 && mkdir -p /data && chown node:node /data
WORKDIR /app
# Only what runs: the server and the contract it shares with the web app (run by tsx), the export, the
# packages above. No tests, benchmarks, screenshots or the web app's sources.
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY --from=build /app/out ./out
COPY package.json package-lock.json tsconfig.json tsconfig.node.json ./
COPY server ./server
COPY contract ./contract
# MALLOC_MMAP_THRESHOLD_ as in package.json's scripts: glibc maps and unmaps blocks of 4 MiB and more (argon2's
# 19 MiB above all) rather than keeping one per libuv thread after a burst of sign-ins.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    FFMPEG_PATH=/usr/bin/ffmpeg \
    SKIP_WEB_BUILD=1 \
    NEXT_TELEMETRY_DISABLED=1 \
    MALLOC_MMAP_THRESHOLD_=4194304
USER node
VOLUME ["/data"]
EXPOSE 3000
# The API: ready (the database answers, the media storage answers, this process's job worker is alive). The
# worker (`node --import tsx server/process/worker.ts`, no port): its job loop ran within 45 s
# (server/process/healthcheck.mjs tells which it is).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "server/process/healthcheck.mjs"]
# Node itself is the container's first process (not npm), so SIGTERM reaches the server, which finishes
# its requests (SHUTDOWN_GRACE_S) and hands its jobs back. The worker alone: `node --import tsx server/process/worker.ts`.
CMD ["node", "--import", "tsx", "server/process/api.ts"]
