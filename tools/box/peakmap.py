"""What is live at a box run's peak on a board VM: a map of the heap where the run no longer fits.

    python3 -m tools.box.peakmap --vm cp10 --seed 3 --players 2,3,4 [--games 3] [--pool N]
                                 [--source mpy|py] [--json FILE]

A run's peak (tools/box/run.py's peak_app_bytes) is the smallest pool in which every part of it
completes. One step (256 bytes) under it, an allocation fails for good: the collector has run,
and the split heap can add no piece. This tool runs the box there (--pool, or found by the same
search as run.py's) with the board VM under gdb (tools/box/peakmap_gdb.py), which stops at that
failure (m_malloc_fail, py/malloc.c) and reads the heap out of the VM's memory: each piece of
the split heap with its allocation table, every object type the binary defines, the qstr pools,
the loaded modules. Everything in the heap then is live (or held by the collector's
conservative scan of the stack), so the map shows where the bytes are:
- the pieces of the split heap, their free blocks and the largest free run, and the request
  that did not fit;
- by kind of object: the object's type (a list, a dict, an instance of a class of ours named by
  module.Class), and a block without a type (an array of items, a map's table, bytecode) under
  the kind of the object that points to it;
- by module: the code each module holds (its functions, their bytecode and child tables, its
  constants, its globals and classes), the app's and the box's own (tools/: C on the board);
- the qstr pools (each pool's entries) and the qstrs' strings.
The board VM must be built with debug information (docs/BOARD.md) and gdb installed. Each
total is checked against the pieces' allocated blocks.
"""

import argparse
import bisect
import json
import os
import shutil
import sys
import tempfile
from collections import defaultdict

from tools.box import mp
from tools.box import run as boxrun

ROOT = mp.ROOT
HEAD, TAIL, MARK = 1, 2, 3
TYPE = "mp_type_type"


class Heap:
    """The objects of one dump: their addresses, sizes, words and kinds."""

    def __init__(self, dump):
        self.dump = dump
        self.word = dump["word"]
        self.block = dump["block"]
        self.types = dict((int(k), v) for k, v in dump["types"].items())
        self.type_at = dict((v, k) for k, v in self.types.items())
        self.starts = []  # object addresses, sorted
        self.size = {}  # address: bytes
        self.mem = {}  # address: its bytes
        self.pieces = []
        for area in dump["areas"]:
            self.add_area(area)
        self.starts.sort()
        self.qstrs = dump["qstrs"]
        # a qstr as an object: (q << 4) | 6 in object representation C (the SAMD51's: 30-bit
        # floats), (q << 3) | 2 in A (py/obj.h); the keys of sys.modules are all qstrs
        keys = [int(k) for k in dump["modules"].values()]
        self.repr_c = bool(keys) and all(k & 0xFF80000F == 6 for k in keys)
        self.kind = {}
        self.owner = {}  # address: module name of code and module tables
        self.classify()

    def add_area(self, area):
        atb, pool, start = bytes.fromhex(area["atb"]), bytes.fromhex(area["pool"]), area["start"]
        blocks = len(pool) // self.block
        used = free = run = longest = 0
        b = 0
        while b < blocks:
            k = (atb[b // 4] >> (2 * (b % 4))) & 3
            if k in (HEAD, MARK):
                n = 1
                while b + n < blocks and (atb[(b + n) // 4] >> (2 * ((b + n) % 4))) & 3 == TAIL:
                    n += 1
                at = start + b * self.block
                self.starts.append(at)
                self.size[at] = n * self.block
                self.mem[at] = pool[b * self.block : (b + n) * self.block]
                used += n
                b += n
                run = 0
                continue
            if k != TAIL:
                free += 1
                run += 1
                longest = max(longest, run)
            b += 1
        self.pieces.append(
            {
                "start": start,
                "bytes": len(pool),
                "table": len(atb),
                "used": used * self.block,
                "free": free * self.block,
                "longest_free": longest * self.block,
            }
        )

    def words(self, at):
        data = self.mem[at]
        w = self.word
        return [int.from_bytes(data[i : i + w], "little") for i in range(0, len(data) - w + 1, w)]

    def word_at(self, at, offset):
        data = self.mem[at]
        return int.from_bytes(data[offset : offset + self.word], "little")

    def object_of(self, p):
        """The start of the object p points into, or None."""
        i = bisect.bisect_right(self.starts, p) - 1
        if i >= 0 and p < self.starts[i] + self.size[self.starts[i]]:
            return self.starts[i]
        return None

    def qstr(self, q):
        return self.qstrs[q] if 0 <= q < len(self.qstrs) else "?%d" % q

    def dict_items(self, d):
        """[(key word, value word)] of a dict object at d."""
        off = self.dump["offsets"]
        table, alloc = (
            self.word_at(d, off["mp_obj_dict_t.map.table"]),
            self.word_at(d, off["mp_obj_dict_t.map.alloc"]),
        )
        t = self.object_of(table)
        if t is None:
            return []
        out = []
        base = table - t
        for i in range(alloc):
            k = self.word_at(t, base + 2 * i * self.word)
            v = self.word_at(t, base + (2 * i + 1) * self.word)
            if k not in (0, 4, 8):  # MP_OBJ_NULL, MP_OBJ_SENTINEL (py/obj.h)
                out.append((k, v))
        return out

    def qstr_of(self, w):
        """The qstr a word holds as an object, or None."""
        if self.repr_c:
            return w >> 4 if w & 0xFF80000F == 6 else None
        return w >> 3 if w & 7 == 2 else None

    def lookup(self, d, name):
        for k, v in self.dict_items(d):
            q = self.qstr_of(k)
            if q is not None and self.qstr(q) == name:
                return v
        return None

    def module_name(self, m):
        g = self.word_at(m, self.dump["offsets"]["mp_obj_module_t.globals"])
        if self.object_of(g) != g:
            return "?"
        q = self.qstr_of(self.lookup(g, "__name__") or 0)
        return self.qstr(q) if q is not None else "?"

    def mark(self, p, kind, owner=None):
        """Labels the object p points into, if not labelled: its kind and module."""
        at = self.object_of(p)
        if at is None or at in self.kind:
            return None
        self.kind[at] = kind
        if owner:
            self.owner[at] = owner
        return at

    def classify(self):
        off = self.dump["offsets"]
        typed = {}
        for at in self.starts:
            t = self.word_at(at, 0)
            if t in self.types:
                typed[at] = self.types[t].replace("mp_type_", "")
        classes = dict((at, None) for at, k in typed.items() if k == "type")
        # the qstr pools and their strings
        for pool in self.dump["pools"]:
            self.mark(pool["at"], "qstr pool")
        for p in self.dump["qstr_ptrs"]:
            self.mark(p, "qstr strings")
        # modules: their objects (with their constants), globals and tables
        mods = {}
        for at, k in typed.items():
            if k == "module":
                mods[at] = self.module_name(at)
        for at, name in mods.items():
            self.kind[at] = "module"
            self.owner[at] = name
            for field in ("qstr_table", "obj_table"):
                key = "mp_module_context_t.constants." + field
                if key in off and self.size[at] > off[key]:
                    table = self.mark(self.word_at(at, off[key]), "code: constants", name)
                    if table is not None and field == "obj_table":
                        for w in self.words(table):
                            self.mark(w, "code: constants", name)
            g = self.word_at(at, off["mp_obj_module_t.globals"])
            if self.object_of(g) == g:
                self.kind[g] = "code: globals"
                self.owner[g] = name
                self.mark(self.word_at(g, off["mp_obj_dict_t.map.table"]), "code: globals", name)
        # classes of ours: the type, its locals, their table
        for at in classes:
            locals_dict = self.class_locals(at)
            module = "?"
            if locals_dict is not None:
                q = self.qstr_of(self.lookup(locals_dict, "__module__") or 0)
                if q is not None:
                    module = self.qstr(q)
                self.kind[locals_dict] = "code: classes"
                self.owner[locals_dict] = module
                self.mark(
                    self.word_at(locals_dict, off["mp_obj_dict_t.map.table"]),
                    "code: classes",
                    module,
                )
            name = self.qstr(self.word_at(at, off["mp_obj_type_t.name"]) & 0xFFFF)
            classes[at] = "%s.%s" % (module, name)
            self.kind[at] = "code: classes"
            self.owner[at] = module
        by_globals = dict(
            (self.word_at(at, off["mp_obj_module_t.globals"]), n) for at, n in mods.items()
        )
        # functions: their bytecode, child tables and the raw code under them
        for at, k in typed.items():
            if k in ("fun_bc", "gen_wrap"):
                # its context: the module's (mp_module_context_t, py/bc.h), which the code of a
                # module compiled from source shares without a type of its own
                ctx = self.object_of(self.word_at(at, off["mp_obj_fun_bc_t.context"]))
                module = "?"
                if ctx is not None:
                    # a context that is not a module's object but shares one's globals (a module
                    # compiled from source), or none (code compiled by compile() and run by
                    # exec(): code.py, as the box runs it, "__main__" as on the board)
                    g = self.word_at(ctx, off["mp_obj_module_t.globals"])
                    module = mods.get(ctx) or by_globals.get(g)
                    module = module or self.module_name(ctx).replace("__main__", "code.py")
                    if ctx not in self.kind:
                        self.kind[ctx] = "code: module contexts"
                        self.owner[ctx] = module
                self.kind[at] = "code: functions"
                self.owner[at] = module
                self.mark(
                    self.word_at(at, off["mp_obj_fun_bc_t.bytecode"]), "code: bytecode", module
                )
                self.children(self.word_at(at, off["mp_obj_fun_bc_t.child_table"]), module)
        # the rest by its type; an instance of a class of ours by its class
        for at, k in typed.items():
            if at not in self.kind:
                self.kind[at] = k
        for at in self.starts:
            if at in self.kind:
                continue
            t = self.word_at(at, 0)
            cls = self.object_of(t)
            if cls is not None and cls == t and cls in classes:
                self.kind[at] = "instance of " + classes[cls]
        # a block without a type: under the kind of the first object that points into it
        refs = defaultdict(list)
        for at in self.starts:
            for w in self.words(at):
                target = self.object_of(w)
                if target is not None and target != at:
                    refs[target].append(at)
        for at in self.starts:
            if at in self.kind:
                continue
            by = [r for r in refs.get(at, ()) if r in self.kind]
            if by:
                self.kind[at] = "data of " + self.kind[by[0]].replace("data of ", "")
                if by[0] in self.owner:
                    self.owner[at] = self.owner[by[0]]
            else:
                self.kind[at] = (
                    "untyped, held from outside the heap" if not refs.get(at) else "untyped"
                )

    def class_locals(self, at):
        off = self.dump["offsets"]
        data = self.mem[at]
        i = data[off["mp_obj_type_t.slot_index_locals_dict"]]
        if not i:
            return None
        p = self.word_at(at, off["mp_obj_type_t.slots"] + (i - 1) * self.word)
        return p if self.object_of(p) == p else None

    def children(self, table, module, depth=0):
        at = self.mark(table, "code: child tables", module)
        if at is None or depth > 20:
            return
        off = self.dump["offsets"]
        for w in self.words(at):
            rc = self.mark(w, "code: raw code", module)
            if rc is not None and "mp_raw_code_t.fun_data" in off:
                self.mark(self.word_at(rc, off["mp_raw_code_t.fun_data"]), "code: bytecode", module)
                self.children(self.word_at(rc, off["mp_raw_code_t.children"]), module, depth + 1)


def box_module(name):
    """A module of the box's own (the stand-ins', the driver's: C on the board)."""
    from tools.box.names import STANDINS

    own = [n[:-3] for n in os.listdir(os.path.join(ROOT, STANDINS)) if n.endswith(".py")]
    return name in own + ["run_mp", "__main__"]


def report(heap, out=print):
    d = heap.dump
    total = sum(heap.size.values())
    out(
        "the request that did not fit: %d bytes; the heap holds %d bytes in %d objects"
        % (d["request"], total, len(heap.starts))
    )
    out("C frames at the failure: %s" % " < ".join(d["c_frames"][:8]))
    out("")
    out("| piece of the split heap | bytes | its table | in use | free | largest free run |")
    out("| --- | --- | --- | --- | --- | --- |")
    for p in heap.pieces:
        out(
            "| 0x%08x | %d | %d | %d | %d | %d |"
            % (p["start"], p["bytes"], p["table"], p["used"], p["free"], p["longest_free"])
        )
    used = sum(p["used"] for p in heap.pieces)
    assert used == total, (used, total)
    by_kind = defaultdict(lambda: [0, 0])
    for at in heap.starts:
        k = by_kind[heap.kind[at]]
        k[0] += 1
        k[1] += heap.size[at]
    out("")
    out("| kind | objects | bytes |")
    out("| --- | --- | --- |")
    for kind, (n, b) in sorted(by_kind.items(), key=lambda t: -t[1][1]):
        out("| %s | %d | %d |" % (kind, n, b))
    assert sum(b for _, b in by_kind.values()) == total
    by_module = defaultdict(int)
    for at, m in heap.owner.items():
        by_module[m] += heap.size[at]
    app = sum(b for m, b in by_module.items() if not box_module(m))
    out("")
    out(
        "code and module tables by module: the app's %d bytes, the box's own %d"
        % (app, sum(by_module.values()) - app)
    )
    out("| module | bytes |")
    out("| --- | --- |")
    for m, b in sorted(by_module.items(), key=lambda t: -t[1]):
        out("| %s%s | %d |" % (m, " (the box's)" if box_module(m) else "", b))
    out("")
    out("| qstr pool | entries | used | bytes |")
    out("| --- | --- | --- | --- |")
    dynamic = 0
    for p in d["pools"]:
        at = heap.object_of(p["at"])
        if at is not None:
            dynamic += p["len"]
            out("| qstrs %d.. | %d | %d | %d |" % (p["first"], p["alloc"], p["len"], heap.size[at]))
    out(
        "qstrs in the heap's pools: %d; their strings %d bytes"
        % (dynamic, by_kind.get("qstr strings", [0, 0])[1])
    )
    return by_kind, by_module


def find_pool(a, box, out):
    """The pool one fine step under the run's peak (the search of tools/box/run.py)."""
    first, ok = box.run(boxrun.heap_bytes(a.heap))
    if not ok:
        raise SystemExit("the run does not complete at --heap %s" % a.heap)
    hi = boxrun.smallest(box, a, first[0], lambda line: None)[0]
    out("the run completes in a pool of %d bytes, not in %d" % (hi, hi - boxrun.FINE))
    return hi - boxrun.FINE


def main(argv=None, out=print):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--players", default="2,3,4")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--board", default="pygamer", choices=("pygamer", "pybadge"))
    ap.add_argument("--vm", default="cp10", choices=("cp9", "cp10"))
    ap.add_argument("--source", default="mpy", choices=("mpy", "py"))
    ap.add_argument("--heap", default="192k", help="the largest pool tried in the search")
    ap.add_argument("--pool", type=int, help="the pool to fail in (default: found)")
    ap.add_argument("--json", help="also write the dumps here (JSON lines)")
    a = ap.parse_args(argv)
    a.theirs = a.no_search = False
    if shutil.which("gdb") is None:
        out("peakmap: gdb is not installed (Debian's gdb)")
        return 1
    from tools.box import boardvm

    if boardvm.binary(a.vm) is None:
        out("peakmap: board VM %s not built (tools/box/boardvm.py)" % a.vm)
        return 1
    box = boxrun.Box(a)
    try:
        pool = a.pool or find_pool(a, box, out)
        with tempfile.TemporaryDirectory() as tmp:
            dumps = os.path.join(tmp, "dumps.jsonl")
            box.wrap = [
                "gdb",
                "-batch",
                "-nx",
                "-x",
                os.path.join(ROOT, "tools/box/peakmap_gdb.py"),
            ]
            box.env = {"PEAKMAP_OUT": dumps}
            parts, ok = box.run(pool)
            box.wrap = box.env = None
            if ok or not os.path.exists(dumps):
                out("peakmap: the run completed in a pool of %d bytes: no peak to map" % pool)
                return 1
            with open(dumps) as f:
                lines = f.read().splitlines()
            if a.json:
                shutil.copyfile(dumps, a.json)
    finally:
        shutil.rmtree(os.path.join(ROOT, box.tmp), ignore_errors=True)
    out(
        "vm=%s seed=%d players=%s games=%d source=%s pool=%d: %s"
        % (a.vm, a.seed, a.players, a.games, a.source, pool, parts[-1]["status"])
    )
    if len(lines) > 1:
        out("(%d allocations failed; the last ended the run, the map is of it)" % len(lines))
    text = parts[-1]["output"]
    if "Traceback" in text:
        out("where the app was: " + text[text.index("Traceback") :].split("\nat_failure")[0])
    report(Heap(json.loads(lines[-1])), out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
