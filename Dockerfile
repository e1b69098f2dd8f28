# syntax=docker/dockerfile:1
# The service's image: `docker build -t hotel-affiliate .` at the repository root (docs/deploy.md).
# The build stage installs everything, compiles better-sqlite3 and builds dist/; the runtime stage
# holds only what the production start reads. test/production-start.test.ts reads this file's
# runtime COPY lines and starts the service from a tree made the same way, so keep them plain
# (`COPY --from=build /app/PATH PATH`, one path each).

# Both stages on one base: better-sqlite3's native module is compiled against the build stage's
# Node and C library and must run on the same.
ARG NODE_IMAGE=node:26-bookworm-slim

FROM ${NODE_IMAGE} AS build
# For node-gyp, when better-sqlite3 has no prebuilt binary for this Node (or cannot fetch one).
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# Dependencies first, from the lock alone, so that a change of the sources reuses this layer and
# better-sqlite3 is not compiled again. Scripts wait: `prepare` builds from sources not yet here.
COPY package.json package-lock.json ./
COPY clients/typescript/package.json clients/typescript/
RUN --mount=type=cache,target=/root/.npm \
    npm ci --ignore-scripts --no-audit --no-fund \
 && npm rebuild better-sqlite3
COPY . .
# What `npm ci` runs as `prepare`: dist/, the widget, the client, the generated docs. Then the
# devDependencies go (typescript, vitest, tsx, esbuild ...); the runtime stage copies the rest.
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
# What the production start and the CLI read, and nothing else: package.json ("type": "module",
# the start script's Node flags), the lock (part of the saved indexes' code fingerprint), the
# compiled service, widget and console, the CLI's launcher, the bundled place data (read from the source
# tree, which the build does not copy) and the production node_modules (swagger-ui-dist, the
# gazetteer's data packages, better-sqlite3's compiled module). Owned by root: the service
# cannot change its own code.
COPY --from=build /app/package.json package.json
COPY --from=build /app/package-lock.json package-lock.json
COPY --from=build /app/dist/src dist/src
COPY --from=build /app/dist/widget dist/widget
COPY --from=build /app/dist/console dist/console
COPY --from=build /app/bin bin
COPY --from=build /app/src/places/data src/places/data
COPY --from=build /app/node_modules node_modules
# `hotel-affiliate import FILE` and `hotel-affiliate keys ...` on the PATH, as in a checkout's npx;
# the data directory owned by the user the service runs as, so a new volume starts writable.
RUN ln -s /app/bin/hotel-affiliate.js /usr/local/bin/hotel-affiliate \
 && install -d -o node -g node /data
# The official image's `node` user, by number: Kubernetes' runAsNonRoot can only check a number.
USER 1000:1000
# The SQLite database, saved indexes and gazetteer: kept across restarts of the container.
VOLUME ["/data"]
EXPOSE 8080
# Liveness, without curl (the slim image has none): Node's own fetch. The first start builds the
# catalog index before it listens (about 20 s for the demo catalog, minutes for a first start at
# 1M hotels without saved indexes), so failures in the start period do not count; checks run
# every 2 s within it so that `depends_on: service_healthy` is met soon after the start.
HEALTHCHECK --interval=30s --timeout=5s --start-period=300s --start-interval=2s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# package.json's start script, word for word, in exec form: node is PID 1 and receives SIGTERM
# itself (no npm or shell in between), drains and exits 0. The test checks they stay equal.
CMD ["node", "--max-old-space-size=1024", "--max-semi-space-size=16", "dist/src/main.js"]
