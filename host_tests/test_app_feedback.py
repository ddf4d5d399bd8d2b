# Sounds and lights: the tunes and turn lights the app asks for, and the board's
# side (device_fx) with and without a speaker or NeoPixels.
import sys
import types

import pytest

from test_app_input import fake_device
from feedback import Feedback, SWEEP, CAPTURE, SEAT, DIM
from engine.settings import Settings


class Rec:
    def __init__(self):
        self.tones = []
        self.frames = []

    def tone(self, hz):
        self.tones.append(hz)

    def pixels(self, grb):
        self.frames.append(bytes(grb))


def run(fx, t0, t1, step=10):
    for t in range(t0, t1, step):
        fx.tick(t)


def test_tunes_play_in_time_then_stop():
    r = Rec()
    fx = Feedback(r, Settings())
    fx.tick(0)
    fx.event(8 | 1)  # a sweep
    run(fx, 0, 2000)
    assert r.tones == list(SWEEP[::2]) + [0]
    r.tones = []
    fx.event(1)
    run(fx, 2000, 3000)
    assert r.tones == [CAPTURE[0], 0]


def test_turn_lights_and_sweep_flash():
    r = Rec()
    fx = Feedback(r, Settings())
    fx.turn(2)
    c = SEAT[2]
    want = bytes(((c >> 8 & 255) // DIM, (c >> 16) // DIM, (c & 255) // DIM)) * 5
    assert r.frames[-1] == want
    fx.turn(2)
    assert len(r.frames) == 1  # unchanged: nothing written
    fx.event(8)
    run(fx, 0, 1000)
    assert len(set(r.frames)) == 2 and r.frames[-1] == want and len(r.frames) == 7


def test_no_speaker_no_pixels_on_a_platform_without(monkeypatch):
    fx = Feedback(object(), Settings())  # the platform has neither method
    fx.event(8)
    fx.turn(1)
    run(fx, 0, 1000)


def test_device_without_audio_modules(monkeypatch):
    d, keys, state, made = fake_device(monkeypatch, pygamer=False)
    for name in ("audioio", "audiocore", "neopixel_write", "digitalio"):
        monkeypatch.setitem(sys.modules, name, None)  # import fails
    d.tone(440)
    d.tone(0)
    d.pixels(bytearray(15))
    assert d.fx.out is False and d.fx.np is False


def board_fx(monkeypatch, log, fails=()):
    """A PyGamer with a speaker and NeoPixels (the modules faked, each call logged); the
    speaker's play() raises the errors in fails, one a play, then plays."""
    d, keys, state, made = fake_device(monkeypatch, pygamer=True)
    fails = list(fails)

    class Pin:
        def __init__(self, pin):
            self.pin = pin
            self.value = None

        def switch_to_output(self, value=False):
            self.value = value

    class Out:
        def __init__(self, pin):
            log.append(("out", pin))

        def play(self, sample, loop=False):
            if fails:
                raise fails.pop(0)
            log.append(("play", sample.sample_rate, loop))

        def stop(self):
            log.append(("stop",))

    class Raw:
        def __init__(self, buf, sample_rate):
            self.sample_rate = sample_rate
            self.buf = buf

    board = sys.modules["board"]
    board.SPEAKER = "spk"
    board.SPEAKER_ENABLE = "en"
    board.NEOPIXEL = "np"
    monkeypatch.setitem(sys.modules, "digitalio", types.SimpleNamespace(DigitalInOut=Pin))
    monkeypatch.setitem(sys.modules, "audioio", types.SimpleNamespace(AudioOut=Out))
    monkeypatch.setitem(sys.modules, "audiocore", types.SimpleNamespace(RawSample=Raw))
    monkeypatch.setitem(
        sys.modules,
        "neopixel_write",
        types.SimpleNamespace(
            neopixel_write=lambda pin, buf: log.append(("np", pin.pin, bytes(buf)))
        ),
    )
    return d


def test_device_with_speaker_and_pixels(monkeypatch):
    log = []
    d = board_fx(monkeypatch, log)
    d.tone(440)
    assert ("play", 440 * 16, True) in log and d.fx.en.value is True
    d.tone(0)
    assert log[-1] == ("stop",) and d.fx.en.value is False
    d.pixels(bytearray(b"\x01" * 15))
    assert log[-1] == ("np", "np", b"\x01" * 15)


@pytest.mark.parametrize("error", [RuntimeError("No DMA channel found"), MemoryError()])
def test_device_skips_a_note_that_cannot_play(monkeypatch, error):
    # the board's play() takes a DMA channel and reallocates its buffer each time
    # (ports/atmel-samd/common-hal/audioio/AudioOut.c, audio_dma.c)
    log = []
    d = board_fx(monkeypatch, log, fails=[error])
    d.tone(440)  # skipped: the speaker stays off
    assert d.fx.en.value is False and not [e for e in log if e[0] == "play"]
    d.tone(880)  # the next note plays
    assert log[-1] == ("play", 880 * 16, True) and d.fx.en.value is True
