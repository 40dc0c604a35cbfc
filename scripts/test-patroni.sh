#!/usr/bin/env bash
# PostgreSQL failing over by itself under Patroni, on demand (docs/operations.md, "PostgreSQL that fails over by
# itself"): installs what is missing of Debian's patroni, etcd-server, etcd-client, postgresql and haproxy, then runs
# tests/integration/patroni_failover.test.mjs with MUSTER_TEST_PATRONI=1 against a muster already built (by
# scripts/dev.sh build, or MUSTER_BIN). About five minutes; each test starts three etcd members, three PostgreSQL
# nodes under Patroni and HAProxy on loopback ports of its own, in a temp folder, and removes them.
#   bash scripts/test-patroni.sh                               every test
#   bash scripts/test-patroni.sh --test-name-pattern frozen    node --test's arguments: here the frozen leader only
# As root (apt-get; Patroni and PostgreSQL then run as the user postgres), or as a user with the packages installed.
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(patroni etcd-server etcd-client postgresql haproxy)
missing=()
for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "installing: ${missing[*]}"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    # Debian may start the etcd service it installs: the tests use processes and ports of their own beside it.
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

export MUSTER_BIN="${MUSTER_BIN:-$PWD/build/muster}"
export MUSTER_WEB="${MUSTER_WEB:-$PWD/web}"
if [ ! -x "$MUSTER_BIN" ]; then
    echo "no muster at $MUSTER_BIN: build it first (bash scripts/dev.sh build) or set MUSTER_BIN" >&2
    exit 1
fi
MUSTER_TEST_PATRONI=1 exec node --test "$@" tests/integration/patroni_failover.test.mjs
