# syntax=docker/dockerfile:1
# Media Curation API image.
# Build from the repository root:  docker build -f docker/curation-api.Dockerfile -t curation-api .

ARG NODE_IMAGE=node:22.23-bookworm-slim

# --- build: the whole workspace, then Nx bundles this one service -------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /workspace
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY nx.json tsconfig.base.json jest.preset.cjs eslint.config.mjs ./
COPY tools/webpack ./tools/webpack
COPY apps ./apps
COPY libs ./libs
RUN NX_DAEMON=false NX_NO_CLOUD=true npx nx build curation-api --output-style=static

# --- runtime: the bundle (main.js and the web app in web/) plus its production dependencies --
# tools/images/verify-image.mjs reproduces this stage step by step without a container engine
# (docs/decisions/056); it refuses any instruction it does not know how to reproduce.
FROM ${NODE_IMAGE} AS runtime
# tini reaps child processes and forwards signals, so SIGTERM drains the service.
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8081 \
    DATABASE_DATA_DIR=/data
WORKDIR /app
COPY --from=build /workspace/dist/apps/curation-api/package.json /workspace/dist/apps/curation-api/package-lock.json ./
# --ignore-scripts: no production dependency needs an install script (the one that has one,
# @scarf/scarf under swagger-ui-dist, only sends telemetry), and npm 10 in the image and npm 11
# elsewhere then install the same tree.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /workspace/dist/apps/curation-api/ ./
RUN mkdir -p /data && chown 1000:1000 /data
# The base image's `node` user, by number, so that Kubernetes' runAsNonRoot can tell it is not root.
USER 1000:1000
VOLUME /data
EXPOSE 8081
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["tini", "--", "node", "--enable-source-maps", "main.js"]
# "migrate" instead applies pending migrations and exits (for a Kubernetes Job).
CMD ["serve"]
