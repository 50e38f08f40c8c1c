# syntax=docker/dockerfile:1
# The web in production: `next build`, then apps/web/server.mjs (next start plus the
# X-Forwarded-For rule: WEB_TRUST_PROXY names nginx). Build from the repository root:
#   docker build -f deploy/web.Dockerfile --build-arg NEXT_PUBLIC_SITE_URL=https://example.com -t llk-web .
# The scale-out test step (scripts/scale-out.mjs) runs this same command with the same variables.

FROM node:20-bookworm-slim AS deps
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund

FROM deps AS build
# inlined into the static pages at build time (apps/web/README.md)
ARG NEXT_PUBLIC_SITE_URL=http://localhost:8080
ARG NEXT_PUBLIC_ICP_FILING=
ARG NEXT_PUBLIC_PSB_FILING=
ENV NEXT_TELEMETRY_DISABLED=1 NEXT_PUBLIC_SITE_URL=$NEXT_PUBLIC_SITE_URL NEXT_PUBLIC_ICP_FILING=$NEXT_PUBLIC_ICP_FILING NEXT_PUBLIC_PSB_FILING=$NEXT_PUBLIC_PSB_FILING
COPY tsconfig.base.json ./
COPY packages/contracts packages/contracts
COPY content content
COPY apps/web apps/web
RUN npm run build -w @llk/web && rm -rf apps/web/.next/cache && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOST=0.0.0.0
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/packages/contracts packages/contracts
COPY --from=build /app/content content
COPY --from=build /app/apps/web apps/web
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/en').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "apps/web/server.mjs"]
