#!/usr/bin/env bash
# Where the Muster server's CPU goes per command, under the benchmark's load (docs/performance.md, "Profile").
#
#   bash bench/profile.sh perf        # r50 closed loop; perf record (cpu-clock, DWARF stacks) for 8 s of it
#   bash bench/profile.sh callgrind   # 4 rooms with a full chat (200), under callgrind; Ir per command
#   bash bench/profile.sh both        # [default]
#
# perf: `perf stat -e instructions` is "not supported" in this VM (no hardware counters), so perf samples the
# software cpu-clock event (which still shows where time goes); callgrind counts instructions exactly but
# runs the server ~50x slower. To keep setup short, both start the server with --max-connections-per-user 64
# and let one user set serve every room of a worker (MUSTER_SET_ROOMS=63): the sockets, views and commands
# are the same as in bench/run.sh, only fewer accounts are registered (scrypt).
# Knobs: OUT_DIR [/tmp/muster-bench], MUSTER_BIN [build/muster], PERF_SECONDS [8], CG_ROOMS [4],
# CG_PREFILL [200], CG_SECONDS [18], PERF_PREFILL [0].
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/.." && pwd)"
PEERS_HOME="$(cd "$REPO/../shared/bench-peers" && pwd)"
OUT_DIR="${OUT_DIR:-/tmp/muster-bench}"
MUSTER_BIN="${MUSTER_BIN:-$REPO/build/muster}"
WHAT="${1:-both}"
STAMP="$(date +%Y%m%d-%H%M%S)"
P="$OUT_DIR/profile-$STAMP"
mkdir -p "$P"
BIN="$P/muster"
cp "$MUSTER_BIN" "$BIN"

SPID=""; DBDIR=""; LGPID=""
cleanup() {
  if [ -n "$LGPID" ]; then kill "$LGPID" 2>/dev/null || true; wait "$LGPID" 2>/dev/null || true; LGPID=""; fi
  if [ -n "$SPID" ]; then kill "$SPID" 2>/dev/null || true; wait "$SPID" 2>/dev/null || true; SPID=""; fi
  if [ -n "$DBDIR" ]; then rm -rf "$DBDIR"; DBDIR=""; fi
}
trap cleanup EXIT INT TERM

start() { # log [wrapper...] -> SPID, PORT
  local log=$1; shift
  DBDIR="$(mktemp -d /tmp/muster-prof-db.XXXXXX)"
  "$@" "$BIN" --listen 127.0.0.1:0 --db "$DBDIR/muster.db" --ws-rate 100000 --ws-burst 100000 \
    --max-connections-per-user 64 > "$log" 2>&1 &
  SPID=$!
  PORT=""
  for _ in $(seq 1 600); do
    PORT=$(sed -n 's#^listening on http://127\.0\.0\.1:\([0-9]*\)$#\1#p' "$log" 2>/dev/null | head -1 || true)
    [ -n "$PORT" ] && return 0
    kill -0 "$SPID" 2>/dev/null || break
    sleep 0.1
  done
  echo "server did not start:" >&2; cat "$log" >&2; return 1
}

loadgen() { # label prefill rooms duration -> runs in background, LGPID; waits until connected
  local label=$1 prefill=$2 rooms=$3 duration=$4
  (cd "$REPO" && MUSTER_SET_ROOMS=63 MUSTER_PREFILL="$prefill" timeout 400 node "$PEERS_HOME/loadgen.js" \
    --driver "$HERE/muster-driver.js" --url "http://127.0.0.1:$PORT" --rooms "$rooms" --mode closed \
    --duration "$duration" --warmup 1 --workers 2 --server-pid "$SPID" --label "$label" \
    --connect-max-s 300 --out "$P/$label.jsonl" > /dev/null 2> "$P/$label.loadgen.log") &
  LGPID=$!
  for _ in $(seq 1 3000); do
    grep -q 'connected' "$P/$label.loadgen.log" 2>/dev/null && return 0
    kill -0 "$LGPID" 2>/dev/null || { cat "$P/$label.loadgen.log" >&2; return 1; }
    sleep 0.1
  done
  return 1
}

summary() { # jsonl
  node -e 'for (const l of require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n")) { const r = JSON.parse(l);
    console.log(`   ${r.label}: ${r.moves} moves, ${r.moves_per_s} moves/s, p50 ${r.lat_p50_ms} ms, srv CPU ${r.server_cpu_pct}%, srv us/move ${r.server_cpu_us_per_move}, timeouts ${r.timeouts}`); }' "$1"
}

chat_events_between() { # db t0_ms t1_ms
  sqlite3 "$1" "SELECT count(*) FROM events WHERE type = 'chat.said' AND at BETWEEN $2 AND $3" 2>/dev/null || echo "?"
}

if [ "$WHAT" = perf ] || [ "$WHAT" = both ]; then
  secs="${PERF_SECONDS:-8}"
  echo "== perf: r50 closed loop (prefill ${PERF_PREFILL:-0}), perf record -e cpu-clock -F 999 --call-graph dwarf for ${secs}s"
  start "$P/perf-server.log"
  loadgen perf-r50 "${PERF_PREFILL:-0}" 50 10
  sleep 1.5
  t0=$(date +%s%3N)
  # fdatasync calls in the same window: how many commands each durable commit carries (group commit)
  perf stat -e syscalls:sys_enter_fdatasync,syscalls:sys_enter_fsync -p "$SPID" -o "$P/perf-stat-sync.txt" -- sleep "$secs" > /dev/null 2>&1 &
  statpid=$!
  perf record -e cpu-clock -F 999 --call-graph dwarf,32768 -p "$SPID" -o "$P/perf.data" -- sleep "$secs" 2> "$P/perf-record.log" > /dev/null
  t1=$(date +%s%3N)
  wait "$statpid" || true
  wait "$LGPID" || true; LGPID=""
  n=$(chat_events_between "$DBDIR/muster.db" "$t0" "$t1")
  cleanup
  syncs=$(awk '/sys_enter_f(data)?sync/ {gsub(",", "", $1); s += $1} END {print s + 0}' "$P/perf-stat-sync.txt")
  echo "   fdatasync+fsync calls in the window: $syncs ($(awk -v n="$n" -v s="$syncs" 'BEGIN { if (s > 0) printf "%.1f commands per sync", n / s }'))" | tee "$P/perf-syncs.txt"
  for _ in 1 2 3; do  # perf script has been seen to print nothing on the first try right after recording
    perf script -i "$P/perf.data" --no-inline -F tid,ip,sym > "$P/perf-script.txt" 2> "$P/perf-script.err" || true
    [ -s "$P/perf-script.txt" ] && break
    sleep 2
  done
  summary "$P/perf-r50.jsonl"
  echo "   commands committed while perf recorded: $n (${secs}s)" | tee "$P/perf-commands.txt"
  python3 "$HERE/perf-classify.py" "$P/perf-script.txt" --by-thread | tee "$P/perf-classified.txt" | sed 's/^/   /' | head -40
  rm -f "$P/perf-script.txt"
fi

if [ "$WHAT" = callgrind ] || [ "$WHAT" = both ]; then
  rooms="${CG_ROOMS:-4}"; prefill="${CG_PREFILL:-200}"; secs="${CG_SECONDS:-18}"
  echo "== callgrind: $rooms rooms x 6, chat prefilled with $prefill messages, instrumented for ${secs}s"
  start "$P/cg-server.log" valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$P/callgrind.out"
  loadgen callgrind "$prefill" "$rooms" $((secs + 4))
  sleep 1
  t0=$(date +%s%3N)
  callgrind_control -i on "$SPID" > /dev/null
  sleep "$secs"
  callgrind_control -i off "$SPID" > /dev/null
  t1=$(date +%s%3N)
  callgrind_control -d "$SPID" > /dev/null
  wait "$LGPID" || true; LGPID=""
  n=$(chat_events_between "$DBDIR/muster.db" "$t0" "$t1")
  cleanup
  out=$(ls -t "$P"/callgrind.out.* 2>/dev/null | head -1)
  summary "$P/callgrind.jsonl"
  echo "   chat commands committed while instrumented: $n" | tee "$P/callgrind-commands.txt"
  python3 "$HERE/callgrind-breakdown.py" "$out" --commands "$n" | tee "$P/callgrind-breakdown.txt" | sed 's/^/   /'
fi
echo "== files in $P"
