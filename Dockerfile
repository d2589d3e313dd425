# syntax=docker/dockerfile:1
# The Drop portal: one image runs the API and serves the built SPA (docs/deploy.md).
#
#   docker build -t drop-portal .
#   docker run -p 3000:3000 -v drop-data:/data drop-portal        # PGlite in /data, demo catalogue
#
# Production runs it on PostgreSQL + Redis behind nginx: compose.yaml.

ARG NODE_VERSION=24.21.0

# ---- build: every dependency, then the SPA (apps/web/dist) ----
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
ENV npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
RUN npm ci
COPY tsconfig.base.json ./
COPY packages/shared packages/shared
COPY apps/web apps/web
RUN npm run build -w apps/web

# ---- runtime dependencies: only what the API imports at run time ----
# The API runs its TypeScript through tsx (a runtime dependency of apps/api); no compile step.
# Only the api and shared workspaces: no vite, react or the pinned `node` devDependency (the
# base image already is that Node).
FROM node:${NODE_VERSION}-bookworm-slim AS runtime-deps
WORKDIR /app
ENV npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
RUN npm ci --omit=dev --workspace apps/api --workspace packages/shared && npm cache clean --force

# ---- runtime ----
FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# Code and dependencies belong to root and are read-only to the process; it writes only DATA_DIR
# (and tsx's compile cache in /tmp).
COPY --from=runtime-deps /app ./
COPY tsconfig.base.json ./
COPY packages/shared packages/shared
COPY apps/api apps/api
COPY --from=build /app/apps/web/dist apps/web/dist
# DATA_DIR: uploads (receipts, order documents), catalogue pictures (storage/), 1C exchange files
# and published feeds (feeds/); PGlite's files too when DATABASE_URL is unset. Several API
# containers must share this one volume (docs/deploy.md, "Several API processes").
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# GET /api/v1/health answers 200 when the database answers (503 otherwise). No curl in the slim
# image: Node's fetch does it.
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/v1/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# One process, no npm or tsx CLI wrapper in between: SIGTERM from `docker stop` reaches the
# server, which closes gracefully (in-flight requests, jobs) within 10 s.
CMD ["node", "--import", "tsx", "apps/api/src/server.ts"]
