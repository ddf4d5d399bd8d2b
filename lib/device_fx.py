# The board's speaker and NeoPixels, each set up on first use; a board (or a
# firmware) without one of them simply stays quiet or dark.
import board


class Fx:
    def __init__(self):
        self.out = None  # audioio.AudioOut, False if there is none
        self.np = None  # the NeoPixel pin, False if there is none

    def tone(self, hz):
        if self.out is None:
            self.out = False
            try:
                import array
                import audiocore
                import audioio
                import digitalio

                self.en = digitalio.DigitalInOut(board.SPEAKER_ENABLE)
                self.en.switch_to_output(value=False)
                # one period of a quiet square wave; the pitch is the sample rate
                wave = array.array("H", [0x7000] * 8 + [0x9000] * 8)
                self.wave = audiocore.RawSample(wave, sample_rate=8000)
                self.out = audioio.AudioOut(board.SPEAKER)
            except (ImportError, AttributeError, ValueError, RuntimeError):
                pass
        out = self.out
        if not out:
            return
        out.stop()
        if hz:
            self.wave.sample_rate = hz * 16
            try:
                # each play takes a DMA channel and reallocates its buffer on
                # the heap: a note that cannot play is skipped
                out.play(self.wave, loop=True)
            except (MemoryError, RuntimeError):
                hz = 0
        self.en.value = bool(hz)

    def pixels(self, grb):
        if self.np is None:
            self.np = False
            try:
                import digitalio
                from neopixel_write import neopixel_write

                pin = digitalio.DigitalInOut(board.NEOPIXEL)
                pin.switch_to_output(value=False)
                self.np = pin
                self.write = neopixel_write
            except (ImportError, AttributeError, ValueError, RuntimeError):
                pass
        if self.np:
            self.write(self.np, grb)
