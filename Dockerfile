# syntax=docker/dockerfile:1
#
# Container images of the payment platform: one multi-stage build, one final target per
# app (gateway, checkout, payments-v3, orders-v4, ledger, payouts, disputes,
# webhook-dispatcher, status, panel, console) plus `migrate` (provisions each service's role and
# schema and applies the TypeORM migrations; run it once before the apps, as a job).
#
# Local stack (Kafka, Postgres, Redis, migrations, all ten apps):
#   docker compose up --build
# One image:
#   docker build --target gateway -t card-platform/gateway .
#   docker run --rm -p 8080:8080 -e DATABASE_URL=... -e KAFKA_BROKERS=... \
#     -e ADMIN_TOKEN=... -e MASTER_KEY=... card-platform/gateway
#
# The images run with NODE_ENV=production: the gateway then refuses to start without
# ADMIN_TOKEN and MASTER_KEY (base64 of 32 bytes), the panel without PANEL_KEY,
# MAIL_SMTP_URL, TRUSTED_PROXIES and an https PANEL_PUBLIC_URL. Needs BuildKit (the
# default builder of current Docker) for the npm cache mount.

ARG NODE_IMAGE=node:22-bookworm-slim

# ---- deps: every dependency (dev included) exactly as locked ---------------------------
# Uses the npm bundled with the image (10.x). package-lock.json lists the native optional
# packages (@swc/core-*, ...) for Linux x64/arm64 only: npm 10 accepts that, npm 11
# refuses it as "not in sync", so do not upgrade npm here before regenerating the lock.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm \
    npm ci --no-audit --no-fund

# ---- build: SWC compiles apps, libs and tools into dist/, then drop dev dependencies --
FROM deps AS build
COPY .swcrc tsconfig.json ./
COPY tools ./tools
COPY libs ./libs
COPY apps ./apps
# Request, webhook and return-address signing live in the SDK (libs/signing re-exports them).
COPY packages/sdk/src ./packages/sdk/src
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund

# ---- runtime: what every app image shares -------------------------------------------
FROM ${NODE_IMAGE} AS runtime
# NODE_OPTIONS: serviceNodeOptions of libs/contracts/src/apps.ts, per target below where it differs (a test keeps them the same).
ENV NODE_ENV=production \
    HTTP_HOST=0.0.0.0 \
    NODE_OPTIONS=--max-semi-space-size=8
WORKDIR /app
# Owned by root and only readable by the `node` user that runs the process.
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
USER node
# Used by `docker run` / Compose only (Kubernetes has its own probes on /healthz, /readyz).
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=5 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"]

# ---- one target per app --------------------------------------------------------------
FROM runtime AS gateway
ENV PORT=8080 \
    NODE_OPTIONS=--max-semi-space-size=32
EXPOSE 8080
CMD ["node", "dist/apps/gateway/src/main.js"]

FROM runtime AS checkout
ENV PORT=8081
EXPOSE 8081
CMD ["node", "dist/apps/checkout/src/main.js"]

FROM runtime AS payments-v3
ENV PORT=8082 \
    NODE_OPTIONS=--max-semi-space-size=32
EXPOSE 8082
CMD ["node", "dist/apps/payments-v3/src/main.js"]

FROM runtime AS orders-v4
ENV PORT=8083 \
    NODE_OPTIONS=--max-semi-space-size=32
EXPOSE 8083
CMD ["node", "dist/apps/orders-v4/src/main.js"]

FROM runtime AS ledger
ENV PORT=8084 \
    NODE_OPTIONS=--max-semi-space-size=32
EXPOSE 8084
CMD ["node", "dist/apps/ledger/src/main.js"]

FROM runtime AS payouts
ENV PORT=8085
EXPOSE 8085
CMD ["node", "dist/apps/payouts/src/main.js"]

FROM runtime AS disputes
ENV PORT=8086
EXPOSE 8086
CMD ["node", "dist/apps/disputes/src/main.js"]

FROM runtime AS webhook-dispatcher
ENV PORT=8087
EXPOSE 8087
CMD ["node", "dist/apps/webhook-dispatcher/src/main.js"]

FROM runtime AS status
ENV PORT=8088
EXPOSE 8088
CMD ["node", "dist/apps/status/src/main.js"]

FROM runtime AS panel
ENV PORT=8089
EXPOSE 8089
CMD ["node", "dist/apps/panel/src/main.js"]

# The operator console; its first admin: `node dist/apps/console/src/create-admin.js --email …`.
FROM runtime AS console
ENV PORT=8090
EXPOSE 8090
CMD ["node", "dist/apps/console/src/main.js"]

# Runs every service's migrations in turn (`node dist/tools/migrate.js [app ...]` for a
# subset) with DATABASE_URL, a Postgres superuser URL; exits when done.
FROM runtime AS migrate
HEALTHCHECK NONE
CMD ["node", "dist/tools/migrate.js"]
