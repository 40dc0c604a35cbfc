#!/usr/bin/env bash
# Muster's one entry point for people and CI, on Debian 12 as root (or with sudo):
#   bash scripts/dev.sh run    install what is missing, build, run on http://127.0.0.1:8080 (data in ./data)
#   bash scripts/dev.sh test   install what is missing, build, run every test (unit, integration, browser), then the
#                              rules' unit tests and fuzz corpora under ASan and UBSan
#   bash scripts/dev.sh deps | build
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(build-essential cmake ccache pkg-config libboost-dev libsqlite3-dev nlohmann-json3-dev libjemalloc-dev
              libssl-dev libcurl4-openssl-dev libhowardhinnant-date-dev tzdata catch2 chromium openssl
              python3-aiosmtpd python3-fusepy libpq-dev postgresql slowhttptest haproxy libgmime-3.0-dev)

deps() {
    local missing=()
    for p in "${APT_PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    command -v node >/dev/null || missing+=(nodejs)
    command -v npm >/dev/null || missing+=(npm)
    if [ ${#missing[@]} -gt 0 ]; then
        echo "installing: ${missing[*]}"
        local sudo=""
        [ "$(id -u)" -eq 0 ] || sudo="sudo"
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
    fi
    # esbuild to bundle the web client (scripts/build-web.mjs); playwright-core, ws and axe-core for the tests; never a
    # downloaded browser (Debian's chromium is used).
    if [ ! -d node_modules/esbuild ] || [ ! -d node_modules/playwright-core ] || [ ! -d node_modules/ws ] \
        || [ ! -d node_modules/axe-core ]; then
        PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
    fi
}

build() {
    cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
    cmake --build build -j"$(nproc)" "$@"
}

case "${1:-}" in
    deps) deps ;;
    build) deps; build ;;
    run)
        deps
        build --target muster web
        mkdir -p data
        exec build/muster --listen "${MUSTER_LISTEN:-127.0.0.1:8080}" --db "${MUSTER_DB:-data/muster.db}"
        ;;
    test)
        deps
        build
        # The rules engine's unit tests (random battles of every book, the whole-campaign play, snapshot round trips)
        # and the fuzz corpora again under ASan and UBSan, in build-asan/ (docs/reliability.md): built and run beside
        # the plain suite at the lowest priority, on the CPU its servers and browsers leave idle; their output is
        # printed after it. MUSTER_SANITIZE=0 leaves them out, for a quick local run.
        sanitize="${MUSTER_SANITIZE:-1}"
        if [ "$sanitize" != 0 ]; then
            # In a process group of its own, so that a failed suite stops the whole of it (its build too).
            setsid nice -n 19 bash scripts/sanitize.sh --rules > build/sanitized.log 2>&1 &
            sanitized=$!
            trap 'kill -- "-$sanitized" 2>/dev/null || true' EXIT
        fi
        # Two test files at a time (MUSTER_TEST_JOBS=n for n): the test servers hash passwords at a low scrypt
        # cost (tests/integration/lib/server.mjs), so files side by side do not slow each other's logins.
        ctest --test-dir build --output-on-failure -j"${MUSTER_TEST_JOBS:-2}"
        if [ "$sanitize" != 0 ]; then
            echo "the rules under ASan and UBSan (build/sanitized.log):"
            status=0
            wait "$sanitized" || status=$?
            trap - EXIT
            grep -v '^\[ *[0-9]*%\]' build/sanitized.log
            exit "$status"
        fi
        ;;
    *)
        echo "usage: bash scripts/dev.sh run|test|build|deps" >&2
        exit 2
        ;;
esac
