"""The board in a box (tools/box/run.py): the real code.py under MicroPython with
the board's stand-ins, and the stand-ins refusing what the firmware refuses."""

import os
import shutil
import subprocess

import pytest

from tools.box import run as boardbox
from tools.box import boardvm
from tools.release import bundle
from tools.box import mp
from tools.box.run import figures

ROOT = mp.ROOT
pytestmark = pytest.mark.skipif(not os.path.exists(mp.micropython()), reason="no micropython")
# The regression guard on this 64-bit heap: the stand-ins hold about 74 KB of it, and the
# app gets the rest. The budget itself is on the board's 32-bit interpreter (docs/BOARD.md's
# table of budgets gives the app's peak there); here, with 8-byte words, hard's 2-player
# branches weigh more, and this unix MicroPython interns the app's names at run time (the board
# has most in its firmware): a new qstr pool, about 14 KB here, comes with the name that
# passes a step (1,251 names in 6 pools and 1,269 in 7 after a game: 14.3 KB more at its
# end). The app peaks at 158-162 KB here (two players, seeds 1, 4 and 5), the seventh pool in.
HEAP = "240k"


def run(*args):
    lines = []
    status = boardbox.main(list(args) + ["--heap", HEAP, "--no-search"], out=lines.append)
    return status, lines


def figure(lines, prefix):
    return [ln for ln in lines if ln.startswith(prefix)]


@pytest.mark.parametrize("seed", [1, 5])
def test_two_player_game_through_every_menu(seed):
    status, lines = run("--games", "1", "--players", "2", "--seed", str(seed))
    assert status == 0, "\n".join(lines)
    assert lines[-1].startswith(
        "boardbox ok vm=mp source=py games=1 peak_app_bytes=-1 round_heap_max="
    )
    assert " pystack_max=-1 trace=" in lines[-1]
    screens = figure(lines, "screens visited:")[0].split(":")[1].split()
    for name in ("title", "rules", "stats", "setup", "play", "pause", "summary", "over"):
        assert name in screens, screens
    assert figure(lines, "idle frames")[0].endswith("allocated 0 bytes")
    # seed 1's run has the board check (lib/check.py) before its game, its report printed
    report = figure(lines, "check: ")
    assert ("check" in screens) == (seed == 1) and bool(report) == (seed == 1)
    if seed == 1:
        from tools.check.report import read

        rep = read("\n".join(report))
        assert rep["fields"]["game_moves"] > 0 and rep["fields"]["title_alloc"] > 0
        assert len(rep["bench"]) == 18 and rep["fields"]["board"] == "pygamer"


def test_pass_and_play_power_cut_and_continue_pybadge():
    # three games: the second has its power cut and is continued after the
    # restart, the third is pass and play; the PyBadge's D-pad keys
    status, lines = run("--games", "3", "--players", "2", "--seed", "3", "--board", "pybadge")
    assert status == 0, "\n".join(lines)
    assert figure(lines, "run at heap")[0].endswith("cut / done")
    assert "pass" in figure(lines, "screens visited:")[0].split()
    rounds = [int(x) for x in figure(lines, "heap after each round")[0].split(":")[1].split()]
    names = [int(x) for x in figure(lines, "the qstr pools in it")[0].split(":")[1].split()]
    assert len(rounds) >= 6 and len(names) == len(rounds)
    # no leak from game to game: the last rounds are no bigger than the first ones by more
    # than a screen's worth, apart from the names (the qstr pools: interned once, a new
    # pool twice the last when the names pass a step)
    objects = [r - n for r, n in zip(rounds, names)]
    assert max(objects[-3:]) - max(objects[:3]) < 8192, (rounds, names)


def test_the_game_starts_beside_another_projects_modules():
    # the drive also holds another project's /gfx.py, /lib/app.py and /lib/menu.py, each
    # failing if imported: the game plays with its own
    status, lines = run("--games", "1", "--players", "2", "--seed", "6", "--theirs")
    assert status == 0, "\n".join(lines)
    assert "play" in figure(lines, "screens visited:")[0].split()


def edited_code_py(monkeypatch, edit):
    # the box's drive with its code.py edited, and a copy of the game's own menu.py at the
    # drive's root
    lay_out = boardbox.Box.lay_out

    def edited(box):
        lay_out(box)
        path = os.path.join(box.drive, "code.py")
        with open(path) as f:
            text = f.read()
        assert 'sys.path.insert(0, "%s")' % bundle.FOLDER in text
        with open(path, "w") as f:
            f.write(edit(text))
        shutil.copyfile(os.path.join(ROOT, "lib", "menu.py"), os.path.join(box.drive, "menu.py"))

    monkeypatch.setattr(boardbox.Box, "lay_out", edited)


def test_a_game_whose_folder_is_not_first_fails(monkeypatch):
    # code.py putting the game's folder last: another project's modules come first
    edited_code_py(monkeypatch, lambda t: t.replace("sys.path.insert(0, ", "sys.path.append("))
    status, lines = run("--games", "1", "--players", "2", "--seed", "6", "--theirs")
    assert status == 1 and lines[-1].startswith("boardbox FAILED"), lines[-1]
    assert "another project's lib/app.py was imported" in lines[-1]
    # without them, the module the app imports from outside its folder fails the run
    status, lines = run("--games", "1", "--players", "2", "--seed", "6")
    assert status == 1
    assert lines[-1].endswith(
        "the app imported menu.py, from outside the game's folder %s/" % bundle.FOLDER
    ), lines[-1]


def test_the_released_bytecode_plays_the_same_games():
    # the release's 10.x bytecode (its first byte made MicroPython's) and the .py sources play
    # the same game, move for move, through every screen
    got = {}
    for source in ("py", "mpy"):
        status, lines = run("--games", "1", "--players", "4", "--seed", "2", "--source", source)
        assert status == 0, "\n".join(lines)
        got[source] = figures(lines[-1])
        assert got[source]["source"] == source
    assert got["py"]["trace"] == got["mpy"]["trace"] and got["py"]["trace"] != 0


def test_a_heap_too_small_fails_with_the_seed():
    lines = []
    status = boardbox.main(
        ["--games", "1", "--players", "2", "--seed", "2", "--heap", "128k"], out=lines.append
    )
    assert status == 1
    assert lines[-1].startswith("boardbox FAILED") and "seed=2" in lines[-1]
    assert "MemoryError" in lines[-1]


def test_no_figure_depends_on_gc_threshold():
    # The boards have no gc.threshold (MICROPY_GC_ALLOC_THRESHOLD 0): the app
    # sets none, and a run in which it had set one is no board figure
    status, lines = run("--games", "1", "--players", "2", "--seed", "4")
    assert status == 0, "\n".join(lines)
    assert figure(lines, "gc.threshold:") == ["gc.threshold: none set (as on the boards)"], lines


REFUSALS = r"""
import displayio, board, keypad, microcontroller

def refused(what, f):
    try:
        f()
    except (ValueError, TypeError, IndexError) as e:
        print("refused", what, type(e).__name__)
        return
    print("ACCEPTED", what)

sheet = displayio.Bitmap(16, 8, 4)          # 2 bits a pixel, 2 tiles of 8x8
pal = displayio.Palette(4)
tg = displayio.TileGrid(sheet, pixel_shader=pal, width=3, tile_width=8, tile_height=8)
tg[1] = 1
refused("tile past the sheet", lambda: tg.__setitem__(2, 2))
refused("tile index past the grid", lambda: tg.__setitem__(3, 0))
refused("tile width not dividing",
        lambda: displayio.TileGrid(sheet, pixel_shader=pal, tile_width=5))
refused("a bitmap as shader", lambda: displayio.TileGrid(sheet, pixel_shader=sheet))
g1 = displayio.Group()
g2 = displayio.Group()
g1.append(tg)
refused("a layer in two groups", lambda: g2.append(tg))
g1.remove(tg)
g2.append(tg)
print("moved", len(g1), len(g2))
refused("a non-layer", lambda: g1.append(pal))
refused("removing a stranger", lambda: g1.remove(tg))
sheet[3, 3] = 3
refused("a value past the bits", lambda: sheet.__setitem__((0, 0), 4))
refused("a pixel outside", lambda: sheet.__setitem__((16, 0), 1))
refused("a palette index past", lambda: pal.__setitem__(4, 0))
refused("a colour past 24 bits", lambda: pal.__setitem__(0, 0x1000000))
board.DISPLAY.root_group = g1
refused("the root group in a group", lambda: g2.append(g1))
refused("a group on two displays' roots", lambda: setattr(displayio.Display(), "root_group", g1))
k = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,
    latch=board.BUTTON_LATCH, key_count=4, value_when_pressed=True, max_events=2)
refused("pins in use", lambda: keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK,
    data=board.BUTTON_OUT, latch=board.BUTTON_LATCH, key_count=4, value_when_pressed=True))
for i in range(3):
    k.set(i, True)
print("queue", len(k.events), k.events.overflowed)
def put(a, b, v):                           # (MicroPython makes no slice objects by name)
    microcontroller.nvm[a:b] = v
refused("nvm slice of another length", lambda: put(0, 4, b"abc"))
import _heap
print("sizes", sheet._board(), pal._board(), tg._board(), g1._board())
"""


def test_standins_refuse_what_the_firmware_refuses():
    done = subprocess.run(
        [mp.micropython(), "-c", REFUSALS],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env=dict(os.environ, MICROPYPATH="tools/box/standins"),
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    assert not [ln for ln in out if ln.startswith("ACCEPTED")], out
    assert len([ln for ln in out if ln.startswith("refused")]) == 15, out
    assert "moved 0 1" in out
    assert "queue 2 True" in out  # a full queue drops the event, flags overflow
    # board bytes: Bitmap 36-byte struct in 48 + 16x8 at 2 bits = 1 word a row, 8 words = 32;
    # Palette 16 + 4 colours of 12 bytes = 48; TileGrid 88 -> 96, 3 tile bytes inline;
    # Group 48 + an mp_obj_list_t of 16 + 4 slots of 4 bytes = 16
    assert "sizes 80 64 96 80" in out, out


# ---- the board's own interpreter (tools/box/boardvm.py), where it is built ----------------


def board_vm(vm):
    return pytest.mark.skipif(boardvm.binary(vm) is None, reason="board VM %s not built" % vm)


@pytest.mark.parametrize("vm", [pytest.param(v, marks=board_vm(v)) for v in boardvm.VMS])
def test_board_vm_is_configured_as_the_board(vm):
    lines = []
    assert boardvm.check(vm, out=lines.append), lines
    assert lines[0].startswith("boardvm %s ok" % vm)


def test_the_checker_names_what_a_vm_lacks():
    # the host's 64-bit MicroPython is not the board
    facts = boardvm.probe(mp.micropython())
    wrong = "\n".join(boardvm.problems(facts))
    for what in (
        "not 32-bit words",
        "small ints are not 31-bit",
        "gc.threshold exists",
        "no pystack",
        "no traceback module",
    ):
        assert what in wrong, wrong


@board_vm("cp10")
def test_box_on_the_10x_board_vm():
    # one short run in a pool with room for the app's 104 KB beside the box's own share
    # (about 47 KB: its stand-ins and driver): the VM's pystack record, each frame of
    # it as tools/box/pystack.py sizes it, none of the box's own frames (tools/) counted
    status, lines = boardbox_run(
        "cp10", "--games", "1", "--players", "2", "--seed", "2", "--heap", "158k", "--no-search"
    )
    assert status == 0, "\n".join(lines)
    last = lines[-1]
    assert last.startswith("boardbox ok vm=cp10 source=mpy games=1 "), last
    stack = figures(last)["pystack_max"]
    assert 0 < stack <= 2048
    at = lines.index(figure(lines, "pystack_max ")[0])
    frames = [ln for ln in lines[at + 1 :] if ln.startswith("  ") and "heap" not in ln]
    assert frames[0].split()[1:] == ["code.py", "<module>"], frames
    assert sum(int(ln.split()[0]) for ln in frames) == stack
    assert not [ln for ln in frames if "model" in ln or "tools/" in ln], frames
    assert figure(lines, "gc.threshold:") == ["gc.threshold: none set (as on the boards)"]


def boardbox_run(vm, *args):
    lines = []
    status = boardbox.main(["--vm", vm] + list(args), out=lines.append)
    return status, lines


@board_vm("cp9")
def test_rng_draws_allocate_nothing_on_the_32_bit_vm():
    # engine/rng.py on 31-bit small ints, the collector off: draws and a shuffle of the
    # deck allocate nothing
    script = (
        "import gc\n"
        "from engine.rng import Rng\n"
        "r = Rng(123456789)\n"
        "deck = list(range(40))\n"
        "a = b = n = x = 0\n"
        "s = 30\n"
        "gc.collect()\n"
        "gc.disable()\n"
        "a = gc.mem_alloc()\n"
        "for n in range(2000):\n"
        "    r.below(40)\n"
        "r.shuffle(deck)\n"
        "b = gc.mem_alloc()\n"
        "print(b - a)\n"
        "x = 1 << s\n"
        "print(gc.mem_alloc() - b)\n"
    )
    done = subprocess.run(
        [boardvm.binary("cp9"), "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    drawn, big = done.stdout.split()
    assert drawn == "0"
    assert int(big) > 0  # the probe sees an allocation where there is one
