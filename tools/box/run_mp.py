# The MicroPython half of tools/box/run.py: the board in a box. Run in a drive
# laid out as the board's (its root the working directory, tools/ beside the
# game), with the board's stand-ins (tools/box/standins) on the path,
# measures what they (and this driver) hold, then runs the drive's code.py as
# the board would, while a button script plays through it: key events into
# keypad's queue, the joystick through analogio, one frame of a scripted
# clock per display refresh.
#   MICROPYPATH=tools/box:tools/box/standins:lib micropython -X heapsize=N -m run_mp \
#       GAMES PLAYERS SEED BOARD PART NVM GAME [CUT]
# PLAYERS "2,3,4" (game g has PLAYERS[g % len]); PART 0 plays from a fresh board
# and, with CUT = game,move, cuts the power there (NVM receives the flash);
# PART 1 boots with NVM's flash, continues the cut game and plays the rest.
# GAME: the game's folder ("lib/royal_casino/"): a module the app imports from
# anywhere else fails the run. Prints "key value" lines; the last is "done",
# "cut" or "FAILED ...".
import sys
import gc
import os
import micropython
import time
import random_board
import builtins
import _heap  # noqa: F401  (loaded before code.py: in standins_bytes)
import displayio
import bitmaptools  # noqa: F401  (loaded before code.py: in standins_bytes)
import keypad  # noqa: F401  (loaded before code.py: in standins_bytes)
import supervisor
import analogio  # noqa: F401  (loaded before code.py: in standins_bytes)
import digitalio  # noqa: F401  (loaded before code.py: in standins_bytes)
import audiocore  # noqa: F401  (loaded before code.py: in standins_bytes)
import audioio  # noqa: F401  (loaded before code.py: in standins_bytes)
import neopixel_write  # noqa: F401  (loaded before code.py: in standins_bytes)
import microcontroller
import board
from _buttons import Buttons, UP, DOWN, LEFT, RIGHT, A, B, START, SELECT

FRAME = 20  # ms of the scripted clock per display refresh
DEBUG = 9  # SELECT held + START


class PowerCut(BaseException):
    pass


class Done(BaseException):
    pass


class Stuck(BaseException):
    pass


class Crashed(BaseException):
    # the app caught an exception and shows its error screen (screen_error.py)
    pass


ROUNDS_MAX = 64  # rounds recorded
IMPORTS_MAX = 80  # modules recorded
FRAMES_PER_GAME = 5000  # frames a game may take (they take about 1,200): a script
# that never ends is a failure


def ticks_us():
    return time.ticks_us()


class Box:
    def __init__(self, games, players, seed, part, cut, game):
        self.folder = game
        self.stranger = None  # the file of a module imported from outside it
        self.games = games
        self.players = players
        self.seed = seed
        self.part = part
        self.cut = cut
        self.rand = seed * 2654435761 % 4294967291 or 1
        self.app = None
        self.script = None
        self.buttons = Buttons()
        self.frames = 0
        self.boot_us = -1
        self.t0 = 0
        self.t_step = 0  # when the last press was queued
        self.step_max = 0
        self.steps = 0
        self.decide_us = 0  # decision time inside the current step
        self.decisions = 0
        self.decision_max = 0
        self.decision_sum = 0
        self.excess = 0  # the stand-ins' excess at the last step
        # The box's own records are made here, before the app's share is
        # measured, at their full size: nothing the box keeps grows in the
        # app's heap (names are the app's own interned strings; ints are small)
        self.rounds = [0] * (
            ROUNDS_MAX + 1
        )  # [0]: how many; then the heap after each round (app's share)
        self.idle_alloc = 0
        self.idle_frames = 0
        self.screens = [None] * 24  # the screens visited
        self.moves = 0  # moves made in the game in play
        self.trace = 0  # the computers' moves, folded (wrap_ai)
        self.game = 0  # the game of the plan in play
        self.imports = [None] * (
            3 * IMPORTS_MAX
        )  # module, heap before, heap after of its largest import
        self.base = 0

    def rnd(self, n):
        self.rand = (self.rand * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.rand >> 8) % n

    # ---- the frame hook: after every display refresh --------------------
    def frame(self):
        self.frames += 1
        if self.frames > FRAMES_PER_GAME * (self.games + 1):
            raise Stuck()
        supervisor.advance(FRAME)
        if self.boot_us < 0:
            self.boot_us = time.ticks_diff(ticks_us(), self.t0)
        if self.t_step:
            dt = time.ticks_diff(ticks_us(), self.t_step) - self.decide_us
            if dt > self.step_max:
                self.step_max = dt
            self.steps += 1
            self.t_step = 0
        self.decide_us = 0
        if self.app is None:
            return
        name = self.app.name
        if name == "error":
            raise Crashed()
        if name not in self.screens:
            self.screens[self.screens.index(None)] = name
        if self.buttons.busy():
            return
        if self.script is None:
            self.script = self.run()
        try:
            it = next(self.script)
        except StopIteration:
            raise Done()  # noqa: B904  (the script's end, not an error in it)
        if it:
            self.press(it)

    def press(self, it):
        self.excess = self.standin_excess()
        self.t_step = ticks_us()
        if it == DEBUG:  # SELECT held, START pressed, both let go
            self.buttons.key(SELECT)
            self.buttons.pending.extend((START, -SELECT, -START))
        else:
            self.buttons.press(it)

    # ---- the button script ----------------------------------------------
    def run(self):
        yield from self.idle(25)  # the title at rest allocates nothing
        if self.part == 0:
            for item in ("Rules", "Controls", "Statistics"):
                yield from self.title_pick(item)
                yield from self.leave_page()
            if self.seed == 1 and not self.bytecode():
                yield from self.board_check()  # (from .py: before the games, see board_check)
            g0 = 0
        else:
            g0 = self.cut[0]
            self.game = g0
            yield from self.title_pick("Continue")
            yield from self.play_game(g0, True)
            g0 += 1
        for g in range(g0, self.games):
            self.game = g
            yield from self.title_pick("New game")
            yield from self.setup(g)
            yield from self.play_game(g, False)
        if self.seed == 1 and self.bytecode():  # the board check (lib/check.py), after the games
            yield from self.board_check()
        yield from self.title_pick("Statistics")
        yield from self.leave_page()
        yield from self.wait_screen("title")

    def board_check(self):
        # The title's Board check, to its end (its own game played out), both report pages,
        # back to the title; its report is in the run's lines (printed by the app). After the
        # games, as a player would run it, where the game's modules are the release's
        # bytecode: on the board B restarts the game (supervisor.reload), which the box
        # cannot (its stand-in counts the call), so what the check leaves in the heap (its
        # names) would otherwise be in the games' figures and not the board's. From .py (the
        # 64-bit box's default) before the games: there its modules are compiled on import,
        # which needs room a fresh title has (the board loads their bytecode).

        app = self.app
        yield from self.title_pick("Board check")
        while app.name != "check" or app.screen.stage < 2:
            yield 0
        yield RIGHT
        yield B
        yield from self.wait_screen("title")

    def bytecode(self):
        # whether the drive holds the game's modules as bytecode (.mpy)
        try:
            os.stat(self.folder + "check.mpy")
            return True
        except OSError:
            return False

    def idle(self, n):
        # n frames with no input: what they allocate is counted
        gc.collect()
        a = gc.mem_alloc()
        for _ in range(n):
            yield 0
        self.idle_alloc += gc.mem_alloc() - a
        self.idle_frames += n

    def wait_screen(self, name):
        while self.app.name != name:
            yield 0

    # The script keeps no screen (nor anything of one) across a yield: the
    # app lets a screen go when it leaves it, and so must the box, or the
    # next screen would be measured with the last one still in the heap.

    def title_pick(self, item):
        yield from self.wait_screen("title")
        target = list(self.app.screen.items).index(item)
        n = len(self.app.screen.items)
        while self.app.screen.menu.row != target:
            yield DOWN if (target - self.app.screen.menu.row) % n <= 2 else UP
        yield A

    def leave_page(self):
        # rules / controls pages: step through, then back; statistics: back
        app = self.app
        while app.name == "title":
            yield 0
        if app.name == "rules":
            for _ in range(app.screen.pages - 1):
                yield RIGHT
            yield LEFT
        yield B

    def setup(self, g):
        yield from self.wait_screen("setup")
        app = self.app
        st = app.settings
        n = self.players[g % len(self.players)]
        people = 2 if g % 3 == 2 else 1  # every third game: pass and play
        while st.players != n:
            yield from self.setup_row(0)
            yield RIGHT
        for seat in range(1, n):
            want = "human" if seat < people else "hard"
            while st.choice(seat) != want:
                yield from self.setup_row(seat + 1)
                yield RIGHT
        while st.coach != 1:  # the coach and the tips "on" (the setup's Coach row)
            yield from self.setup_row(8)
            yield RIGHT
        yield START
        if app.name == "setup":  # over a saved game: "Replace the saved game?" yes
            yield A

    def setup_row(self, row):
        while self.app.screen.menu.row != row:
            yield DOWN if row > self.app.screen.menu.row else UP

    def play_game(self, g, resumed):
        app = self.app
        while app.name not in ("play", "pass"):
            yield 0
        self.moves = 0
        self.thought = None  # the game and move the person last thought before
        paused = resumed
        hinted = grey = debug = False
        while True:
            name = app.name
            if name == "over":
                self.round_heap()
                yield A
                yield from self.wait_screen("title")
                return
            if name == "summary":
                self.round_heap()
                yield A
                while app.name == "summary":
                    yield 0
                continue
            if name == "pass":
                yield A
                continue
            if name != "play":
                yield 0
                continue
            if not paused and self.moves >= 6:
                paused = True
                yield from self.pause_menu()
                continue
            if not debug and self.moves >= 3:
                debug = True
                yield DEBUG  # the memory line on ...
                yield 0
                yield DEBUG  # ... and off
                continue
            if app.screen.mode != 0:  # a step on show: skip it (or let it run)
                yield A if self.rnd(4) else 0
                continue
            if self.part == 0 and self.cut and g == self.cut[0] and self.moves >= self.cut[1]:
                raise PowerCut()
            if app.screen.pick.moves is None:  # let go for the coach's look: made again
                yield 0
                continue
            if app.screen.pick.mode != 0:
                yield B
                continue
            if not grey:
                by_card = app.screen.pick.by_card
                i = 0
                while i < len(by_card) and by_card[i]:
                    i += 1
                by_card = None
                if i < len(app.screen.pick.by_card):
                    grey = True  # A on a grey card: why not
                    yield from self.cursor(i)
                    yield A
                    continue
            if not hinted and self.moves >= 2:
                hinted = True
                yield SELECT  # the hint, then play it
                yield A
                self.moves += 1
                continue
            if self.moves % 2 and self.thought != (g, self.moves):
                self.thought = (g, self.moves)
                # every other move the person thinks: the coach looks ahead (lib/coach.py),
                # its search and its words beside the person's lists
                for _ in range(60):
                    pre = app.coach_pre
                    if pre is not None and pre[1] is not None or app.name != "play":
                        break
                    yield 0
                pre = None
                continue
            total = len(app.screen.pick.moves)
            k = self.rnd(total)
            i = app.game.hands[app.game.turn].index(app.screen.pick.moves[k][0])
            yield from self.cursor(i)
            yield A
            j = app.screen.pick.by_card[i].index(k)
            if len(app.screen.pick.by_card[i]) > 1 and self.rnd(5) == 0:
                yield RIGHT  # look at another move, then step back
                yield B
                yield A
            while app.screen.pick.k != j:
                yield RIGHT
            yield A
            self.moves += 1

    def cursor(self, i):
        n = len(self.app.screen.pick.by_card)
        while self.app.screen.pick.cur != i:
            yield RIGHT if (i - self.app.screen.pick.cur) % n <= n // 2 else LEFT

    def pause_menu(self):
        # START, then Rules and Controls from the pause menu, then Resume
        app = self.app
        yield START
        for item in (1, 2, 0):
            yield from self.wait_screen("pause")
            while app.screen.menu.row != item:
                yield DOWN if app.screen.menu.row < item else UP
            yield A
            if item:
                yield from self.wait_screen("rules")
                for _ in range(app.screen.pages - 1):
                    yield RIGHT
                yield B
        yield from self.wait_screen("play")

    def round_heap(self):
        ex = self.standin_excess()
        gc.collect()
        r = self.rounds
        if r[0] < ROUNDS_MAX:
            r[0] += 1
            r[r[0]] = gc.mem_alloc() - self.base - ex
            # the qstr pools' bytes in it ("qstr pool: ... n_total_bytes=N", printed by C):
            # a pool comes when the names pass a step, the next one twice the last
            micropython.qstr_info()

    def standin_excess(self):
        # over the display's tree, the table kept off it, and what the app's
        # modules hold at their top level (gfx's palettes and sheets); nothing
        # allocated in the app's heap (displayio.begin)
        table = getattr(self.app, "table", None)
        displayio.begin()
        total = displayio.walked(board.DISPLAY.root_group)
        if table is not None:
            total += displayio.walked(table.group)
        for name in APP_HOLDS:
            m = sys.modules.get(name)
            if m is not None:
                d = m.__dict__
                for k in d:
                    total += displayio.held(d[k])
        return total

    # ---- computer decisions, timed ---------------------------------------
    def wrap_ai(self, mod):
        choose = mod.choose_move
        box = self

        def timed(state, level, seed, stop=None):
            t = ticks_us()
            m = choose(state, level, seed, stop)
            dt = time.ticks_diff(ticks_us(), t)
            # the decisions' trace: the same games make the same moves (small ints only)
            for i in range(5):  # (a range in a for allocates nothing; an iterator would)
                box.trace = (box.trace * 31 + m[i]) % 999983
            box.decide_us += dt
            box.decisions += 1
            box.decision_sum += dt
            if dt > box.decision_max:
                box.decision_max = dt
            return m

        mod.choose_move = timed


BOX = None
_import = builtins.__import__
APP_HOLDS = ("gfx",)  # modules whose globals hold displayio objects


def _hook(name, *args):
    # the app's first import of a module: the heap before and after (collected)
    if name == "screen_error":
        # the app caught an exception: its failure, where it was raised (the
        # error screen's own import may not find the room to say so)
        e = sys.exc_info()[1]
        if e is not None:
            BOX.reserve = None
            gc.collect()
            print("app exception:")
            print_exception(e)
            if isinstance(e, MemoryError):
                raise e
    fresh = name not in sys.modules
    if fresh:
        gc.collect()
        before = gc.mem_alloc()
    m = _import(name, *args)
    if fresh and name in sys.modules:
        gc.collect()
        after = gc.mem_alloc() - BOX.base
        imp = BOX.imports
        i = 0
        while imp[i] is not None and imp[i] != name:
            i += 3
        if imp[i] is None or after > imp[i + 2]:
            imp[i] = name
            imp[i + 1] = before - BOX.base
            imp[i + 2] = after
        path = getattr(sys.modules[name], "__file__", None)
        if (
            path is not None
            and BOX.stranger is None
            and not path.startswith(BOX.folder)
            and not path.startswith("tools/")
        ):
            BOX.stranger = path
        if name == "engine.ai":
            BOX.wrap_ai(sys.modules[name])
        elif name == "app":
            _watch_app(sys.modules[name])
    return m


def print_exception(e):
    # the traceback module where the VM has it (CircuitPython; 10.x has no
    # sys.print_exception), else MicroPython's sys.print_exception
    try:
        import traceback

        traceback.print_exception(e)
    except ImportError:
        sys.print_exception(e)


def _watch_app(mod):
    init = mod.App.__init__

    def watched(self, *a, **k):
        BOX.app = self
        init(self, *a, **k)

    mod.App.__init__ = watched


def main():
    global BOX
    a = sys.argv
    games = int(a[1])
    players = [int(x) for x in a[2].split(",")]
    seed = int(a[3])
    if a[4] == "pybadge":
        board.use("pybadge")
    part = int(a[5])
    nvm_path = a[6]
    cut = [int(x) for x in a[8].split(",")] if len(a) > 8 and a[8] else None
    if part == 1:
        with open(nvm_path, "rb") as f:
            microcontroller.nvm.data[:] = f.read()
    BOX = Box(games, players, seed, part, cut, a[7])
    # The clock as the board's: code.py starts 1.6 to 9.6 s before ticks_ms()
    # wraps (as after a reload, the clock running on from power-on), so the
    # wrap falls in the first game played. The app's first seed comes from
    # random, which the board seeds from its TRNG and the box from its seed.
    supervisor.set_uptime(supervisor.WRAP_MS - FRAME * (80 + seed * 7919 % 400))
    sys.modules["random"] = random_board
    random_board.seed(1000 + seed * 7919)
    board.DISPLAY.hook = BOX.frame
    builtins.__import__ = _hook
    with open("code.py") as f:
        src = f.read()
    BOX.reserve = bytearray(3072)  # freed to report a MemoryError (the box's share)
    gc.collect()
    BOX.base = gc.mem_alloc()
    print("standins_bytes", BOX.base)
    if hasattr(micropython, "pystack_peak"):
        # the board VM records the pystack's peak, the box's own frames
        # (tools/: this driver and the stand-ins, C on the board) left out
        micropython.pystack_peak("tools/")
    BOX.t0 = ticks_us()
    status = "done"
    try:
        code = compile(src, "code.py", "exec")
        src = None
        exec(code, {"__name__": "__main__"})
        status = "FAILED app returned"
    except Done:
        pass
    except PowerCut:
        status = "cut"
        with open(nvm_path, "wb") as f:
            f.write(microcontroller.nvm.data)
    except MemoryError as e:
        BOX.reserve = None  # room to report in
        gc.collect()
        status = "FAILED MemoryError on screen %s" % getattr(BOX.app, "name", "-")
        print_exception(e)
        gc.collect()
        print(
            "at_failure alloc",
            gc.mem_alloc() - BOX.base,
            "free",
            gc.mem_free(),
            "excess",
            BOX.standin_excess(),
        )
        print("modules", " ".join(sorted(sys.modules)))
        if "map" in sys.argv:
            micropython.mem_info(1)
    except Crashed:
        e = getattr(BOX.app, "error", None)
        what = "MemoryError" if isinstance(e, MemoryError) else "%s %s" % (type(e).__name__, e)
        status = "FAILED %s (the app's error screen, after screen %s)" % (what, BOX.app.prev)
    except Stuck:
        status = "FAILED stuck on screen %s" % getattr(BOX.app, "name", "-")
        scr = BOX.app.screen
        print(
            "stuck",
            [(k, getattr(scr, k)) for k in ("mode", "due") if hasattr(scr, k)],
            BOX.app.now,
            getattr(getattr(scr, "pick", None), "mode", None),
        )
    builtins.__import__ = _import
    if BOX.stranger is not None:
        status = "FAILED the app imported %s, from outside the game's folder %s" % (
            BOX.stranger,
            BOX.folder,
        )
    threshold = gc.threshold() if hasattr(gc, "threshold") else -1
    print("gc_threshold", threshold)
    if threshold != -1:
        # the boards have no gc.threshold: a figure measured with one is not the board's
        status = "FAILED the app set gc.threshold(%d), which the boards do not have" % threshold
    report(BOX, status)


def report(box, status):
    gc.collect()
    print("frames", box.frames, "steps", box.steps)
    print("boot_us", box.boot_us)
    print("step_us_max", box.step_max)
    print(
        "decisions",
        box.decisions,
        "decision_us_max",
        box.decision_max,
        "decision_us_sum",
        box.decision_sum,
    )
    print("idle_frames", box.idle_frames, "idle_alloc", box.idle_alloc)
    print("trace", box.trace)
    print("excess", box.excess)
    print("rounds", " ".join(str(r) for r in box.rounds[1 : box.rounds[0] + 1]))
    print("screens", " ".join(sorted(n for n in box.screens if n)))
    imp = box.imports
    for i in range(0, len(imp), 3):
        if imp[i] is None:
            break
        name, before, after = imp[i : i + 3]
        print("import", name, before, after)
    print("game", box.game, "moves", box.moves)
    if hasattr(micropython, "pystack_peak"):
        peak, limit, frames = micropython.pystack_peak()
        print("pystack_max", peak, "pystack_limit", limit)
        for path, name, size, counted in frames:
            if counted:
                print("pystack_frame", size, path or "-", name or "-")
    print(status)


main()
