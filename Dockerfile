# The Mawingu release as an image: built with the dev tools, run without them.
#   docker build -t mawingu .
#   docker run --env-file /etc/mawingu/mawingu.env -p 3000:3000 mawingu                    (the server)
#   docker run --env-file /etc/mawingu/mawingu.env mawingu node apps/api/dist/migrate.js   (the migrate step)
# The build and release commands are the ones CI runs in the cluster journey (e2e/cluster/).
ARG NODE_VERSION=24

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /src
# Manifests first: the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
RUN npm ci --no-audit --no-fund
COPY . .
# The SPA and the compiled API, then the release directory without dev tools (scripts/make-release.sh).
RUN npm run build && npm run release -- /release

FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/var/lib/mawingu
WORKDIR /app
COPY --from=build /release /app
# The unprivileged user of the Node image; DATA_DIR is the only place it writes (files, unless
# S3_BUCKET is set; the embedded database, unless DATABASE_URL is set).
RUN mkdir -p /var/lib/mawingu && chown node:node /var/lib/mawingu
USER node
EXPOSE 3000
# Liveness (the process serves); load balancers ask /api/ready.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Plain node as PID 1 receives SIGTERM itself: it drains and hands its jobs back (README, Operations).
STOPSIGNAL SIGTERM
CMD ["node", "apps/api/dist/main.js"]
