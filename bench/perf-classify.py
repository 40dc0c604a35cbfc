#!/usr/bin/env python3
"""Group `perf script -F tid,ip,sym` samples (taken with --call-graph dwarf) by where Muster spends CPU.

  perf script -i perf.data --no-inline -F tid,ip,sym > script.txt
  python3 bench/perf-classify.py script.txt [--by-thread]

Each sample is charged to the innermost frame (leaf first) that matches a category below, so malloc/free
inside json::diff is charged to json::diff. Prints samples and share per category.
"""
import re
import sys
from collections import Counter, defaultdict


def short(sym):
    """Drop template arguments and parameter lists: 'a::b<x<y>>::c(int)' -> 'a::b::c'."""
    sym = sym.replace('(anonymous namespace)', '{anon}')
    out, depth = [], 0
    for ch in sym:
        if ch == '<':
            depth += 1
        elif ch == '>':
            depth = max(0, depth - 1)
        elif depth == 0:
            out.append(ch)
    s = ''.join(out)
    s = re.sub(r'\(.*', '', s) if not s.startswith('(') else s
    return s.replace('json_abi_v3_11_2::', '').replace('[abi:cxx11]', '')


# (category, regex on the short frame name); first match walking from the leaf wins.
CATEGORIES = [
    ('json::diff (patch per viewer)', r'nlohmann::basic_json::diff$'),
    ('patch_inplace (apply the patch to the stored per-user view)', r'nlohmann::basic_json::patch_inplace$|nlohmann::basic_json::patch$'),
    ('json dump (serialize frames)', r'nlohmann::detail::serializer::|nlohmann::basic_json::dump$|nlohmann::detail::escape'),
    ('json parse (incoming commands, events)', r'nlohmann::detail::parser::|nlohmann::basic_json::parse$|nlohmann::detail::lexer'),
    ('campaign::view_patch (patch ops per viewer)', r'muster::campaign::view_patch$'),
    ('campaign::view (build full view per viewer)', r'muster::campaign::view$'),
    ('campaign::apply / decide', r'muster::campaign::(apply|decide)'),
    ('shared_ptr release (sessions, frames, views)', r'std::_Sp_counted_ptr_inplace::_M_dispose|std::_Sp_counted_base::_M_release'),
    ('SQLite (statements, commit)', r'^sqlite3|muster::store::'),
    ('fdatasync/fsync (kernel, db thread)', r'fdatasync|fsync'),
    ('WebSocket write (Beast + sendmsg)', r'sendmsg|WebsocketSession::(send|do_write|on_write)|write_op|async_write|write_some'),
    ('WebSocket read (Beast + recvmsg)', r'recvmsg|WebsocketSession::(on_read|do_read)|read_op|async_read|read_some'),
    ('dispatch (App::on_frame, rate, hub lookup)', r'muster::App::on_frame|muster::App::hub$'),
    ('hub itself (per-user patch arrays and maps, frames, queue)', r'muster::Hub::'),
    ('db worker queue', r'muster::DbWorker::'),
    ('asio scheduler / epoll / futex', r'epoll|scheduler::|futex|strand'),
    ('scrypt / crypto', r'scrypt|SHA256|sha256|EVP_|HMAC'),
]
COMPILED = [(c, re.compile(r)) for c, r in CATEGORIES]


def samples(path):
    tid, frames = None, []
    with open(path, errors='replace') as f:
        for line in f:
            if not line.strip():
                if tid is not None:
                    yield tid, frames
                tid, frames = None, []
                continue
            if re.match(r'^\s*\d+\s*$', line):  # "TID" header line (right-aligned, may start with spaces)
                if tid is not None:
                    yield tid, frames
                tid = line.split()[0]
                frames = []
            else:
                parts = line.strip().split(None, 1)
                frames.append(short(parts[1]) if len(parts) > 1 else '?')
    if tid is not None:
        yield tid, frames


def classify(frames):
    for fr in frames:
        for c, rx in COMPILED:
            if rx.search(fr):
                return c
    leaf = frames[0] if frames else '?'
    return 'other: ' + leaf[:60]


def main():
    path = sys.argv[1]
    by_thread = '--by-thread' in sys.argv
    total = Counter()
    threads = defaultdict(Counter)
    n = 0
    for tid, frames in samples(path):
        c = classify(frames)
        total[c] += 1
        threads[tid][c] += 1
        n += 1
    print(f'{n} samples')
    for c, k in total.most_common(25):
        print(f'{k:7d} {100.0 * k / n:6.1f}%  {c}')
    if by_thread:
        for tid, cnt in sorted(threads.items(), key=lambda kv: -sum(kv[1].values())):
            s = sum(cnt.values())
            print(f'\nthread {tid}: {s} samples ({100.0 * s / n:.1f}%)')
            for c, k in cnt.most_common(6):
                print(f'   {k:7d} {100.0 * k / s:6.1f}%  {c}')


if __name__ == '__main__':
    main()
