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


reloads = [0]


def reload():
    # The firmware's (shared-bindings/supervisor/__init__.c supervisor_reload) returns with a
    # reload exception pending (mp_raise_reload_exception, supervisor/shared/reload.c), which
    # the VM raises at its next check and the supervisor answers by running code.py again in a
    # fresh heap. The box cannot start afresh in the same process: it counts the call and the
    # app goes on (the board check's next line: back to the title), its heap as it was, more
    # than the board's after a reload.
    reloads[0] += 1
