# syntax=docker/dockerfile:1
# One image for every Modelgate process; the argument picks the service:
#   docker run IMAGE                                   all-in-one (npm start's embedded stack)
#   docker run IMAGE services/relay/dist/main.js       one service (edge, relay, identity, billing, task)
#   docker run IMAGE operator/dist/main.js             the Channel operator
#   docker run IMAGE packages/db/dist/cli/migrate.js up
# Build: docker build -t modelgate:0.1.0 .

ARG NODE_IMAGE=node:20-bookworm-slim

# Only the package manifests, in their places: the dependency layers below are rebuilt only when
# a manifest or the lock file changes, not on every source edit.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir /manifests \
 && cp package.json package-lock.json /manifests/ \
 && find . -name package.json -not -path '*/node_modules/*' -not -path './package.json' \
      -exec cp --parents {} /manifests/ \;

# Compile the libraries (packages/), the services and the operator, and build the console edge serves.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY --from=manifests /manifests/ ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json tsconfig.json ./
COPY proto ./proto
COPY packages ./packages
COPY services ./services
COPY operator ./operator
COPY console ./console
RUN npx tsc -b services/embedded operator \
 && npm run build -w @modelgate/console \
 && mkdir /out \
 && find packages services operator console -type d -name dist -not -path '*/node_modules/*' -prune \
      -exec cp -r --parents {} /out/ \; \
 && find /out -name '*.tsbuildinfo' -delete

# Production dependencies only.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY --from=manifests /manifests/ ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    MODELGATE_DATA_DIR=/app/data
WORKDIR /app
COPY --from=deps /app ./
COPY --from=build /out/ ./
COPY proto ./proto
# The embedded stack keeps its database in /app/data (mount a volume there); the split services
# write nothing and run with a read-only root filesystem.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000 3001 50051 50052 50053 50054 8080
ENTRYPOINT ["node"]
CMD ["services/embedded/dist/main.js"]
