#!/usr/bin/env bash
# Fuzzing on demand (docs/reliability.md, "Fuzzing"): builds the libFuzzer targets with clang-14 under
# AddressSanitizer and UndefinedBehaviorSanitizer in build-fuzz/, then runs one for SECONDS on its seed corpus
# (tests/fuzz/corpus/<target>), with its dictionary when it has one (tests/fuzz/<target>.dict), new inputs kept in
# build-fuzz/corpus/<target>, a crash written to build-fuzz/. Targets: decide, frames, http, mime.
#   bash scripts/fuzz.sh decide 600
#   bash scripts/fuzz.sh frames 600
#   bash scripts/fuzz.sh http 600
#   bash scripts/fuzz.sh mime 600
set -euo pipefail
cd "$(dirname "$0")/.."
TARGET="${1:-decide}"
SECONDS_TO_RUN="${2:-60}"
command -v clang++-14 >/dev/null || { echo "fuzz: needs clang-14 (apt-get install clang-14)" >&2; exit 2; }
CC=clang-14 CXX=clang++-14 cmake -S . -B build-fuzz -DMUSTER_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build-fuzz -j"$(nproc)" --target "fuzz_${TARGET}"
[ -d "tests/fuzz/corpus/${TARGET}" ] || { echo "fuzz: no seed corpus tests/fuzz/corpus/${TARGET}" >&2; exit 2; }
mkdir -p "build-fuzz/corpus/${TARGET}"
DICT=()
[ -f "tests/fuzz/${TARGET}.dict" ] && DICT=(-dict="tests/fuzz/${TARGET}.dict")
exec "build-fuzz/fuzz_${TARGET}" -max_total_time="${SECONDS_TO_RUN}" -timeout=10 -rss_limit_mb=2048 ${DICT[@]+"${DICT[@]}"} \
    -artifact_prefix=build-fuzz/ "build-fuzz/corpus/${TARGET}" "tests/fuzz/corpus/${TARGET}"
