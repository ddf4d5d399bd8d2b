# Any exception in the app ends here (App.step, App.run): the traceback goes to
# the serial console, the screen and the table are let go (a MemoryError needs
# the room), the save is left as it was, and a short screen says what happened
# and where: the file and the function the traceback ends in (the released
# bytecode keeps no line numbers, docs/BOARD.md). A restarts the app and
# continues the saved game; B restarts to the title.
import sys
import gc
from micropython import const
import gfx

_A = const(5)  # intents.A
_B = const(6)  # intents.B


def crash(app, e):
    try:
        sys.print_exception(e)
    except AttributeError:  # CPython
        import traceback

        traceback.print_exception(type(e), e, e.__traceback__)
    app.screen = app.table = app.overlay = app.battery = app.next = None
    app.busy = False
    r = app.root
    while len(r):
        r.pop()
    for m in app.loaded:
        sys.modules.pop(m, None)
    app.loaded = ()
    gc.collect()
    app.error = e
    app.show("error")


def where(e):
    # "file function" of the innermost frame of e's traceback, or ""
    try:
        import traceback  # CircuitPython, CPython

        text = "".join(traceback.format_exception(type(e), e, e.__traceback__))
    except ImportError:  # MicroPython
        import io

        out = io.StringIO()
        sys.print_exception(e, out)
        text = out.getvalue()
    at = text.rfind('File "')
    if at < 0:
        return ""
    name = text[at + 6 : text.find('"', at + 6)]
    end = text.find("\n", at)
    return "in %s %s" % (name[name.rfind("/") + 1 :], text[text.rfind(" in ", at, end) + 4 : end])


class Screen:
    def __init__(self, app):
        self.app = app
        e = app.error
        if isinstance(e, MemoryError):
            what = "the game ran out of memory"
        elif isinstance(e, OSError):
            what = "a file or device failed"
        else:
            what = "a bug: " + type(e).__name__
        g = self.group = gfx.screen(gfx.BAR)
        y = 24
        for s in (
            "SORRY, SOMETHING BROKE",
            what,
            where(e)[:32],
            "your saved game is kept",
            "",
            "A: restart   B: title",
        ):
            gfx.line(g, 5, 32, 0, y, gfx.palette(gfx.BAR, gfx.YELLOW if y > 60 else gfx.WHITE), s)
            y += 14

    def enter(self):
        pass

    def update(self, intent, now):
        if intent == _A or intent == _B:
            app = self.app
            app.error = self.group = None
            app.__init__(app.platform, app.pace, app.seed)
            sys.modules.pop("screen_error", None)
            if intent == _A and app.save.game is not None:
                app.resume()
            else:
                app.show("title")
