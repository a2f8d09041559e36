# syntax=docker/dockerfile:1
# Копилка's image: the API, the web export and the worker in one image, on Node.js 22 and Debian 12.
#   docker build -t kopilka .       (or podman build)
#   Behind a proxy that re-signs TLS with its own CA, hand the CA to npm as a build secret:
#   docker build --secret id=npm_ca,src=/path/to/ca.crt -t kopilka .
#   docker run -p 3000:3000 -v kopilka-data:/data kopilka
# compose.yaml runs it with PostgreSQL, a worker and a volume; see the README's «Container» section.

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

# 3. What runs: Debian's ffmpeg (audio and video processing) and PostgreSQL's client (pg_dump and
#    pg_restore for `npm run backup` / `npm run restore`), as the unprivileged user `node`.
FROM docker.io/library/node:22-bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg postgresql-client ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /data && chown node:node /data
WORKDIR /app
COPY --from=build /app /app
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
# Ready: the database answers, the media storage answers, and this process's job worker is alive.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready/').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node itself is the container's first process (not npm), so SIGTERM reaches the server, which finishes
# its requests and hands its jobs back. The worker alone: `node --import tsx server/process/worker.ts`.
CMD ["node", "--import", "tsx", "server/process/api.ts"]
