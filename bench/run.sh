#!/usr/bin/env bash
# Muster on the peer benchmark's "umpire" workload (../shared/bench-peers), optionally beside the Node peers
# in the same run. Builds nothing. See docs/performance.md.
#
#   bash bench/run.sh                 # Muster (seq, r50), then bgio + colyseus (seq, r50), one merged table
#   PEERS= bash bench/run.sh          # Muster only
#
# Knobs (defaults in brackets):
#   MUSTER_BIN   server binary; copied first so a concurrent rebuild cannot swap it mid-run [build/muster]
#   LOADS        Muster loads: seq r50 r200                                  [seq r50]
#   PEERS        peers for ../shared/bench-peers/run.sh ("" = none)          [bgio colyseus]
#   PEER_LOADS   loads for the peers                                         [seq r50]
#   DURATION PLAYERS WORKERS  as in the peers' run.sh                        [10 6 2]
#   OUT_DIR      results (jsonl, logs)                                       [/tmp/muster-bench]
#   MUSTER_ARGS  extra server flags for an experiment, e.g. "--threads 1"    []
#   LABEL        label of the Muster rows                                    [muster]
#   STORE        sqlite, or postgresql: a cluster of Debian's PostgreSQL started for the run (fsync on, as a
#                deployment's), a fresh database in it for each server         [sqlite]
#   SETUPS       the servers to run, each a group of rows in one table        [$STORE]
#                  sqlite      one node on a SQLite file (label LABEL)
#                  postgresql  one node on PostgreSQL (LABEL-pg)
#                  pg2         two nodes on one PostgreSQL database behind HAProxy, which routes /ws/c/{campaign} to
#                              the node keeping it (docs/operations.md, "More than one machine"; the driver with
#                              MUSTER_ROUTE=campaign); server CPU is both nodes' (bench/nodes-cpu.mjs), HAProxy's
#                              is in the row's note (LABEL-pg-2nodes)
#                With PostgreSQL the row's note has the database's CPU too (its server's processes).
#                e.g. SETUPS="sqlite pg2" PEERS= LOADS=r50 bash bench/run.sh
#   FLOOR        1: after Muster, the floor of a move in the same run (bench/floor/run.sh): the echo server with
#                Muster's socket layer (ECHO=gather) under the same r50 load, a row "echo-floor" in the table, and
#                bare SQLite appends in commits of 35 rows (about Muster's at r50), a line in the box log; 0: not  [1]
#   LEAKTEST=0   skip the leak-detector self-tests (Muster's here, the peers' in their run.sh)
#   SKIP_INSTALL=1  passed to the peers' run.sh
# Every server listens on 127.0.0.1 only, gets a fresh temporary database, and is stopped by its PID;
# every loadgen run is bounded by `timeout` and by loadgen's own watchdog.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/.." && pwd)"
PEERS_HOME="$(cd "$REPO/../shared/bench-peers" && pwd)"
OUT_DIR="${OUT_DIR:-/tmp/muster-bench}"
MUSTER_BIN="${MUSTER_BIN:-$REPO/build/muster}"
LOADS="${LOADS:-seq r50}"
PEERS="${PEERS-bgio colyseus}"
PEER_LOADS="${PEER_LOADS:-seq r50}"
DURATION="${DURATION:-10}"
PLAYERS="${PLAYERS:-6}"
WORKERS="${WORKERS:-2}"
MUSTER_ARGS="${MUSTER_ARGS:-}"
LABEL="${LABEL:-muster}"
STORE="${STORE:-sqlite}"
FLOOR="${FLOOR:-1}"
FLOOR_OUT=""
SETUPS="${SETUPS:-$STORE}"

[ -x "$MUSTER_BIN" ] || { echo "no server binary at $MUSTER_BIN (build it: cmake --build build --target muster)" >&2; exit 2; }
mkdir -p "$OUT_DIR/logs" "$OUT_DIR/bin"
STAMP="$(date +%Y%m%d-%H%M%S)"
OUT="$OUT_DIR/muster-$STAMP.jsonl"
BOX="$OUT_DIR/box-$STAMP.txt"
: > "$OUT"; : > "$BOX"
T0=$(date +%s)

# The driver needs the `ws` client: the repo's devDependency, else the peers' install.
if ! (cd "$HERE" && node -e 'require("ws")' 2>/dev/null) && [ ! -d /tmp/peers/wsjson/node_modules/ws ]; then
  echo "the driver needs the ws package: run 'npm install' in the repo, or the peers' run.sh once" >&2; exit 2
fi

BIN="$OUT_DIR/bin/muster-$STAMP"
cp "$MUSTER_BIN" "$BIN"
echo "== server binary: $MUSTER_BIN ($(stat -c '%y' "$MUSTER_BIN" | cut -d. -f1)), copied to $BIN"
echo "== repo HEAD now: $(git -C "$REPO" log -1 --format='%h %s' | cut -c1-100); uncommitted changes in server/ shared/: $(git -C "$REPO" status --porcelain -- server shared | wc -l) files (the binary may have been built from them)"
echo "== machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), node $(node --version)"

# ---------------------------------------------------------------- box load (others share these 2 cores)
busy_ticks() { awk '/^cpu /{print $2+$3+$4+$7+$8+$9; exit}' /proc/stat; }
proc_ticks() { awk '{sub(/.*\) /, ""); split($0, f, " "); print f[12]+f[13]}' "/proc/$1/stat" 2>/dev/null || echo 0; }
nodes_ticks() { echo $(( $(proc_ticks "$SPID") + $( [ -n "$SPID2" ] && proc_ticks "$SPID2" || echo 0) )); }  # the Muster nodes'
others_now() { # box CPU use over 1 s (of 100% x cores) and its top 3 processes, from top's second sample
  top -b -n 2 -d 1 -w 200 | awk '/^top -/{n++} n==2 && /^%Cpu/{split($0, a, ","); for (i in a) if (a[i] ~ / id/) { sub(/^ */, "", a[i]); idle=a[i]+0 } }
    n==2 && /^ *PID/{p=1; next} n==2 && p && c<3 {printf "%s%s %s%%", (c ? ", " : "top: "), $12, $9; c++}
    END {printf "; box %.0f%% busy\n", 100 - idle}'
}

# ---------------------------------------------------------------- Muster server
SPID=""; SPID2=""; HPID=""; DBDIR=""; PGDIR=""
cleanup() {
  local p
  for p in "$HPID" "$SPID2" "$SPID"; do
    if [ -n "$p" ]; then kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; fi
  done
  SPID=""; SPID2=""; HPID=""
  if [ -n "$DBDIR" ]; then rm -rf "$DBDIR"; DBDIR=""; fi
}
stop_postgres() { [ -z "$PGDIR" ] || node "$REPO/tests/integration/lib/postgres.mjs" stop "$PGDIR" >/dev/null 2>&1 || true; }
trap 'cleanup; stop_postgres' EXIT INT TERM

# PostgreSQL's cluster for the setups on it, with fsync on: a deployment's durability, not the tests'.
if [[ " $SETUPS " == *" postgresql "* || " $SETUPS " == *" pg2 "* ]]; then
  PGDIR="/tmp/muster-bench-pg-$$"
  PG_FSYNC=on node "$REPO/tests/integration/lib/postgres.mjs" start "$PGDIR"
  PGBIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
fi
SETUP=sqlite
store_args() { # a fresh database for one server (pg2's two nodes: one database, made by start_muster)
  if [ "$SETUP" != sqlite ]; then
    local name="bench_$(date +%s%N)"
    "$PGBIN/psql" -h "$PGDIR" -p "$(cat "$PGDIR/port")" -U postgres -qAt -c "CREATE DATABASE $name" >/dev/null
    echo "--store postgresql://postgres@/$name?host=$PGDIR&port=$(cat "$PGDIR/port")"
  else
    echo "--db $DBDIR/muster.db"
  fi
}

start_node() { # label store-args extra-args -> sets NPID, NPORT
  local label=$1 log="$OUT_DIR/logs/muster-$1-$STAMP.log"
  # shellcheck disable=SC2086
  "$BIN" --listen 127.0.0.1:0 $2 --ws-rate 100000 --ws-burst 100000 $3 $MUSTER_ARGS > "$log" 2>&1 &
  NPID=$!
  NPORT=""
  for _ in $(seq 1 100); do
    NPORT=$(sed -n 's#^listening on http://127\.0\.0\.1:\([0-9]*\)$#\1#p' "$log" 2>/dev/null | head -1 || true)
    [ -n "$NPORT" ] && return 0
    kill -0 "$NPID" 2>/dev/null || break
    sleep 0.1
  done
  echo "muster ($label) did not start; log:" >&2; cat "$log" >&2; return 1
}

start_muster() { # label -> sets SPID, PORT (and for pg2 SPID2, HPID: PORT is HAProxy's)
  local label=$1
  DBDIR="$(mktemp -d /tmp/muster-bench-db.XXXXXX)"
  if [ "$SETUP" != pg2 ]; then
    start_node "$label" "$(store_args)" "" || return 1
    SPID=$NPID; PORT=$NPORT
    return 0
  fi
  # Two nodes on one database, HAProxy in front (the shape of docker/haproxy.cfg and tests/integration/haproxy.test.mjs).
  local store admin="$DBDIR/admin.sock" map="$DBDIR/campaigns.map" cfg="$DBDIR/haproxy.cfg"
  store="$(store_args)"; : > "$map"
  local node_args="--proxy-admin $admin --proxy-map $map --max-http-connections-per-address 0"
  start_node "$label-a" "$store" "--node node-a $node_args" || return 1
  SPID=$NPID; local port_a=$NPORT
  start_node "$label-b" "$store" "--node node-b $node_args" || return 1
  SPID2=$NPID; local port_b=$NPORT
  PORT=$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')
  cat > "$cfg" <<CFG
global
    stats socket $admin mode 600 level admin
defaults
    mode http
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    timeout tunnel 1h
frontend muster
    bind 127.0.0.1:$PORT
    use_backend %[path,field(4,/),map($map,nodes)] if { path_beg /ws/c/ }
    default_backend nodes
backend nodes
    balance roundrobin
    server node-a 127.0.0.1:$port_a
    server node-b 127.0.0.1:$port_b
backend node-a
    server node-a 127.0.0.1:$port_a
backend node-b
    server node-b 127.0.0.1:$port_b
CFG
  haproxy -db -f "$cfg" > "$OUT_DIR/logs/haproxy-$label-$STAMP.log" 2>&1 &
  HPID=$!
  for _ in $(seq 1 50); do
    curl -fsS "http://127.0.0.1:$PORT/healthz" > /dev/null 2>&1 && return 0
    sleep 0.1
  done
  echo "haproxy ($label) did not start; log:" >&2; cat "$OUT_DIR/logs/haproxy-$label-$STAMP.log" >&2; return 1
}

sample_cpu() { # columns, each a comma-separated list of pids -> "epoch-ms ticks..." every 100 ms, until killed
  while :; do
    local line col p sum
    line="$(date +%s%3N)"
    for col in "$@"; do
      sum=0
      for p in ${col//,/ }; do sum=$((sum + $(proc_ticks "$p"))); done
      line="$line $sum"
    done
    echo "$line"
    sleep 0.1
  done
}
pg_pids() { # the PostgreSQL cluster's processes, comma-separated (its postmaster and every backend)
  local main
  main=$(head -1 "$PGDIR/data/postmaster.pid" 2>/dev/null || true)
  [ -n "$main" ] && echo "$main,$(pgrep -d, -P "$main")"
}

load_args() { # load -> loadgen args (the same as the peers' run.sh)
  case "$1" in
    seq)  echo "--rooms 1 --mode seq --moves 500 --seq-max-s 5" ;;
    r50)  echo "--rooms 50 --mode closed --duration $DURATION --warmup 1 --workers $WORKERS" ;;
    r200) echo "--rooms 200 --mode closed --duration $DURATION --warmup 1 --workers $WORKERS" ;;
    *) echo "unknown load $1" >&2; return 1 ;;
  esac
}

# Leak-detector self-test, as the peers' run.sh does: with MUSTER_LEAK_SELFTEST=1 the driver posts player 0's
# secret as a public notice, so the harness must report leaks; otherwise a clean result would mean nothing.
if [ "${LEAKTEST:-1}" = 1 ]; then
  SELF="$OUT_DIR/leak-selftest-$STAMP.jsonl"; : > "$SELF"
  if start_muster leaktest; then
    (cd "$REPO" && MUSTER_LEAK_SELFTEST=1 timeout 60 node "$PEERS_HOME/loadgen.js" --driver "$HERE/muster-driver.js" \
      --url "http://127.0.0.1:$PORT" --players "$PLAYERS" --rooms 1 --mode seq --moves 30 --seq-max-s 3 \
      --label "$LABEL" --out "$SELF" > /dev/null 2>&1) || true
    cleanup
    node -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n")[0] || "{}");
      const caught = (r.leaky_views || 0) + (r.leaky_frames || 0);
      console.log(`   leak-detector self-test ${r.label}: ${caught > 0 ? "OK, caught" : "FAILED, missed"} the deliberate leak (${r.leaky_views} views, ${r.leaky_frames} frames)`);' "$SELF" || echo "   leak-detector self-test: no result"
  fi
fi

for SETUP in $SETUPS; do
  case "$SETUP" in
    sqlite) label="$LABEL"; route="" ;;
    postgresql) label="$LABEL-pg"; route="" ;;
    pg2) label="$LABEL-pg-2nodes"; route="campaign" ;;
    *) echo "unknown setup $SETUP (sqlite, postgresql, pg2)" >&2; exit 2 ;;
  esac
  for load in $LOADS; do
    echo "== $label / $load   (box before: $(others_now))"
    echo "$label $load before: $(others_now)" >> "$BOX"
    if ! start_muster "$label-$load"; then
      echo "{\"label\":\"$label\",\"rooms\":0,\"players\":$PLAYERS,\"mode\":\"$load\",\"error\":\"server did not start\"}" >> "$OUT"
      cleanup
      continue
    fi
    # The CPU of each process that serves the run, when there is more than the one the loadgen measures: the
    # nodes, HAProxy, PostgreSQL (bench/nodes-cpu.mjs).
    samples="$OUT_DIR/logs/cpu-$label-$load-$STAMP.txt"; sampler=""; columns=()
    case "$SETUP" in
      postgresql) columns=(node db); sample_cpu "$SPID" "$(pg_pids)" > "$samples" & sampler=$! ;;
      pg2) columns=(node node proxy db); sample_cpu "$SPID" "$SPID2" "$HPID" "$(pg_pids)" > "$samples" & sampler=$! ;;
    esac
    lglog="$OUT_DIR/logs/loadgen-$label-$load-$STAMP.log"
    b0=$(busy_ticks); s0=$(nodes_ticks); t0=$(date +%s.%N)
    # Each line of the loadgen's log stamped with its epoch ms (bench/nodes-cpu.mjs finds the measured window by it).
    # shellcheck disable=SC2046
    (cd "$REPO" && MUSTER_ROUTE="$route" timeout 240 node "$PEERS_HOME/loadgen.js" --driver "$HERE/muster-driver.js" \
      --url "http://127.0.0.1:$PORT" --players "$PLAYERS" $(load_args "$load") --server-pid "$SPID" \
      --label "$label" --out "$OUT" 2> >(while IFS= read -r l; do printf '%s %s\n' "$(date +%s%3N)" "$l"; done | tee "$lglog" | grep -v '^[0-9]* $' >&2) > /dev/null) \
      || echo "   (loadgen exited with $?)"
    b1=$(busy_ticks); s1=$(nodes_ticks); t1=$(date +%s.%N)
    if [ -n "$sampler" ]; then
      kill "$sampler" 2>/dev/null || true; wait "$sampler" 2>/dev/null || true
      sleep 0.2  # the log's last lines
      node "$HERE/nodes-cpu.mjs" "$samples" "$lglog" "$OUT" 1 "${columns[@]}" || echo "   (the processes' CPU could not be worked out)"
    fi
    awk -v b="$((b1 - b0))" -v s="$((s1 - s0))" -v t0="$t0" -v t1="$t1" -v hz="$(getconf CLK_TCK)" -v l="$label $load" \
      'BEGIN { d = t1 - t0; printf "%s, whole invocation (setup included, %.0f s): box busy %.0f%%, server %.0f%%\n", l, d, b * 100 / hz / d, s * 100 / hz / d }' >> "$BOX"
    cleanup
  done
done
# ---------------------------------------------------------------- the floor, same run
if [ "$FLOOR" = 1 ]; then
  echo
  echo "== floor: ECHO=gather WHAT=echo bash bench/floor/run.sh; KS=35 WHAT=append bash bench/floor/run.sh"
  mark="$OUT_DIR/.floor-start-$STAMP"; touch "$mark"
  ECHO=gather WHAT=echo ROOMS=50 DURATION="$DURATION" bash "$HERE/floor/run.sh" 2>&1 | grep -E '^(==|   schedstat)' || true
  FLOOR_OUT=$(find "$HERE/floor/out" -name 'echo-*.jsonl' -newer "$mark" 2>/dev/null | sort | tail -1)
  [ -n "$FLOOR_OUT" ] && cat "$FLOOR_OUT" >> "$OUT"
  KS=35 WHAT=append bash "$HERE/floor/run.sh" 2>&1 | grep -E '^k=' | sed 's/^/storage floor: /' | tee -a "$BOX" || true
  rm -f "$mark"
fi

echo
echo "== Muster results ($OUT)${FLOOR_OUT:+, and the floor}"
node "$PEERS_HOME/report.js" "$OUT" --md

# ---------------------------------------------------------------- peers, same run
if [ -n "$PEERS" ]; then
  echo
  echo "== peers: PEERS=\"$PEERS\" LOADS=\"$PEER_LOADS\" bash ../shared/bench-peers/run.sh   (box before: $(others_now))"
  echo "peers before: $(others_now)" >> "$BOX"
  mark="$OUT_DIR/.peers-start-$STAMP"; touch "$mark"
  PEERS="$PEERS" LOADS="$PEER_LOADS" DURATION="$DURATION" PLAYERS="$PLAYERS" WORKERS="$WORKERS" \
    timeout 900 bash "$PEERS_HOME/run.sh" 2>&1 | tee "$OUT_DIR/logs/peers-$STAMP.log" | grep -E '^(==|   leak)' || true
  PEER_OUT=$(find "${PEERS_DIR:-/tmp/peers}/results" -name 'results-*.jsonl' -newer "$mark" 2>/dev/null | sort | tail -1)
  rm -f "$mark"
  if [ -n "$PEER_OUT" ]; then
    MERGED="$OUT_DIR/merged-$STAMP.jsonl"
    cat "$OUT" "$PEER_OUT" > "$MERGED"
    echo
    echo "== Muster beside the peers, one run ($MERGED)"
    node "$PEERS_HOME/report.js" "$MERGED" --md
  else
    echo "   (no peer results found)"
  fi
fi
echo
echo "== box load (other processes share the 2 cores):"; sed 's/^/   /' "$BOX"
echo "== Muster correctness column: 'own secret missing' counts players 1..5, who have no per-player secret in"
echo "   Muster (n/a; docs/performance.md). Leak checks are real for player 0's umpire-only note."
echo "== done in $(( $(date +%s) - T0 ))s"
