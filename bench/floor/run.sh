#!/usr/bin/env bash
# The floor of one "move" on this machine (docs/performance.md, "The floor"): a bare Beast WebSocket fan-out
# server (echo.cpp) under the peers' r50 load, and bare SQLite appends (append.cpp) in group commits of k.
# Builds with plain g++ into bench/floor/out/ (not build/), so a concurrent project build is not disturbed.
#
#   bash bench/floor/run.sh               # both: about 50 s, plus ~40 s to build the first time
#   WHAT=append bash bench/floor/run.sh   # or WHAT=echo
#   ECHO=gather WHAT=echo bash bench/floor/run.sh   # the echo with Muster's socket layer of now: 6 frames a move,
#                                                   # an inbox, frames that queued written as one array
# Knobs: KS (group sizes; 5 is about Muster's own at r50) [1 5 8 50], SECONDS_PER_K [5], ROOMS [50], DURATION [10],
# REPEAT [1], ECHO [one frame a write, 7 a move; or gather]
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
PEERS_HOME="$(cd "$REPO/../shared/bench-peers" && pwd)"
OUT="$HERE/out"
WHAT="${WHAT:-echo append}"
KS="${KS:-1 5 8 50}"
SECONDS_PER_K="${SECONDS_PER_K:-5}"
ROOMS="${ROOMS:-50}"
DURATION="${DURATION:-10}"
REPEAT="${REPEAT:-1}"
ECHO="${ECHO:-}"
STAMP="$(date +%Y%m%d-%H%M%S)"
mkdir -p "$OUT"

# Muster's release flags (CMakeLists.txt, RelWithDebInfo).
CXXFLAGS="-std=c++20 -O2 -g1 -DNDEBUG -Wall -Wextra"
[ "$OUT/echo" -nt "$HERE/echo.cpp" ] || g++ $CXXFLAGS -DBOOST_ASIO_NO_DEPRECATED "$HERE/echo.cpp" -o "$OUT/echo" -pthread
[ "$OUT/append" -nt "$HERE/append.cpp" ] || g++ $CXXFLAGS "$HERE/append.cpp" -o "$OUT/append" -lsqlite3

# Others compile on these 2 cores: record what the box was doing (as bench/run.sh does).
busy_ticks() { awk '/^cpu /{print $2+$3+$4+$7+$8+$9; exit}' /proc/stat; }
box_now() {
  top -b -n 2 -d 1 -w 200 | awk '/^top -/{n++} n==2 && /^%Cpu/{split($0, a, ","); for (i in a) if (a[i] ~ / id/) { sub(/^ */, "", a[i]); idle=a[i]+0 } }
    n==2 && /^ *PID/{p=1; next} n==2 && p && c<3 {printf "%s%s %s%%", (c ? ", " : "top: "), $12, $9; c++}
    END {printf "; box %.0f%% busy", 100 - idle}'
  echo "; load avg $(cut -d' ' -f1-3 /proc/loadavg)"
}
echo "== $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(uname -r), node $(node --version)"

SPID=""; DB=""
cleanup() {
  if [ -n "$SPID" ]; then kill "$SPID" 2>/dev/null || true; wait "$SPID" 2>/dev/null || true; SPID=""; fi
  if [ -n "$DB" ]; then rm -rf "$DB"; DB=""; fi
}
trap cleanup EXIT INT TERM

# ------------------------------------------------------------------ storage: k rows per commit
if [[ " $WHAT " == *" append "* ]]; then
  for k in $KS; do
    for _ in $(seq 1 "$REPEAT"); do
      echo "== append k=$k   (box before: $(box_now))"
      DB="$(mktemp -d /tmp/floor-db.XXXXXX)"   # /tmp is the same ext4 as Muster's bench databases
      "$OUT/append" "$DB/floor.db" "$REPO/migrations/0001_init.sql" "$k" "$SECONDS_PER_K" | tee -a "$OUT/append-$STAMP.txt"
      cleanup
    done
  done
fi

# ------------------------------------------------------------------ network: the peers' r50 closed loop
sched_ns() { cat /proc/"$1"/task/*/schedstat 2>/dev/null | awk '{s += $1} END {printf "%.0f", s}'; } # on-CPU ns, all threads

if [[ " $WHAT " == *" echo "* ]]; then
  for _ in $(seq 1 "$REPEAT"); do
    echo "== echo ${ECHO:-one frame a write} r$ROOMS   (box before: $(box_now))"
    LOG="$OUT/echo-$STAMP.log"
    : > "$LOG"  # exists before the server opens it, so the port poll below never reads a missing file
    "$OUT/echo" 0 $ECHO > "$LOG" 2>&1 &
    SPID=$!
    PORT=""
    for _ in $(seq 1 50); do
      PORT=$(sed -n 's#^listening on http://127\.0\.0\.1:\([0-9]*\)$#\1#p' "$LOG" | head -1 || true); [ -n "$PORT" ] && break; sleep 0.1
    done
    [ -n "$PORT" ] || { echo "echo did not start"; cat "$LOG"; exit 1; }
    b0=$(busy_ticks); n0=$(sched_ns "$SPID"); t0=$(date +%s.%N)
    (cd "$REPO" && timeout 120 node "$PEERS_HOME/loadgen.js" --driver "$HERE/echo-driver.js" --url "http://127.0.0.1:$PORT" \
      --rooms "$ROOMS" --players 6 --mode closed --duration "$DURATION" --warmup 1 --workers 2 --server-pid "$SPID" \
      --label echo-floor --out "$OUT/echo-$STAMP.jsonl" > /dev/null)
    b1=$(busy_ticks); n1=$(sched_ns "$SPID"); t1=$(date +%s.%N)
    ut=$(awk '{sub(/.*\) /, ""); split($0, f, " "); print f[12] " " f[13]}' /proc/"$SPID"/stat) # user, system ticks
    cleanup
    moves=$(sed -n 's/^moves \([0-9]*\)$/\1/p' "$LOG")
    # schedstat over the whole loadgen invocation (300 handshakes, warm-up and the drain included) divided by
    # every move the server received: a cross-check of loadgen's 10 ms-tick figure over the measured window.
    awk -v n="$((n1 - n0))" -v m="$moves" -v b="$((b1 - b0))" -v t0="$t0" -v t1="$t1" -v hz="$(getconf CLK_TCK)" \
      -v ut="$ut" 'BEGIN { d = t1 - t0; split(ut, u, " ");
        printf "   schedstat: %.2f s on CPU for %d moves = %.1f us/move (%.0f%% of it in the kernel); over the %.0f s invocation box busy %.0f%%, echo %.0f%%\n",
               n / 1e9, m, n / 1e3 / m, u[2] * 100 / (u[1] + u[2]), d, b * 100 / hz / d, n / 1e7 / d }' | tee -a "$OUT/echo-$STAMP.txt"
  done
  node "$PEERS_HOME/report.js" "$OUT/echo-$STAMP.jsonl" --md | tee -a "$OUT/echo-$STAMP.txt"
fi
