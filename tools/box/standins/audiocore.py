# Stand-in for CircuitPython's audiocore.RawSample: it keeps a reference to
# the caller's buffer (no copy, as the firmware). What the firmware checks
# (shared-bindings/audiocore/RawSample.c): the buffer is a bytearray or an
# array of 1- or 2-byte samples; with single_buffer=False its length is an
# even multiple of channel_count * the sample's size. The sample rate is not
# checked here nor when set (shared-bindings/audiocore/__init__.c): the
# output checks it when it plays (audioio.AudioOut.play).
class RawSample:
    def __init__(self, buffer, *, channel_count=1, sample_rate=8000, single_buffer=True):
        n = len(buffer)
        nbytes = len(bytes(buffer))  # the buffer's bytes, whatever its item size
        size = nbytes // n if n else 1
        if size not in (1, 2):
            raise ValueError("buffer must be a bytearray or array of type 'h', 'H', 'b', or 'B'")
        if not single_buffer and nbytes % (size * channel_count * 2):
            raise ValueError(
                "Length of buffer must be an even multiple of channel_count * type_size"
            )
        self.buffer = buffer
        self.nbytes = nbytes
        self.channel_count = channel_count
        self.sample_rate = sample_rate

    def deinit(self):
        pass
