# syntax=docker/dockerfile:1
# The shop's image (issue 31): built in one stage, run in another as an unprivileged user, on
# Node 24. Validated step by step on the build machine (docs/OPERATIONS.md); Docker itself is
# not available there.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build

# Only what the server needs at run time: production dependencies, the build, the server's code.
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY src ./src
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# A young generation of 64 MB semi-spaces: fewer collections of a big catalogue's heap (decision 061);
# no pretenuring by allocation site: a request's objects are not born old (decision 062).
CMD ["node", "--max-semi-space-size=64", "--no-allocation-site-pretenuring", "src/server/main.ts"]
