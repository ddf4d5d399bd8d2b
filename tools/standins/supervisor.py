# Stand-in for CircuitPython's supervisor: ticks_ms() on a scripted clock that
# tools/boardbox advances (the firmware's wraps at 2**29 ms, as here), and
# runtime.usb_connected.
_now = [0]


def ticks_ms():
    return _now[0] & 0x1FFFFFFF


def advance(ms):
    _now[0] += ms


def set_ticks(ms):
    _now[0] = ms


class _Runtime:
    def __init__(self):
        self.usb_connected = True
        self.serial_connected = True


runtime = _Runtime()


def reload():
    raise RuntimeError("supervisor.reload() in the box")
