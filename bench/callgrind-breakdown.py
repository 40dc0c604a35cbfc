#!/usr/bin/env python3
"""Instructions (Ir) per committed command from a callgrind profile of the Muster server.

  python3 bench/callgrind-breakdown.py callgrind.out.1 [--commands N]

callgrind_annotate lists a function once per source file its code came from (inlined header code is
charged to the header, and the pieces call each other), so the profile is first rewritten with a single
source file name, which charges inlined code to the function it was inlined into; then
`callgrind_annotate --tree=calling --inclusive=yes` runs on that, and entries are merged by function name. Recursive functions (json::diff, the
json destructor) are read from their call arcs out of Hub::push_views, which carry the exact inclusive
cost of each outermost call. Commands: --commands N (bench/profile.sh counts the chat events committed
while instrumented), else the calls to Hub::committed.
"""
import importlib.util
import os
import re
import subprocess
import sys
from collections import defaultdict

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location('pc', os.path.join(here, 'perf-classify.py'))
pc = importlib.util.module_from_spec(spec)
spec.loader.exec_module(pc)

HEAD = re.compile(r'^\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+\*?\s*(\S+?):(.*?)\s*(\[[^\]]*\])?\s*$')
ARC = re.compile(r'^\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+>\s+(\S+?):(.*?)\s*(\(([\d,]+)x\))?\s*(\[[^\]]*\])?\s*$')
TOTAL = re.compile(r'^\s*([\d,]+)\s+\(100\.0+%\)\s+PROGRAM TOTALS')


def merge_inlined(src, dst):
    """Copy a callgrind profile with every source file name replaced by one, so that a function is one
    entry whatever files its (inlined) code came from. Line numbers lose their meaning; costs do not."""
    ref = re.compile(r'^(fl|fi|fe|cfi|cfl)=')
    defined = set()
    with open(src, errors='replace') as f, open(dst, 'w') as out:
        for line in f:
            m = ref.match(line)
            if not m:
                out.write(line)
                continue
            kind = m.group(1)
            if kind in ('fi', 'fe'):
                continue
            if kind == 'cfl':
                kind = 'cfi'
            out.write(f'{kind}=(1)\n' if defined else f'{kind}=(1) all\n')
            defined.add(1)


def num(s):
    return int(s.replace(',', ''))


def main():
    incl = defaultdict(int)                              # function -> inclusive Ir (merged over files)
    arcs = defaultdict(lambda: defaultdict(lambda: [0, 0]))  # caller -> callee -> [Ir, calls]
    total = 0
    cur = None
    merged = sys.argv[1] + '.merged'
    merge_inlined(sys.argv[1], merged)
    tree = subprocess.run(['callgrind_annotate', '--tree=calling', '--inclusive=yes', '--threshold=100', merged],
                          check=True, capture_output=True, text=True).stdout
    with open(sys.argv[1] + '.tree.txt', 'w') as f:
        f.write(tree)
    for line in tree.split('\n'):
        m = TOTAL.match(line)
        if m:
            total = num(m.group(1))
            continue
        m = ARC.match(line)
        if m and cur:
            callee = pc.short(m.group(3))
            a = arcs[cur][callee]
            a[0] += num(m.group(1))
            a[1] += int((m.group(5) or '0').replace(',', ''))
            continue
        m = HEAD.match(line)
        if m:
            cur = pc.short(m.group(3))
            incl[cur] += num(m.group(1))

    def arc_in(fn):  # inclusive cost of fn = its calls from other functions (callgrind's per-arc inclusive cost)
        return sum(a[fn][0] for caller, a in arcs.items() if caller != fn and fn in a)

    def calls_in(fn):
        return sum(a[fn][1] for caller, a in arcs.items() if caller != fn and fn in a)

    commands = int(sys.argv[sys.argv.index('--commands') + 1]) if '--commands' in sys.argv else 0
    if not commands:
        commands = calls_in('muster::Hub::committed')
    if not commands:
        sys.exit('give --commands N (chat commands committed in the instrumented window)')
    # The hub's fan-out function (renamed over time): the caller of campaign::view_patch or campaign::view.
    push = next((f for f in ('muster::Hub::apply_and_push', 'muster::Hub::push_views') if arc_in(f)), None)
    print(f'{commands} commands committed in the window; total {total:,} Ir (user space, all threads)')
    print(f'{"Ir per command":>16}  {"share":>6}  where')
    row = lambda ir, name: print(f'{ir / commands:16,.0f}  {100.0 * ir / total:5.1f}%  {name}')
    row(total, 'whole server')
    if push:
        row(arc_in(push), f'{push} (patches for every viewer, frames, send calls)')
        for callee, (ir, n) in sorted(((k, v) for k, v in arcs[push].items() if k != push), key=lambda kv: -kv[1][0])[:8]:
            row(ir, f'    {callee}' + (f'  ({n / commands:.1f} calls per command)' if n else ''))
    row(arc_in('muster::net::WebsocketSession::do_write'), 'WebSocket writes (Beast async_write via do_write; kernel not counted)')
    row(arc_in('muster::net::WebsocketSession::on_write'), 'WebSocket write completions (on_write, includes the next do_write)')
    row(arc_in('muster::net::WebsocketSession::on_read'), 'WebSocket reads + App::on_frame (parse, dispatch)')
    row(arc_in('muster::campaign::decide'), 'campaign::decide')
    row(incl['muster::DbWorker::commit_appends'], 'DB worker: commit_appends (SQLite inserts + commit)')
    db = {k: v for k, v in arcs['muster::DbWorker::commit_appends'].items() if k != 'muster::DbWorker::commit_appends'}
    for callee, (ir, n) in sorted(db.items(), key=lambda kv: -kv[1][0])[:4]:
        row(ir, f'    {callee}' + (f'  ({n / commands:.1f} calls per command)' if n else ''))
    row(arc_in('sqlite3_prepare_v2'), '    sqlite3_prepare_v2 anywhere (statements prepared again for every append)')
    views = calls_in('muster::campaign::view')
    if views:
        print(f'{arc_in("muster::campaign::view") / views:16,.0f}          Ir per campaign::view call ({views} calls)')

if __name__ == '__main__':
    main()
