"""The board's stand-ins (tools/box/standins) refuse and accept what the firmware does, and the
app's device code copes with what the firmware can do to it. Each rule is read in
adafruit/circuitpython (9.2.x and 10.x alike), the file named beside its test. The scripts run
under MicroPython from the repository root with the stand-ins first on the path; the box's own
child runs in the box's drive, as tools/box/run.py runs it."""

import os
import shutil
import subprocess
import types

import pytest

from tools.box import run as boardbox
from tools.release import bundle
from tools.box import mp

pytestmark = pytest.mark.skipif(not os.path.exists(mp.micropython()), reason="no micropython")

HEAD = r"""
def refused(what, f, kind=ValueError):
    try:
        f()
    except kind as e:
        print("refused", what)
        return
    print("ACCEPTED", what)

def accepted(what, f):
    try:
        f()
    except Exception as e:
        print("REFUSED", what, type(e).__name__, e)
        return
    print("accepted", what)
"""


def run(script):
    """The script's printed lines; none of them may say the stand-in got it wrong."""
    done = subprocess.run(
        [mp.micropython(), "-c", HEAD + script],
        cwd=mp.ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env=dict(os.environ, MICROPYPATH=":".join(boardbox.CHILD_PATH)),
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    assert not [ln for ln in out if ln.startswith(("ACCEPTED", "REFUSED"))], out
    return out


def test_audio_rates_are_checked_when_played_and_a_play_can_fail():
    # shared-bindings/audiocore/RawSample.c: no check of the rate (nor when set);
    # ports/atmel-samd/common-hal/audioio/AudioOut.c play(): at most 1,000,000 on the
    # SAMD51, then audio_dma.c takes a DMA channel and m_realloc()s the buffer
    out = run(r"""
import array, audiocore, audioio, board
w = audiocore.RawSample(array.array("H", [0] * 16), sample_rate=2000000)
print("made")
o = audioio.AudioOut(board.SPEAKER)
refused("a rate past 1 MHz, at play", lambda: o.play(w))
w.sample_rate = 1000000
accepted("1 MHz", lambda: o.play(w, loop=True))
print("buffer", len(o.buffer), o.playing)
refused("4-byte samples", lambda: audiocore.RawSample(array.array("i", [0] * 4)))
audioio.fail_next(RuntimeError("No DMA channel found"))
refused("a play with no DMA channel", lambda: o.play(w), RuntimeError)
print("after", o.playing)
o.deinit()
from device_fx import Fx
fx = Fx()
audioio.fail_next(MemoryError())
fx.tone(440)
print("skipped", fx.out.plays, fx.en.value)
fx.tone(880)
print("played", fx.out.plays, fx.en.value, fx.wave.sample_rate)
""")
    assert "made" in out and "buffer 32 True" in out and "after False" in out
    assert "skipped 0 False" in out  # the note that could not play: skipped
    assert "played 1 True 14080" in out


def test_the_battery_is_read_on_a6_as_neither_board_names_a_voltage_monitor():
    # ports/atmel-samd/boards/pygamer/pins.c and pybadge/pins.c: A6 (PB01), no VOLTAGE_MONITOR
    out = run(r"""
import board, supervisor, analogio
print("monitor", hasattr(board, "VOLTAGE_MONITOR"))
from platform_device import Device
d = Device()
print("usb", d.battery())
supervisor.runtime.usb_connected = False
analogio.set_value("A6", 34000)
print("battery", d.battery(), board.A6.in_use)
""")
    assert "monitor False" in out and "usb 0" in out
    assert "battery 3424 True" in out  # 34000 / 65536 * 3.3 V * 2


@pytest.mark.parametrize("seed", [1, 9])  # the wrap 399 and 151 frames in
def test_every_box_run_crosses_the_tick_wrap(seed):
    # shared-bindings/supervisor/__init__.c: ticks_ms() is (ms since power-on + 0x1FFF0000)
    # % 2**29; the box starts code.py late enough that the app reads it on both sides
    # (the box's child in the box's drive, as tools/box/run.py runs it)
    script = (
        "import sys\n"
        "sys.argv[:] = ['run_mp', '1', '2', '%d', 'pygamer', '0', '../unused', '%s/', '']\n"
        "import run_mp\n"
        "import supervisor\n"
        "print('ticks read', supervisor.reads[0], supervisor.reads[1])\n" % (seed, bundle.FOLDER)
    )
    box = boardbox.Box(types.SimpleNamespace(theirs=False, vm="mp", source="py"))
    try:
        done = subprocess.run(
            [mp.micropython(), "-X", "heapsize=448k", "-c", script],
            cwd=box.drive,
            capture_output=True,
            text=True,
            timeout=300,
            env=dict(os.environ, MICROPYPATH=":".join(boardbox.CHILD_PATH)),
        )
    finally:
        shutil.rmtree(os.path.join(mp.ROOT, box.tmp), ignore_errors=True)
    out = done.stdout.splitlines()
    assert done.returncode == 0 and "done" in out, done.stdout[-2000:] + done.stderr
    before, after = [int(w) for w in out[-1].split()[2:]]
    assert before > 100 and after > 100, out[-1]


def test_nvm_slices_as_the_bindings_take_them():
    # shared-bindings/nvm/ByteArray.c (slices through py/sequence.c's
    # mp_seq_get_fast_slice_indexes: clamped as Python clamps them, step 1 only)
    out = run(r"""
import array, microcontroller
nvm = microcontroller.nvm

def put(a, b, v):
    nvm[a:b] = v

r = nvm[0:4]
print("read", type(r).__name__, len(r), len(nvm[8190:9000]), len(nvm[-2:]), len(nvm[5:3]))
put(8190, 9000, b"ab")
print("end", nvm[8190], nvm[-1])
refused("a slice of another length", lambda: put(8190, 9000, b"abc"))
refused("a step", lambda: nvm[0:4:2], NotImplementedError)
refused("a list", lambda: put(0, 2, [1, 2]), NotImplementedError)
refused("an array of 2-byte items", lambda: put(0, 2, array.array("H", [1, 2])))
accepted("an array of bytes", lambda: put(0, 2, array.array("B", [1, 2])))
accepted("a memoryview", lambda: put(2, 4, memoryview(b"\x03\x04")))
nvm[-3] = 7
print("index", nvm[8189], nvm[0], nvm[3])
refused("a byte past 255", lambda: nvm.__setitem__(5, 256))
refused("an index past the end", lambda: nvm[8192], IndexError)
n = nvm.writes
nvm.fail = True
refused("a write the flash refuses", lambda: put(0, 2, b"zz"), RuntimeError)
print("kept", nvm[0], nvm[1], nvm.writes - n)
""")
    assert "read bytearray 4 2 2 0" in out
    assert "end 97 98" in out and "index 7 1 4" in out
    assert "kept 1 2 0" in out  # a refused write changes nothing
    assert len([ln for ln in out if ln.startswith("refused")]) == 7


def test_fill_region_checks_its_coordinates_as_the_firmware():
    # shared-bindings/bitmaptools/__init__.c fill_region: the value against the bits first,
    # then bitmaptools_validate_coord_range: x1 in 0..width, x2 in x1..width (None: width),
    # y1 and y2 alike; the area is filled, nothing clamped
    out = run(r"""
import displayio, bitmaptools
b = displayio.Bitmap(10, 6, 4)
fill = bitmaptools.fill_region
refused("a value past the bits", lambda: fill(b, 0, 0, 10, 6, 4))
refused("x1 below 0", lambda: fill(b, -1, 0, 5, 5, 1))
refused("x2 past the width", lambda: fill(b, 0, 0, 11, 5, 1))
refused("x2 before x1", lambda: fill(b, 5, 0, 4, 5, 1))
refused("y2 past the height", lambda: fill(b, 0, 0, 5, 7, 1))
refused("a float", lambda: fill(b, 0, 0, 5.0, 5, 1), TypeError)
refused("a palette", lambda: fill(displayio.Palette(2), 0, 0, 1, 1, 1), TypeError)
accepted("the whole bitmap", lambda: fill(b, 0, 0, 10, 6, 1))
accepted("None: to the edge", lambda: fill(b, 8, 4, None, None, 3))
accepted("an empty area", lambda: fill(b, 10, 6, 10, 6, 2))
print("px", b[0, 0], b[7, 3], b[8, 4], b[9, 5])
""")
    assert "px 1 1 3 3" in out
    assert len([ln for ln in out if ln.startswith("refused")]) == 7


def test_tilegrid_and_group_take_what_the_firmware_takes():
    # shared-bindings/displayio/TileGrid.c: default_tile unchecked (shared-module TileGrid.c
    # keeps it in a byte when the bitmap has 255 tiles or fewer), tile sizes 0 = the bitmap's,
    # x and y int16_t; a tile set past the bitmap is refused (set_tile).
    # shared-bindings/displayio/Group.c: scale 1-32767 when made, >= 1 when set (uint16_t).
    out = run(r"""
import displayio
sheet = displayio.Bitmap(16, 8, 4)            # two 8x8 tiles
pal = displayio.Palette(4)
def grid(**kw):
    return displayio.TileGrid(sheet, pixel_shader=pal, tile_width=8, tile_height=8, **kw)
accepted("a default tile past the sheet", lambda: grid(width=2, default_tile=5))
print("default", grid(width=2, default_tile=5)[1], grid(default_tile=257)[0])
whole = displayio.TileGrid(sheet, pixel_shader=pal)
print("whole", whole.tile_width, whole.tile_height)
t = grid(x=40000)
print("x", t.x)
t.y = -40000
print("y", t.y)
refused("a tile set past the sheet", lambda: t.__setitem__(0, 2))
refused("scale 0", lambda: displayio.Group(scale=0))
refused("scale 32768 when made", lambda: displayio.Group(scale=32768))
g = displayio.Group(scale=32767)
def scale(v):
    g.scale = v
accepted("scale 40000 when set", lambda: scale(40000))
refused("scale 0 when set", lambda: scale(0))
print("scale", g.scale)
""")
    assert "default 5 1" in out  # 257 in a byte: 1
    assert "whole 16 8" in out and "x -25536" in out and "y 25536" in out
    assert "scale 40000" in out
    assert len([ln for ln in out if ln.startswith("refused")]) == 4


def test_keypad_counts_as_the_firmware_checks_them():
    # shared-bindings/keypad/ShiftRegisterKeys.c: key_count and max_events at least 1, no
    # maximum; key_count as a sequence as long as data's; debounce_threshold 1-127
    out = run(r"""
import board, keypad
def keys(**kw):
    a = dict(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT, latch=board.BUTTON_LATCH,
             key_count=8, value_when_pressed=True)
    a.update(kw)
    k = keypad.ShiftRegisterKeys(**a)
    k.deinit()
    return k
refused("no keys", lambda: keys(key_count=0))
refused("no room for events", lambda: keys(max_events=0))
refused("two counts for one data pin", lambda: keys(key_count=(4, 4)))
refused("debounce past 127", lambda: keys(debounce_threshold=128))
refused("a negative interval", lambda: keys(interval=-0.01))
accepted("100 keys", lambda: keys(key_count=100))
accepted("200 events", lambda: keys(max_events=200))
accepted("a count in a list", lambda: keys(key_count=[8]))
print("keys", keys(key_count=100).key_count, len(keys(max_events=200).events.ring))
""")
    assert "keys 100 1200" in out
    assert len([ln for ln in out if ln.startswith("refused")]) == 5


def test_time_sleep_refuses_a_negative_time_and_hands_the_time_on():
    # shared-bindings/time/__init__.c: time.sleep's milliseconds at least 0
    # (mp_arg_validate_int_min); the box's clock is its own, so the time is only handed on
    out = run(r"""
import time_board
got = []
refused("a negative sleep", lambda: time_board.sleep(-0.001))
accepted("no sleep", lambda: time_board.sleep(0))
time_board.on_sleep = got.append
time_board.sleep(0.02)
print("slept", got, time_board.calls[0])
""")
    assert "slept [0.02] 2" in out
