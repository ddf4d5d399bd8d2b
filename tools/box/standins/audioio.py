# Stand-in for CircuitPython's audioio.AudioOut (the SAMD51's DAC speaker).
# What play() does on the board (ports/atmel-samd/common-hal/audioio/
# AudioOut.c and audio_dma.c): it stops what plays, refuses a sample rate
# above 1,000,000 (ValueError), takes a free DMA channel (none: RuntimeError
# "No DMA channel found") and m_realloc()s its DMA buffer to the sample's
# length on the heap (no room: MemoryError; the same length again keeps the
# block). So play() can fail where the construction did not; fail_next(e)
# makes the next play() raise e, as the board's can. (The buffer's bytearray
# header is the stand-in's excess here, one block, not taken out.)
from audiocore import RawSample

MAX_SAMPLE_RATE = 1000000  # SAM_D5X_E5X in AudioOut.c
_fail = [None]


def fail_next(e):
    _fail[0] = e


class AudioOut:
    def __init__(self, left_channel, *, right_channel=None, quiescent_value=0x8000):
        if left_channel.in_use:
            raise ValueError("%s in use" % left_channel.name)
        left_channel.in_use = True
        self.pin = left_channel
        self.playing = False
        self.plays = 0
        self.buffer = None  # the DMA buffer: made at the first play, kept after stop

    def play(self, sample, *, loop=False):
        if not isinstance(sample, RawSample):
            raise TypeError("sample must be an audiocore sample")
        self.stop()
        if sample.sample_rate > MAX_SAMPLE_RATE:
            raise ValueError("sample_rate must be <= %d" % MAX_SAMPLE_RATE)
        e = _fail[0]
        if e is not None:
            _fail[0] = None
            raise e
        if self.buffer is None or len(self.buffer) != sample.nbytes:
            self.buffer = bytearray(sample.nbytes)
        self.playing = True
        self.plays += 1

    def stop(self):
        self.playing = False

    def deinit(self):
        self.pin.in_use = False
