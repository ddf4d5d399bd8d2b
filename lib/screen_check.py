# The board check's screen (the title's "Board check"): the check (check.py) runs a step a
# frame, the progress on screen (any key stops its own game); then its report on two pages
# (LEFT / RIGHT or A turn them, B goes back), and the whole report printed to the serial
# console once. Both modules, and what the check loaded, go when it is left (screens.leave;
# the engine's, once the report is out).
import sys
from micropython import const
import gfx
import check

_LEFT = const(3)  # intents.LEFT
_RIGHT = const(4)  # intents.RIGHT
_A = const(5)  # intents.A
_B = const(6)  # intents.B
LINES = const(11)
WIDTH = const(31)  # characters of font 5 on a line: 155 pixels


class Screen:
    def __init__(self, app):
        self.app = app
        g = self.group = gfx.screen(gfx.BAR)
        self.title = gfx.line(g, 6, 26, 2, 2, gfx.palette(gfx.BAR, gfx.YELLOW))
        pal = gfx.palette(gfx.BAR, gfx.WHITE)
        self.lines = [gfx.line(g, 5, WIDTH, 2, 15 + i * 9, pal) for i in range(LINES)]
        self.help = gfx.line(g, 5, WIDTH, 2, 119, gfx.palette(gfx.BAR, gfx.YELLOW))

    def enter(self):
        app = self.app
        check.unload_game()  # what a game played before left loaded goes first
        self.before = list(sys.modules)  # what the check loads is let go after
        self.check = c = check.Check(app.platform, app)
        self.k = -1  # the page shown, -1 while the check runs
        self.stage = 0  # 0 the bench, 1 the game, 2 done
        c.facts()
        c.r["check_free"] = check.heap()[0]
        c.flash()
        self.steps = c.bench()
        self.title.set("BOARD CHECK", True)
        self.say(["Measuring this board:", "", "the computers' time on"])
        self.help.set("B: stop", True)
        self.progress()

    def say(self, text):
        for i in range(LINES):
            self.lines[i].set(text[i] if i < len(text) else "")

    def progress(self):
        c = self.check
        if self.stage == 0:
            n = len(c.times)
            self.lines[3].set(
                "%d tables, 3 levels: %d of %d" % (len(check.BENCH), n, 3 * len(check.BENCH))
            )
        else:
            self.lines[5].set("its own game, hard vs hard:")
            self.lines[6].set("hand %d, move %d" % (c.hands, c.moves))
            self.help.set("any key: stop the game", True)

    def update(self, intent, now):
        if self.stage < 2:
            if intent and (self.stage == 1 or intent == _B):
                self.next_stage(intent == _B and self.stage == 0)
                return
            try:
                next(self.steps)
            except StopIteration:
                self.next_stage(False)
                return
            self.progress()
            return
        if intent == _B:
            if sys.implementation.name == "circuitpython":
                # the game starts again: nothing of the check stays in the heap (the names
                # its modules brought in stay in the firmware's table of names for good)
                import supervisor

                supervisor.reload()
            self.app.show("title")
        elif intent == _LEFT or intent == _RIGHT or intent == _A:
            self.show_page(1 - self.k)

    def next_stage(self, stop):
        c = self.check
        self.steps = None
        if self.stage == 0 and not stop:
            self.stage = 1
            self.steps = c.game()
            self.progress()
            return
        self.stage = 2
        if c.moves:
            c.end_game()
        check.forget(self.before)  # the engine's modules the check loaded go now
        c.report()
        self.show_page(0)

    def show_page(self, k):
        self.k = k
        self.title.set("BOARD CHECK %d/2" % (k + 1), True)
        self.say(check.page(self.check, k))
        self.help.set("<>: page   B: back", True)
