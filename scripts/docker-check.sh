#!/usr/bin/env bash
# Checks the deployment image where Docker is present (docs/operations.md, "Docker"): docker/Dockerfile builds; the
# container starts as a non-root user and answers /healthz; an account made in it is still there after the
# container is removed and a new one started on the same volume; the image's health check passes.
#   bash scripts/docker-check.sh          (from a checkout; needs a running Docker daemon and Debian's image)
# Without a Docker daemon it says so and exits 0: CI machines without Docker skip it.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v docker >/dev/null || ! docker info >/dev/null 2>&1; then
    echo "docker-check: skipped, no Docker daemon here"
    exit 0
fi
command -v curl >/dev/null || { echo "docker-check: needs curl" >&2; exit 2; }

TAG="muster:check-$$"
VOLUME="muster-check-$$"
PORT="${MUSTER_CHECK_PORT:-18080}"
CONTAINER=""
cleanup() {
    [ -n "$CONTAINER" ] && docker rm -f "$CONTAINER" >/dev/null 2>&1 || true
    docker volume rm -f "$VOLUME" >/dev/null 2>&1 || true
    docker image rm -f "$TAG" >/dev/null 2>&1 || true
}
trap cleanup EXIT

fail() { echo "docker-check: FAILED: $*" >&2; [ -n "$CONTAINER" ] && docker logs "$CONTAINER" >&2 || true; exit 1; }

start() {
    CONTAINER=$(docker run -d -p "127.0.0.1:${PORT}:8080" -v "${VOLUME}:/var/lib/muster" "$TAG")
    for _ in $(seq 1 60); do
        if [ "$(curl -fsS "http://127.0.0.1:${PORT}/healthz" 2>/dev/null || true)" = "ok" ]; then return 0; fi
        sleep 1
    done
    fail "no answer from /healthz within 60 s"
}

api() {  # api METHOD PATH JSON: prints the HTTP status, then the body
    curl -sS -o /tmp/docker-check-body.$$ -w '%{http_code}' -X "$1" -H 'Content-Type: application/json' \
        --data "$3" "http://127.0.0.1:${PORT}$2"
}

echo "docker-check: building the image"
docker build -q -f docker/Dockerfile -t "$TAG" . >/dev/null
docker volume create "$VOLUME" >/dev/null

echo "docker-check: starting it"
start
[ "$(docker exec "$CONTAINER" id -u)" != "0" ] || fail "the server runs as root"

USER_NAME="check_$$"
PASSWORD="a long enough password"
status=$(api POST /api/register "{\"username\":\"$USER_NAME\",\"password\":\"$PASSWORD\"}")
[ "$status" = "201" ] || fail "register answered $status: $(cat /tmp/docker-check-body.$$)"

echo "docker-check: a new container on the same volume"
docker rm -f "$CONTAINER" >/dev/null
CONTAINER=""
start
status=$(api POST /api/login "{\"username\":\"$USER_NAME\",\"password\":\"$PASSWORD\"}")
[ "$status" = "200" ] || fail "the account did not survive the restart: login answered $status"

for _ in $(seq 1 60); do
    health=$(docker inspect -f '{{.State.Health.Status}}' "$CONTAINER")
    [ "$health" = "healthy" ] && break
    [ "$health" = "unhealthy" ] && fail "the image's health check failed"
    sleep 2
done
[ "$health" = "healthy" ] || fail "the health check did not pass within 2 minutes (last: $health)"
rm -f /tmp/docker-check-body.$$
echo "docker-check: ok (image builds, runs as a user, answers /healthz, keeps its data on the volume, healthy)"
