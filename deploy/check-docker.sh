#!/bin/sh
# Builds the container image and checks that it answers: the web app at / and the health check at
# /healthz (database reached). Run from the repository root on a machine with a Docker daemon that
# can pull node:20-bookworm-slim and reach the npm registry:  sh deploy/check-docker.sh
# It uses SQLite inside the container (no DATABASE_URL) and removes what it started.
set -eu
IMAGE=${IMAGE:-canopy:check}
NAME=canopy-check-$$
PORT=${PORT:-3900}

docker build -f deploy/Dockerfile -t "$IMAGE" .
docker run -d --name "$NAME" -p "127.0.0.1:$PORT:3000" "$IMAGE"
trap 'docker rm -f "$NAME" >/dev/null 2>&1 || true' EXIT

# Up to two minutes for migrations and start-up.
i=0
until curl -fsS "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1; do
  i=$((i + 1))
  if [ "$i" -gt 120 ]; then
    docker logs "$NAME"
    echo "FAIL: /healthz did not answer" >&2
    exit 1
  fi
  sleep 1
done
curl -fsS "http://127.0.0.1:$PORT/healthz"; echo
curl -fsS "http://127.0.0.1:$PORT/" | grep -q '<div id="root">' || { echo "FAIL: / is not the web app" >&2; exit 1; }
curl -fsS "http://127.0.0.1:$PORT/v1/system/info" >/dev/null || { echo "FAIL: the API does not answer" >&2; exit 1; }
docker inspect --format '{{.State.Health.Status}}' "$NAME"
echo "OK: $IMAGE answers the web app, /healthz and the API"
