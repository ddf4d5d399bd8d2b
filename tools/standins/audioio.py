# Stand-in for CircuitPython's audioio.AudioOut (the PyGamer's DAC speaker).
from audiocore import RawSample


class AudioOut:
    def __init__(self, left_channel, *, right_channel=None, quiescent_value=0x8000):
        if left_channel.in_use:
            raise ValueError("%s in use" % left_channel.name)
        left_channel.in_use = True
        self.pin = left_channel
        self.playing = False
        self.plays = 0

    def play(self, sample, *, loop=False):
        if not isinstance(sample, RawSample):
            raise TypeError("sample must be an audiocore sample")
        self.playing = True
        self.plays += 1

    def stop(self):
        self.playing = False

    def deinit(self):
        self.pin.in_use = False
