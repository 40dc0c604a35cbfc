#!/usr/bin/env bash
# Replies by e-mail through Debian's real Postfix, on demand (docs/operations.md, "Replies by e-mail"): installs
# Postfix if it is missing, then runs tests/integration/postfix_mail_in.test.mjs with MUSTER_TEST_POSTFIX=1 against a
# muster already built (by scripts/dev.sh build, or MUSTER_BIN). The test starts a Postfix instance of its own on a
# loopback port, in a temp folder, whose pipe transport runs `muster mail-in`, and removes it; the system's Postfix
# is neither configured nor started.
#   bash scripts/test-postfix.sh                                every test
#   bash scripts/test-postfix.sh --test-name-pattern deferred   node --test's arguments
# As root: Postfix's master and its pipe (run as nobody) need it.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$(id -u)" -ne 0 ]; then
    echo "run as root: the test starts a Postfix instance of its own" >&2
    exit 1
fi
if ! dpkg-query -W -f='${Status}' postfix 2>/dev/null | grep -q "install ok installed"; then
    echo "installing: postfix"
    apt-get update -qq
    # "No configuration": no /etc/postfix/main.cf, no questions, and so no system instance to start.
    echo "postfix postfix/main_mailer_type select No configuration" | debconf-set-selections
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postfix
    # Should the package have started the system's instance all the same, it is not ours to leave running.
    if [ -f /etc/postfix/main.cf ] && postfix status >/dev/null 2>&1; then postfix stop || true; fi
fi

export MUSTER_BIN="${MUSTER_BIN:-$PWD/build/muster}"
export MUSTER_WEB="${MUSTER_WEB:-$PWD/web}"
if [ ! -x "$MUSTER_BIN" ]; then
    echo "no muster at $MUSTER_BIN: build it first (bash scripts/dev.sh build) or set MUSTER_BIN" >&2
    exit 1
fi
MUSTER_TEST_POSTFIX=1 exec node --test "$@" tests/integration/postfix_mail_in.test.mjs
