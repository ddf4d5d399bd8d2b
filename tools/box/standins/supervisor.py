# Stand-in for CircuitPython's supervisor: ticks_ms() as the firmware makes it
# from the ms since power-on (shared-bindings/supervisor/__init__.c:
# (ms + 0x1FFF0000) % 2**29, so it first wraps 65,536 ms after power-on, then
# every 2**29 ms), on a scripted clock that the board box (run_mp.py) advances, and
# runtime.usb_connected. reads counts the ticks_ms() calls before and after
# the first wrap.
START = 0x1FFF0000
WRAP_MS = (1 << 29) - START  # ms after power-on of the first wrap
_now = [0]  # ms since power-on
reads = [0, 0]


def ticks_ms():
    ms = _now[0]
    reads[ms >= WRAP_MS] += 1
    return (ms + START) & 0x1FFFFFFF


def advance(ms):
    _now[0] += ms


def set_uptime(ms):
    # code.py starts ms after power-on (the clock runs on over a reload)
    _now[0] = ms


class _Runtime:
    def __init__(self):
        self.usb_connected = True
        self.serial_connected = True


runtime = _Runtime()


def reload():
    raise RuntimeError("supervisor.reload() in the box")
