# transync image: the CLI with git, as a non-root user of any uid. For CI jobs (validate/plan/apply on
# a mounted checkout, run with --user "$(id -u):$(id -g)") and the watch mode (`transync reconcile
# --repo URL`). See docs/gitops.md and docs/kubernetes.md.

# --- build: the bundle from the sources (npm run bundle: one file, every dependency inlined) ---
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY scripts/bundle.mjs ./scripts/
COPY schemas ./schemas
# `transync init --ci` copies these (package.json "files" ships them too).
COPY examples/ci ./examples/ci
COPY src ./src
RUN npm run bundle

# --- runtime ---
FROM node:22-bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends git openssh-client ca-certificates tini \
 && rm -rf /var/lib/apt/lists/* \
 # A mounted checkout belongs to another uid; git would refuse it as "dubious ownership".
 && git config --system --add safe.directory '*'
# The image runs under any uid: a CI checkout belongs to the runner's user (uid 1001 on GitHub-hosted
# runners), so jobs pass `--user "$(id -u):$(id -g)"` and write plan.json as that user. Nothing
# needs an owner: HOME and the cache are world-writable with the sticky bit (as /tmp is), and the
# app files stay root-owned and read-only.
ENV NODE_ENV=production \
    HOME=/home/transync \
    TRANSYNC_CACHE_DIR=/home/transync/.cache/transync
WORKDIR /app
COPY --from=build --chown=root:root /app/package.json ./
# The bundle needs no node_modules: the image holds what the npm package holds.
COPY --from=build --chown=root:root /app/dist/bundle ./dist/bundle
COPY --from=build --chown=root:root /app/schemas ./schemas
COPY --from=build --chown=root:root /app/examples/ci ./examples/ci
RUN ln -s /app/dist/bundle/transync.mjs /usr/local/bin/transync && chmod +x /app/dist/bundle/transync.mjs \
 && mkdir -p /home/transync/.cache/transync \
 && chmod 1777 /home/transync /home/transync/.cache /home/transync/.cache/transync
# Without --user: the image's `node` user (uid 1000), never root.
USER node
WORKDIR /work
# tini forwards SIGTERM so `reconcile` shuts down gracefully between actions.
ENTRYPOINT ["/usr/bin/tini", "--", "transync"]
CMD ["--help"]
