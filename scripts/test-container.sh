#!/usr/bin/env bash
# The container image's test (`.ci/run` runs it after the deployment test; not part of `npm test`): builds
# the Dockerfile with podman, then runs the image twice and takes tests/container/journey.ts through it
# each time (sign up, upload, the worker's MP3, download):
#   1. alone, SQLite and the media in a volume (the API runs the jobs);
#   2. PostgreSQL and an S3 server given by the environment (a throw-away cluster and s3rver on this
#      machine), an API container with WEB_CONCURRENCY=2 and RUN_JOBS=false, and a worker container.
# Podman as ../shared/notes/containers.md describes for machines that reach no container registry: the
# base images are made locally (scripts/container-base-images.sh, kept in podman's store between runs),
# rlimits and cgroups are left alone (CONTAINERS_CONF, runc, host network).
#
# Ports: CONTAINER_PORT (3400) and the next one (its metrics), CONTAINER_PG_PORT (55490); the S3 server takes a free one.
#
# `bash scripts/test-container.sh` does it all. `… build` only makes the base images and builds and checks the
# image; `… run` only runs the image built before. `.ci/run` builds while `npm test` runs: the build mostly
# waits on the registries and the disk (from an empty podman store: 370 s, of which npm ci inside the image 128 s
# and its two apt-get steps 80 s), and runs the image after the deployment test.
set -euo pipefail
phase=${1:-all}
case "$phase" in all | build | run) ;; *)
  echo "usage: bash scripts/test-container.sh [build|run]" >&2
  exit 2
  ;;
esac
cd "$(dirname "$0")/.."
started=$(date +%s)
port=${CONTAINER_PORT:-3400}
metrics_port=$((port + 1))
pg_port=${CONTAINER_PG_PORT:-55490}
# Another image name and container prefix let two runs share one machine's podman store.
image=${CONTAINER_IMAGE:-localhost/kopilka:test}
name=${CONTAINER_NAME_PREFIX:-kopilka-test}
say() { printf '%s\n' "▶ $*"; }

need=()
command -v podman >/dev/null 2>&1 || need+=(podman)
command -v runc >/dev/null 2>&1 || [ -x /usr/sbin/runc ] || need+=(runc)
command -v debootstrap >/dev/null 2>&1 || [ -x /usr/sbin/debootstrap ] || need+=(debootstrap)
if [ ${#need[@]} -gt 0 ]; then
  say "installing ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${need[@]}" >/dev/null
fi
export PATH="$PATH:/usr/sbin"

work=$(mktemp -d /var/tmp/kopilka-container.XXXXXX)
chmod 755 "$work"
printf '[containers]\ndefault_ulimits = []\n' >"$work/containers.conf"
export CONTAINERS_CONF="$work/containers.conf"
# The image's HEALTHCHECK needs systemd's timers, which this sandbox lacks: the script waits for ready itself.
run=(podman run -d --runtime runc --network=host --no-healthcheck)

remove_containers() {
  # One at a time: podman stops at the first name it does not know.
  for c in ${name}-sqlite ${name}-api ${name}-worker; do podman rm -f -t 5 "$c" >/dev/null 2>&1 || true; done
  podman volume rm -f ${name}-data >/dev/null 2>&1 || true
}
cleanup() {
  remove_containers
  [ -n "${s3_pid:-}" ] && kill "$s3_pid" 2>/dev/null || true
  PG_PORT=$pg_port PG_DIR="$work/pg" bash scripts/pg-throwaway.sh stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

logs() {
  for c in "$@"; do
    echo "── podman logs $c (last 40 lines)"
    podman logs --tail 40 "$c" 2>&1 || true
  done
}

wait_ready() { # name, url
  local deadline=$((SECONDS + 180))
  until curl -fsS -o /dev/null "$2" 2>/dev/null; do
    if [ $SECONDS -gt $deadline ] || [ "$(podman inspect -f '{{.State.Running}}' "$1" 2>/dev/null)" != true ]; then
      echo "✖ $1 did not become ready at $2"
      logs "$1"
      return 1
    fi
    sleep 1
  done
}

remove_containers # what a run that was killed left
if [ "$phase" != run ]; then
  say "base images"
  bash scripts/container-base-images.sh

  say "podman build (Dockerfile, node:22-bookworm-slim)"
  # The machine's trust store goes to npm as the Dockerfile's npm_ca build secret: it holds the CA of any
  # proxy that re-signs TLS on the way to the registry (and is harmless without one).
  secret=()
  [ -s /etc/ssl/certs/ca-certificates.crt ] && secret=(--secret id=npm_ca,src=/etc/ssl/certs/ca-certificates.crt)
  build_started=$SECONDS
  # --jobs=2: the final stage's apt-get (ffmpeg, 52 s) runs while the deps stage's npm ci does.
  podman build --jobs=2 --format docker --isolation=chroot --network=host --pull=never "${secret[@]}" -t "$image" . >"$work/build.log" 2>&1 || {
    tail -60 "$work/build.log"
    exit 1
  }
  size_mb=$(podman image inspect -f '{{.Size}}' "$image" | awk '{printf "%.0f", $1/1e6}')
  echo "  built in $((SECONDS - build_started)) s: ${size_mb} MB"
  # The fourth release's bound (it was 1.81 GB: the build's packages, the tests and the screenshots came along).
  [ "$size_mb" -le 900 ] || { echo "✖ the image is ${size_mb} MB, more than 900 MB"; exit 1; }
  user=$(podman image inspect -f '{{.Config.User}}' "$image")
  [ "$user" = node ] || { echo "✖ the image runs as '$user', not the unprivileged user node"; exit 1; }
  # What runs carries no test runner, lint or build cache, none of the web build's packages (scripts/prune-runtime.ts)
  # and no tests, benchmarks, screenshots or web sources.
  leftovers=$(podman run --rm --runtime runc --network=host --no-healthcheck --entrypoint sh "$image" -c \
    'cd /app && for p in node_modules/vitest node_modules/eslint node_modules/lighthouse node_modules/jsdom .next \
       node_modules/next node_modules/@next node_modules/typescript node_modules/@ffmpeg-installer node_modules/playwright-core \
       tests bench docs app components; do [ -e "$p" ] && echo "$p"; done; true')
  [ -z "$leftovers" ] || { echo "✖ the image carries what only the build or the tests need: $leftovers"; exit 1; }
  if [ "$phase" = build ]; then
    echo "✔ container image built and checked in $(($(date +%s) - started)) s"
    exit 0
  fi
fi
podman image exists "$image" || { echo "✖ no image $image: run \`bash scripts/test-container.sh build\` first"; exit 1; }

say "1. SQLite and the media in a volume, one container"
# A data folder the image's user cannot write (a bind mount owned by root): one line naming it and the fix.
mkdir -p "$work/root-owned"
refused=$(podman run --rm --runtime runc --network=host --no-healthcheck -v "$work/root-owned:/data" "$image" 2>&1) &&
  { echo "✖ the image started on a data folder it cannot write"; exit 1; }
grep -q 'DATA_DIR /data is not writable by this process (uid 1000, gid 1000; EACCES): make it this user.s, e.g. chown -R 1000:1000' <<<"$refused" ||
  { echo "✖ an unwritable data folder is not named with its fix: $refused"; exit 1; }
echo "  · a root-owned data folder is refused in one line: chown -R 1000:1000"
podman volume create ${name}-data >/dev/null
"${run[@]}" --name ${name}-sqlite -e PORT="$port" -e METRICS_PORT="$metrics_port" \
  -v ${name}-data:/data "$image" >/dev/null
wait_ready ${name}-sqlite "http://127.0.0.1:$port/api/health/ready/"
podman exec ${name}-sqlite node --version | sed 's/^/  · Node.js in the image: /'
podman exec ${name}-sqlite ffmpeg -version | head -1 | sed 's/^/  · /'
podman exec ${name}-sqlite node server/process/healthcheck.mjs || { echo "✖ the API container's healthcheck fails"; exit 1; }
echo "  · the healthcheck passes (ready)"
outbox="$(podman volume inspect -f '{{.Mountpoint}}' ${name}-data)/outbox"
node --import tsx tests/container/journey.ts "http://127.0.0.1:$port" "$outbox" || { logs ${name}-sqlite; exit 1; }
# Read whole first: `curl | grep -q` under pipefail fails when grep stops at its match while curl still writes.
metrics=$(curl -fsS "http://127.0.0.1:$metrics_port/metrics") || { echo "✖ the metrics port does not answer"; exit 1; }
grep -q '^kopilka_job_duration_seconds_count{kind="process-audio",outcome="done"} 1$' <<<"$metrics" ||
  { echo "✖ the metrics port does not show the audio job"; exit 1; }
echo "  · the metrics port shows the job's run"
podman stop -t 10 ${name}-sqlite >/dev/null
podman start ${name}-sqlite >/dev/null
wait_ready ${name}-sqlite "http://127.0.0.1:$port/api/health/ready/"
echo "  · stopped and started again: ready, the volume's data kept ($(podman exec ${name}-sqlite ls /data/media/u | wc -l) user folder)"
podman rm -f -t 5 ${name}-sqlite >/dev/null

say "2. PostgreSQL and S3 from the environment: an API container (2 processes, no jobs) and a worker container"
eval "$(PG_PORT=$pg_port PG_DIR="$work/pg" bash scripts/pg-throwaway.sh start)"
mkdir -p "$work/s3"
: >"$work/s3.log"
# The tests' S3-protocol server (s3rver; its list tokens need OpenSSL's legacy provider), on a free port it prints.
NODE_OPTIONS=--openssl-legacy-provider node --import tsx tests/server/support/s3rver-process.ts "$work/s3" kopilka-media >"$work/s3.log" 2>&1 &
s3_pid=$!
until grep -q 'listening on' "$work/s3.log"; do
  kill -0 "$s3_pid" 2>/dev/null || { cat "$work/s3.log"; exit 1; }
  sleep 0.2
done
s3_port=$(sed -n 's/.*listening on [0-9.]*:\([0-9]*\).*/\1/p' "$work/s3.log")
mkdir -p "$work/api-data" "$work/worker-data"
chown 1000:1000 "$work/api-data" "$work/worker-data"
shared=(
  -e DATABASE_URL="$DATABASE_URL"
  -e SECRET_KEY=container-test-secret-key-0123456789abcdefgh
  -e "MEDIA_STORAGE=s3://kopilka-media/container?endpoint=http://127.0.0.1:$s3_port&path_style=true"
  -e AWS_ACCESS_KEY_ID=S3RVER -e AWS_SECRET_ACCESS_KEY=S3RVER
)
"${run[@]}" --name ${name}-api "${shared[@]}" -e PORT="$port" -e WEB_CONCURRENCY=2 -e RUN_JOBS=false \
  -v "$work/api-data:/data" "$image" >/dev/null
"${run[@]}" --name ${name}-worker "${shared[@]}" -v "$work/worker-data:/data" "$image" \
  node --import tsx server/process/worker.ts >/dev/null
wait_ready ${name}-api "http://127.0.0.1:$port/api/health/ready/"
node --import tsx tests/container/journey.ts "http://127.0.0.1:$port" "$work/api-data/outbox" || { logs ${name}-api ${name}-worker; exit 1; }
podman logs ${name}-worker 2>&1 | grep -q 'worker started' || { logs ${name}-worker; exit 1; }
# The worker's own healthcheck (no port: the file its job loop keeps fresh), and the API's beside it.
podman exec ${name}-worker node server/process/healthcheck.mjs || { echo "✖ the worker container's healthcheck fails"; logs ${name}-worker; exit 1; }
podman exec ${name}-api node server/process/healthcheck.mjs || { echo "✖ the API container's healthcheck fails"; exit 1; }
echo "  · each container's healthcheck passes: the worker's job loop, the API's ready"
echo "  · the worker container made the MP3; the API container ran no jobs"

echo "✔ container test passed in $(($(date +%s) - started)) s"
