"""The board's own interpreter on the desk: where the board VMs are and whether one is
configured as the board is.

    python3 -m tools.box.boardvm check [--vm cp9|cp10|PATH]

A board VM is CircuitPython's unix port (adafruit/circuitpython, ports/unix; cp9 from the
newest 9.2.x tag, cp10 from a 10.x tag) built as the boards are for the language and the heap
(docs/LAB.md, "The board's interpreter on the desk"). The repository holds no source, build
or recipe of it: a maintainer builds the two binaries and puts them at $BOARD_VM_DIR/cp9/micropython
and $BOARD_VM_DIR/cp10/micropython (BOARD_VM_DIR defaults to build/boardvm in the repository).
Tools that use one (tools/box/run.py --vm, make bench, the tests) say "not built" and go on
where it is missing.

`check` runs a probe in the binary and prints each property the board has and the binary
lacks; "boardvm cp10 ok ..." when it has them all (exit status 1 otherwise):
- 32-bit words: sys.maxsize is 2**31 - 1, so 2**30 is a heap object (31-bit small ints)
- MPZ long ints (2**100 exact)
- no gc.threshold (MICROPY_GC_ALLOC_THRESHOLD 0)
- the traceback module, with print_exception
- the pystack at the board's size, 1,536 bytes on 9.x and 2,048 on 10.x: a recursion raises
  "pystack exhausted" there; micropython.pystack_peak() records its high-water mark (below)
- the split heap that grows: -X heapsize=N is the pool the heap grows into (the PyGamer's is
  about 150 KB); it starts at 8 KB and adds pieces after a failed allocation and a collection,
  and no object spans two pieces (56, 56 and 24 KB do not all fit in a 150 KB pool, where one
  150 KB heap would hold them)
- the board's names in flash (tools/box/names.py): the names of the firmware's built-in modules
  that the app uses and the box's own names (its stand-ins', its driver's) are static qstrs, so
  compiling code that uses them adds no qstr to the heap's pools (micropython.qstr_info())

micropython.pystack_peak(prefix) starts the record again and leaves out, from then on, the
frames of functions whose source file's name starts with prefix (the box's own, "tools/"),
both from the record and from the board's limit; micropython.pystack_peak() answers
(bytes counted at the peak, the board's pystack bytes, frames at the peak outermost first as
(source file, function name, bytes, counted)). A frame of None, None is a block a call took
that is not a function's code state (it counts with the frame under it).
"""

import argparse
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VMS = ("cp9", "cp10")
PYSTACK = {9: 1536, 10: 2048}  # CIRCUITPY_PYSTACK_SIZE, py/circuitpy_mpconfig.h
POOL = 150 * 1024  # the PyGamer's heap pool, about (docs/BOARD.md)


def vm_dir():
    return os.environ.get("BOARD_VM_DIR") or os.path.join(ROOT, "build", "boardvm")


def binary(vm):
    """Path of a board VM's binary ("cp9", "cp10" or a path), or None where it is not built."""
    path = vm if os.sep in vm else os.path.join(vm_dir(), vm, "micropython")
    return path if os.path.isfile(path) and os.access(path, os.X_OK) else None


PROBE = r"""
import gc, sys
try:
    import micropython
except ImportError:
    micropython = None
out = []
def fact(k, v):
    print(k, v)
fact("version", ".".join(str(x) for x in sys.implementation.version[:3]))
fact("name", sys.implementation.name)
fact("maxsize", sys.maxsize)
x = e = 0
gc.collect()
gc.disable()
e = 29
a = gc.mem_alloc()
x = 2 ** e
fact("alloc_2_29", gc.mem_alloc() - a)
e = 30
a = gc.mem_alloc()
x = 2 ** e
fact("alloc_2_30", gc.mem_alloc() - a)
gc.enable()
fact("mpz", 2 ** 100 == 1267650600228229401496703205376)
fact("threshold", hasattr(gc, "threshold"))
try:
    import traceback
    fact("traceback", hasattr(traceback, "print_exception"))
except ImportError:
    fact("traceback", False)
fact("peak_api", hasattr(micropython, "pystack_peak"))
def deep(n):
    return deep(n + 1)
try:
    deep(0)
    fact("pystack_exhausted", False)
except RuntimeError as e:
    fact("pystack_exhausted", "pystack" in str(e))
if hasattr(micropython, "pystack_peak"):
    p = micropython.pystack_peak()
    fact("pystack_limit", p[1])
    fact("pystack_peak", p[0])
    fact("peak_frame", p[2][-1][1] if p[2] else None)
gc.collect()
keep = []
try:
    for n in (56, 56, 24):
        keep.append(bytearray(n * 1024))
    fact("pieces", False)
except MemoryError:
    fact("pieces", len(keep) == 2)
keep = None
"""


# Names the PyGamer's firmware has in flash and the app uses (shared-bindings/displayio/TileGrid.c,
# Bitmap.c, Group.c, Palette.c, shared-bindings/keypad/ShiftRegisterKeys.c and EventQueue.c at
# 9.2.9 and 10.2.1), and a few of the box's own (its stand-ins' and driver's, tools/box/)
BOARD_NAMES = ("TileGrid", "pixel_shader", "root_group", "ShiftRegisterKeys", "get_into", "Palette")
BOX_NAMES = ("FRAMES_PER_GAME", "standin_excess", "PowerCut", "wrap_ai", "_check_shader")

NAMES = """
import micropython
def qstrs():
    micropython.qstr_info()
qstrs()
code = compile(%r, "<stdin>", "exec")
qstrs()
"""


def names_in_flash(path):
    """How many of BOARD_NAMES and BOX_NAMES compiling code that uses them puts in the heap's
    qstr pools (0 on a VM that has them in flash, as the board has the firmware's)."""
    src = "x = (" + " ".join("x.%s," % n for n in BOARD_NAMES + BOX_NAMES) + ")"
    done = subprocess.run([path, "-c", NAMES % src], capture_output=True, text=True, timeout=60)
    counts = [
        int(w.split("=")[1].rstrip(",")) for w in done.stdout.split() if w.startswith("n_qstr=")
    ]
    return counts[1] - counts[0] if len(counts) == 2 else -1


# in a fresh VM of its own: the pieces above stay in the pool
GROWS = """
try:
    keep = bytearray(100 * 1024)
    print("grows True")
except MemoryError:
    print("grows False")
"""


def probe(path):
    facts = {}
    for script in (PROBE, GROWS):
        done = subprocess.run(
            [path, "-X", "heapsize=%d" % POOL, "-c", script],
            capture_output=True,
            text=True,
            timeout=60,
        )
        for line in done.stdout.splitlines():
            k, _, v = line.partition(" ")
            facts[k] = v
        if done.returncode:
            facts["error"] = (done.stderr or done.stdout).strip()[-300:]
    facts["names_in_heap"] = names_in_flash(path)
    return facts


def problems(facts):
    """What the probe's facts show the binary lacks, one line each ([] when none)."""
    wrong = []
    if "error" in facts:
        wrong.append("the probe failed: %s" % facts["error"])
    major = int(facts.get("version", "0").split(".")[0] or 0)
    if facts.get("name") != "circuitpython" or major not in PYSTACK:
        wrong.append(
            "not CircuitPython 9.x or 10.x: %s %s" % (facts.get("name"), facts.get("version"))
        )
    if facts.get("maxsize") != str(2**31 - 1):
        wrong.append("not 32-bit words: sys.maxsize %s" % facts.get("maxsize"))
    if facts.get("alloc_2_30", "0") == "0" or facts.get("alloc_2_29") != "0":
        wrong.append(
            "small ints are not 31-bit: 2**29 allocates %s bytes, 2**30 %s"
            % (facts.get("alloc_2_29"), facts.get("alloc_2_30"))
        )
    if facts.get("mpz") != "True":
        wrong.append("long ints are not MPZ (2**100 wrong)")
    if facts.get("threshold") != "False":
        wrong.append("gc.threshold exists (the boards have none: MICROPY_GC_ALLOC_THRESHOLD 0)")
    if facts.get("traceback") != "True":
        wrong.append("no traceback module with print_exception")
    if facts.get("pystack_exhausted") != "True":
        wrong.append("no pystack: a deep recursion did not raise 'pystack exhausted'")
    if facts.get("peak_api") != "True":
        wrong.append("no micropython.pystack_peak() (the VM's record of the pystack's peak)")
    elif major in PYSTACK:
        limit = PYSTACK[major]
        if facts.get("pystack_limit") != str(limit):
            wrong.append(
                "pystack of %s bytes, the %d.x board's is %d"
                % (facts.get("pystack_limit"), major, limit)
            )
        peak = int(facts.get("pystack_peak", 0))
        if not limit - 64 < peak <= limit or facts.get("peak_frame") != "deep":
            wrong.append(
                "the recursion's recorded peak is %d bytes in %s, not the last "
                "frame below %d" % (peak, facts.get("peak_frame"), limit)
            )
    if facts.get("grows") != "True":
        wrong.append("the heap does not grow to 100 KB in a %d-byte pool" % POOL)
    if facts.get("names_in_heap") != 0:
        wrong.append(
            "the board's names are not in flash: compiling %d of the firmware's and the box's "
            "names put %s of them in the heap's qstr pools (tools/box/names.py extra)"
            % (len(BOARD_NAMES + BOX_NAMES), facts.get("names_in_heap"))
        )
    if facts.get("pieces") != "True":
        wrong.append(
            "not a split heap growing from 8 KB in pieces "
            "(56, 56 and 24 KB all fit in a %d-byte pool)" % POOL
        )
    return wrong


def check(vm, out=print):
    """Prints what a board VM lacks; True when it is configured as the board is."""
    path = binary(vm)
    if path is None:
        out("boardvm %s not built (%s)" % (vm, os.path.join(vm_dir(), vm, "micropython")))
        return False
    facts = probe(path)
    wrong = problems(facts)
    for w in wrong:
        out("boardvm %s: %s" % (vm, w))
    if not wrong:
        out(
            "boardvm %s ok: CircuitPython %s, 32-bit, pystack %s bytes, split heap, no "
            "gc.threshold, traceback, MPZ, the board's names in flash"
            % (vm, facts["version"], facts["pystack_limit"])
        )
    return not wrong


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("what", choices=("check",))
    ap.add_argument("--vm", action="append", help="cp9, cp10 or a path (default: both)")
    a = ap.parse_args(argv)
    ok = [check(vm) for vm in (a.vm or VMS)]
    return 0 if all(ok) else 1


if __name__ == "__main__":
    sys.exit(main())
