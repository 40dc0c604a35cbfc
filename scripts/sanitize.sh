#!/usr/bin/env bash
# The whole suite under AddressSanitizer and UndefinedBehaviorSanitizer, on demand (docs/reliability.md, "The suite
# under ASan and UBSan"): builds everything with gcc and -DMUSTER_SANITIZE=ON in build-asan/, then runs every CTest
# test there: unit, fuzz corpora replays, integration and browser tests, whose servers are build-asan/muster
# (MUSTER_BIN). Any report fails its test: ASan and UBSan end the process, LeakSanitizer's exit code is not 0, and
# tests/integration/lib/server.mjs fails a test file whose server printed a report.
#   bash scripts/sanitize.sh                  everything (about 30 minutes from a clean build-asan/ on two cores)
#   bash scripts/sanitize.sh --rules          the rules engine's unit tests and the fuzz corpora only, as CI does
#   bash scripts/sanitize.sh --thread ...     ThreadSanitizer over the server's tests instead (below)
#   bash scripts/sanitize.sh -E '^unit$' -LE web   ctest's arguments instead: here without the unit tests
#                                                 (14 of the 19 minutes of tests) and the browser tests
# MUSTER_SANITIZE_TARGETS="muster fuzz_replay_decide ..." builds only those targets (their dependencies too): for
# runs that need no more, as CI's (scripts/dev.sh test). A test whose program is not built fails, or runs an older
# build of it left in build-asan/.
set -euo pipefail
cd "$(dirname "$0")/.."

read -r -a targets <<< "${MUSTER_SANITIZE_TARGETS:-}"
# --thread: ThreadSanitizer instead, in build-tsan/ (docs/reliability.md, "Data races"), the server's tests only (the
# rules engine has no threads): every test server runs with MUSTER_TEST_THREADS network threads (4 when not set), and
# a race reported by any of them fails its test file (tests/integration/lib/server.mjs).
#   bash scripts/sanitize.sh --thread -L integration          the integration suite, SQLite
#   MUSTER_TEST_THREADS=8 bash scripts/sanitize.sh --thread -R 'integration/(random_play|hostile)'
if [ "${1:-}" = "--thread" ]; then
    shift
    cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMUSTER_TSAN=ON >/dev/null
    cmake --build build-tsan -j"$(nproc)" --target "${MUSTER_SANITIZE_TARGETS:-muster}"
    # The first race ends the process with its two stacks; suppressions only for a library's own false reports,
    # each with its reason (scripts/tsan.supp).
    export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:history_size=4:suppressions=$PWD/scripts/tsan.supp${TSAN_OPTIONS:+:$TSAN_OPTIONS}"
    export MUSTER_TEST_THREADS="${MUSTER_TEST_THREADS:-4}"
    # GLib's slice allocator (GMime's objects, server/mail/message.cpp) hands memory from one thread's magazine to
    # another's with locks TSan cannot see: plain malloc instead, which it follows (scripts/tsan.supp).
    export G_SLICE=always-malloc
    exec ctest --test-dir build-tsan --output-on-failure -j"${MUSTER_TEST_JOBS:-2}" "$@"
fi
# --rules: the rules engine's unit tests (muster_rules_tests: no server) and the fuzz corpora replayed through the
# sanitized decoders, as CI runs them (scripts/dev.sh test).
if [ "${1:-}" = "--rules" ]; then
    shift
    targets=(muster_rules_tests fuzz_replay_decide fuzz_replay_frames fuzz_replay_http fuzz_replay_mime)
    set -- -R '^(rules|rules-property-.*|fuzz_replay_.*)$' "$@"
fi
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMUSTER_SANITIZE=ON >/dev/null
cmake --build build-asan -j"$(nproc)" ${targets[@]+--target "${targets[@]}"}

# The first report ends the process (UBSan's are fatal already: -fno-sanitize-recover), with a stack; leaks are looked
# for at every exit. Options given in the environment come after these, so they win (e.g. log_path=...).
export ASAN_OPTIONS="halt_on_error=1:detect_leaks=1:print_stacktrace=1:strict_string_checks=1:check_initialization_order=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"

ctest --test-dir build-asan --output-on-failure -j"${MUSTER_TEST_JOBS:-2}" "$@"
