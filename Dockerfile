# Jotter in one container: `docker build -t jotter .` (or podman), then
# `docker run -d -p 4000:4000 -v jotter-data:/data jotter`. docs/operations.md, "Container".

# Build: every dependency (dev ones too), the GraphQL types, the client and the server bundle.
# No install scripts: nothing here runs a native add-on (the bundle leaves them external).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY server/package.json server/
COPY client/package.json client/
RUN npm install --ignore-scripts --no-audit --no-fund
COPY codegen.yml schema.graphql tsconfig.json ./
COPY server server
COPY client client
RUN npm run build && rm server/dist/*.map

# Production dependencies of the server only, with its native add-ons (better-sqlite3, argon2)
# compiled here, on the same base as the run stage. nodedir: node-gyp compiles against this
# image's own Node headers (/usr/local/include/node) instead of downloading them.
FROM node:20-bookworm-slim AS deps
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV npm_config_nodedir=/usr/local
COPY package.json package-lock.json ./
COPY server/package.json server/
COPY client/package.json client/
RUN npm install --omit=dev --workspace=server --ignore-scripts --no-audit --no-fund \
  && npm rebuild better-sqlite3 argon2 \
  && mkdir -p server/node_modules \
  && cd node_modules/better-sqlite3 \
  && mv build/Release/better_sqlite3.node . \
  && rm -rf build deps src ../@jotter \
  && mkdir -p build/Release \
  && mv better_sqlite3.node build/Release/ \
  && cd /app \
  && find node_modules server/node_modules -name '*.map' -delete

# Run: Node, the production dependencies, the server bundle and the built client; no compilers,
# no dev dependencies, no source maps of the server.
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
  PORT=4000 \
  DATA_DIR=/data \
  DATABASE_URL=file:/data/jotter.db
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY --from=deps /app/server/node_modules server/node_modules
COPY --from=build /app/package.json /app/schema.graphql ./
COPY --from=build /app/server/package.json server/
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/client/dist client/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 4000
# Slim images have no curl: Node's fetch asks /healthz (200 when a write would succeed now).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server stops gracefully on SIGTERM by itself; `docker run --init` works as well.
CMD ["node", "server/dist/index.js"]
