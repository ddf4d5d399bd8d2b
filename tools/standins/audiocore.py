# Stand-in for CircuitPython's audiocore.RawSample: it keeps a reference to
# the caller's buffer (no copy, as the firmware).
class RawSample:
    def __init__(self, buffer, *, channel_count=1, sample_rate=8000, single_buffer=True):
        if not 1 <= sample_rate <= 350000:
            raise ValueError("sample_rate must be 1-350000")
        self.buffer = buffer
        self.sample_rate = sample_rate

    def deinit(self):
        pass
