#!/bin/sh
# bench/lighthouse/run.sh [--web DIR] [--runs N] [--out DIR] [--only REGEX]: installs this folder's pinned
# Lighthouse (npm ci) when it is missing, then runs run.mjs with the options given (see its header).
set -e
here=$(cd "$(dirname "$0")" && pwd)
[ -d "$here/node_modules/lighthouse" ] || npm ci --prefix "$here" --no-audit --no-fund
[ -d "$here/../../node_modules/ws" ] || { echo "the repository's own modules are missing: run npm ci at its root" >&2; exit 1; }
exec node "$here/run.mjs" "$@"
