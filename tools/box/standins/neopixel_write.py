# Stand-in for CircuitPython's neopixel_write: the last bytes written.
last = [b""]


def neopixel_write(pin, buf):
    if len(buf) % 3:
        raise ValueError("GRB bytes")
    last[0] = buf
