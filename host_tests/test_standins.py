"""The board's stand-ins (tools/standins) refuse and accept what the firmware does, and the
app's device code copes with what the firmware can do to it. Each rule is read in
adafruit/circuitpython (9.2.x and 10.x alike), the file named beside its test. The scripts run
under MicroPython from the repository root, as tools/boardbox.py runs the stand-ins."""
import os
import subprocess

import pytest

import mp

pytestmark = pytest.mark.skipif(not os.path.exists(mp.micropython()), reason="no micropython")

HEAD = r"""
import sys
sys.path[:] = ["tools/standins", "lib"]

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
    done = subprocess.run([mp.micropython(), "-c", HEAD + script], cwd=mp.ROOT,
                          capture_output=True, text=True, timeout=60)
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
    assert "skipped 0 False" in out                 # the note that could not play: skipped
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
    assert "battery 3424 True" in out               # 34000 / 65536 * 3.3 V * 2


@pytest.mark.parametrize("seed", [1, 9])      # the wrap 399 and 151 frames in
def test_every_box_run_crosses_the_tick_wrap(seed):
    # shared-bindings/supervisor/__init__.c: ticks_ms() is (ms since power-on + 0x1FFF0000)
    # % 2**29; the box starts code.py late enough that the app reads it on both sides
    script = (
        "import sys\n"
        "sys.argv[:] = ['boardbox_mp', '1', '2', '%d', 'pygamer', '0', 'build/unused', '']\n"
        "sys.path[:] = ['tools']\n"
        "import boardbox_mp\n"
        "import supervisor\n"
        "print('ticks read', supervisor.reads[0], supervisor.reads[1])\n" % seed)
    done = subprocess.run([mp.micropython(), "-X", "heapsize=448k", "-c", script], cwd=mp.ROOT,
                          capture_output=True, text=True, timeout=300)
    out = done.stdout.splitlines()
    assert done.returncode == 0 and "done" in out, done.stdout[-2000:] + done.stderr
    before, after = [int(w) for w in out[-1].split()[2:]]
    assert before > 100 and after > 100, out[-1]
