# syntax=docker/dockerfile:1
# The API in production: compiled JavaScript (npm run build -w @llk/api → apps/api/dist/server.mjs
# and cli.mjs; npm packages stay external, loaded from node_modules), with NODE_ENV=production.
# Build from the repository root:
#   docker build -f deploy/api.Dockerfile -t llk-api .
# The scale-out test step (scripts/scale-out.mjs) runs this same command with the same variables.

FROM node:20-bookworm-slim AS deps
WORKDIR /app
# better-sqlite3 compiles from source when no prebuilt binary can be fetched
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY tsconfig.base.json ./
COPY packages/contracts packages/contracts
COPY apps/api apps/api
RUN npm run build -w @llk/api && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production API_PORT=4000 API_HOST=0.0.0.0
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/packages/contracts packages/contracts
COPY --from=build /app/apps/api/package.json apps/api/
COPY --from=build /app/apps/api/dist apps/api/dist
# seed data and the guide (indexed for search), loaded under the migration lock on start
COPY content content
# the payment sandbox's keys, when the sandbox is on: a volume shared by every API instance
RUN mkdir -p /var/lib/llk/payment-sandbox && chown -R node:node /var/lib/llk
USER node
EXPOSE 4000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.API_PORT+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "apps/api/dist/server.mjs"]
