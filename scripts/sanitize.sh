#!/usr/bin/env bash
# The suite under AddressSanitizer and UndefinedBehaviorSanitizer, on demand (docs/reliability.md, "The suite under
# ASan and UBSan"): builds everything with gcc and -DMUSTER_SANITIZE=ON in build-asan/, then runs the CTest tests
# there: the unit tests, the fuzz corpora's replays and the integration tests, whose servers are build-asan/muster
# (MUSTER_BIN). Any report fails its test: ASan and UBSan stop the process, LeakSanitizer makes its exit code
# non-zero, and tests/integration/lib/server.mjs fails a test whose server printed one.
#   bash scripts/sanitize.sh                 unit, fuzz and integration (the browser tests, label web, left out)
#   bash scripts/sanitize.sh -L 'unit|fuzz'  the part CI runs; any other ctest arguments, e.g. -R floods
#   MUSTER_SANITIZE_WEB=1 bash scripts/sanitize.sh   the browser tests too
set -euo pipefail
cd "$(dirname "$0")/.."

cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMUSTER_SANITIZE=ON >/dev/null
cmake --build build-asan -j"$(nproc)"

# halt_on_error: the first report ends the process (UBSan's are fatal already, -fno-sanitize-recover); exitcode is
# LeakSanitizer's too. detect_stack_use_after_return stays off: it doubles the stacks of the io_context's threads.
export ASAN_OPTIONS="halt_on_error=1:detect_leaks=1:print_stacktrace=1:strict_string_checks=1:check_initialization_order=1:detect_invalid_pointer_pairs=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"

ARGS=("$@")
if [ ${#ARGS[@]} -eq 0 ]; then
    # The browser tests drive Chromium against the slowed server; they find nothing the integration tests do not
    # reach in the server and take the longest, so they run only when asked.
    [ "${MUSTER_SANITIZE_WEB:-0}" = 1 ] || ARGS=(-LE web)
fi
ctest --test-dir build-asan --output-on-failure -j"${MUSTER_TEST_JOBS:-2}" ${ARGS[@]+"${ARGS[@]}"}
