# Lines over every screen: a short report for a moment (a save that could not
# be written) and the memory line (SELECT held + START) until toggled off: at
# the top of a screen, where a title is, but on the table under its top bar,
# where the table leaves a row free while it shows (table_view: Table.most).
import gc
import displayio
from micropython import const
import gfx

_REPORT_MS = const(2500)  # how long a report stays up
_MEMORY_MS = const(1000)  # how often the memory line is brought up to date


class Overlay:
    def __init__(self, app):
        self.app = app
        self.group = displayio.Group()
        self.bands = []
        self.lines = []
        for y in (0, 58):  # 0: the memory line, 1: a report
            b = displayio.Group(y=y)
            b.append(gfx.grid(displayio.Bitmap(16, 9, 1), gfx.palette(gfx.BLACK), 10, 1, 16, 9))
            t = gfx.line(b, 5, 32, 0, 1, gfx.palette(gfx.BLACK, gfx.YELLOW))
            b.hidden = True
            self.group.append(b)
            self.bands.append(b)
            self.lines.append(t)
        app.root.append(self.group)
        self.until = 0
        self.due = 0
        self.mem = False  # the memory line shows

    def say(self, text, now):
        self.lines[1].set(text, center=True)
        self.bands[1].hidden = False
        self.until = now + _REPORT_MS

    def memory(self, now):
        # the memory line on or off
        b = self.bands[0]
        b.hidden = self.mem
        self.mem = not self.mem
        self.due = now
        self.tick(now)

    def tick(self, now):
        # -> True once nothing shows (the app lets the overlay go)
        if not self.bands[1].hidden and now - self.until >= 0:
            self.bands[1].hidden = True
        b = self.bands[0]
        if not b.hidden:
            y = 19 if self.app.name == "play" else 0
            if b.y != y:
                b.y = y
            if now - self.due >= 0:
                self.due = now + _MEMORY_MS
                self.lines[0].set(mem_text())
        return self.bands[0].hidden and self.bands[1].hidden


def mem_text():
    # gc.mem_free() on the board (and MicroPython); the host's CPython has
    # none: tracemalloc's figures if it is tracing, else n/a.
    free = getattr(gc, "mem_free", None)
    if free is not None:
        gc.collect()
        return "mem free %d used %d" % (free(), gc.mem_alloc())
    try:
        import tracemalloc

        if tracemalloc.is_tracing():
            cur, peak = tracemalloc.get_traced_memory()
            return "mem n/a; host heap %dK peak %dK" % (cur >> 10, peak >> 10)
    except ImportError:
        pass
    return "mem free n/a (host)"
