# The board check (issue 67): the board measures itself, with its own clocks and gc, for a
# report a person reads on screen (screen_check.py) and copies from the serial console as one
# block of text (tools/check/report.py reads it beside the model's figures). Loaded only when
# chosen (the title's "Board check", or SELECT + START held at boot: console()) and let go
# after. It reads the save and never changes it: the flash's write time is one write of 16 of
# the nvm's own bytes, outside the store's 512, back where they were (the block's other bytes,
# the save among them, are programmed back as they were, as every save does).
import gc
import sys
from micropython import const

FORMAT = const(1)  # the report's format, tools/check/report.py's to read
BEGIN = "=== Royal Casino board check ==="
END = "=== end of the board check ==="
# The bench: the first position of each of these bench games, (players, seed) of
# tools/bench/positions_mp.py's game_positions, each level deciding it with the seed the
# M4 VM's figures give it (seed * 1000); check_model.py holds the model's counts for them.
BENCH = ((2, 1), (3, 1), (4, 1), (2, 2), (3, 2), (4, 2))
LEVELS = ("easy", "medium", "hard")
HANDS = const(3)  # the hands of the check's own game (2 players, hard against hard)
_MASK = const(0x1FFFFFFF)  # supervisor.ticks_ms wraps at 2**29
_SPARE = const(512)  # the nvm's bytes past the store's two slots (lib/store.py)
_EV_DEAL = const(16)  # engine.play.EV_DEAL
_EV_ROUND_OVER = const(64)  # engine.play.EV_ROUND_OVER


def heap(block=False):
    # (free, allocated) bytes after a collection; with block, micropython.mem_info's report
    # goes to the serial console too where it is built in (MicroPython: its "max free sz" is
    # the largest free block, in the collector's blocks); CircuitPython has no call for the
    # largest free block (py/modgc.c; MICROPY_PY_MICROPYTHON_MEM_INFO 0: docs/BOARD.md)
    gc.collect()
    if block:
        try:
            import micropython

            micropython.mem_info()
        except (ImportError, AttributeError):
            pass
    return _free(), _alloc()


def _none():
    return -1


# (CPython, the desktop's simulator, has neither: its figures read "-")
_free = getattr(gc, "mem_free", _none)
_alloc = getattr(gc, "mem_alloc", _none)


def timer(p):
    # A function giving the microseconds since it was made: the platform's where it has one
    # (the desktop's: its own clock), else the board's: time.monotonic_ns where the firmware
    # has it (the SAMD51's builds: a long int, without a float's lost precision), else
    # MicroPython's ticks_us (the desk's box), else supervisor.ticks_ms.
    t = getattr(p, "timer", None)
    if t is not None:
        return t()
    import time

    ns = getattr(time, "monotonic_ns", None)
    if ns is not None:
        t0 = ns()
        return lambda: (ns() - t0) // 1000
    us = getattr(time, "ticks_us", None)
    if us is not None:
        t0 = us()
        return lambda: time.ticks_diff(us(), t0)
    import supervisor

    t0 = supervisor.ticks_ms()
    return lambda: ((supervisor.ticks_ms() - t0) & _MASK) * 1000


def volts(p):
    # The battery in mV: on the board its divider on A6, read as the game reads it
    # (platform_device.Device.battery) but with USB connected too (charging: near 4.2 V);
    # elsewhere the platform's battery(); -1 where there is none
    if hasattr(p, "vbat"):
        try:
            a = p.vbat
            if a is None:
                import analogio
                import board

                a = analogio.AnalogIn(board.A6)
                mv = a.value * 6600 >> 16
                a.deinit()
                return mv
            return a.value * 6600 >> 16
        except (ImportError, AttributeError, ValueError):
            return -1
    b = getattr(p, "battery", None)
    return b() if b else -1


def choose(level):
    # the level's choose(state, seed, stop), as engine.ai.choose_move finds it
    m = "ai_" + level
    return getattr(__import__("engine." + m), m).choose


class Check:
    def __init__(self, platform, app=None):
        self.p = platform
        self.app = app
        self.r = {}  # what was measured, by name (report's order: NAMES)
        self.times = []  # the bench: [players, seed, level index, us] each
        self.low = -1  # the heap's least free and most allocated over the game
        self.high = -1
        self.looks = 0
        self.hands = 0
        self.moves = 0

    def facts(self):
        # the firmware, the board, the game's release, the battery; the boot's figures
        r = self.r
        p = self.p
        impl = sys.implementation
        v = impl.version
        r["firmware"] = "%s %d.%d.%d" % (impl.name, v[0], v[1], v[2])
        r["machine"] = getattr(impl, "_machine", "?")
        if impl.name == "circuitpython":  # os.uname: "9.2.8 on 2025-05-28", the board's name
            try:
                import os

                u = os.uname()
                r["firmware"] = "circuitpython " + u.version
                r["machine"] = u.machine
            except (ImportError, AttributeError):  # (the M4 VM's os is MicroPython's)
                pass
        try:
            import board

            r["board"] = board.board_id
        except (ImportError, AttributeError):
            r["board"] = "?"
        app = self.app
        if app is not None:
            st = app.settings.version
            r["game"] = "%d.%d.%d" % (st[0], st[1], st[2])
            r["boot_ms"] = app.up
            r["table_ms"] = app.tabled
            h = getattr(app, "at_title", None)
            if h:
                r["title_free"] = h[0]
                r["title_alloc"] = h[1]
        else:
            r["game"] = version()
        r["battery_mv"] = volts(p)
        r["word_bytes"] = 8 if sys.maxsize > 0x7FFFFFFF else 4

    def flash(self):
        # the save's size and the settings' in it (read, never written), and a write's time
        nvm = getattr(self.p, "nvm", None)
        nvm = nvm() if nvm else None
        r = self.r
        r["save_bytes"] = r["settings_bytes"] = r["flash_write_us"] = -1
        if nvm is None:
            return
        from store import Store, HEADER

        s = Store(nvm)
        payload = s.load()[0]
        if payload is not None:
            r["save_bytes"] = len(payload) + HEADER
            # the payload: version, then sections (tag, length in 2 bytes, body): settings first
            if len(payload) > 3 and payload[1] == 1:
                r["settings_bytes"] = payload[2] << 8 | payload[3]
        payload = s = None
        if len(nvm) >= _SPARE + 16:
            same = nvm[_SPARE : _SPARE + 16]
            t = timer(self.p)
            try:
                nvm[_SPARE : _SPARE + 16] = same  # one erase and program of the block
                r["flash_write_us"] = t()
            except (RuntimeError, OSError) as e:  # the firmware's "Unable to write to nvm."
                r["flash_error"] = str(e)

    def bench(self):
        # Each level's decision on each bench position, timed: a step a decision. Each level's
        # choose() called as engine.ai.choose_move calls it (the box counts the app's own
        # decisions at choose_move: the check's are not the games' it plays)
        from engine.state import new_game

        levels = [choose(level) for level in LEVELS]
        for f in levels:  # each level's modules loaded first, as the M4 VM's bench does
            f(new_game(2, 1), 0, None)
        for players, seed in BENCH:
            s = new_game(players, seed)
            for i in range(3):
                gc.collect()
                t = timer(self.p)
                levels[i](s, seed * 1000, None)
                self.times.append((players, seed, i, t()))
                yield
            s = None

    def look(self):
        # the search's clock (never stops it): the heap read at each of its looks (hard
        # looks a few times a decision: 153 in the check's game)
        self.looks += 1
        self.sample()
        return False

    def sample(self):
        # the live heap: what a collection leaves (mem_free alone counts garbage as used)
        gc.collect()
        f = _free()
        a = _alloc()
        if self.low < 0 or f < self.low:
            self.low = f
        if a > self.high:
            self.high = a

    def game(self):
        # A game of its own, hard against hard, HANDS hands: a step a move; the heap's
        # low-water over it (at every move, and in the searches at their clock's looks)
        from engine.state import new_game
        from engine.play import apply_move

        hard = choose("hard")

        s = new_game(2, 67)
        k = 0
        self.hands = 1
        while True:
            m = hard(s, 67000 + k, self.look)
            self.sample()
            ev = apply_move(s, m)
            k += 1
            self.moves = k
            yield
            if ev & _EV_DEAL or ev & _EV_ROUND_OVER:
                if self.hands >= HANDS or ev & _EV_ROUND_OVER:
                    break
                self.hands += 1
        s = None

    def end_game(self):
        r = self.r
        r["game_hands"] = self.hands
        r["game_moves"] = self.moves
        r["game_low_free"] = self.low
        r["game_high_alloc"] = self.high

    def ratio(self):
        # (the board's bench time over the model's at CPI 1.6, in hundredths; this board's
        # cycles per instruction, the collector's share in it, in hundredths), each -1
        # without the model's counts (check_model.py)
        try:
            from check_model import COUNTS
        except ImportError:
            return -1, -1
        us = 0
        ki = 0
        for players, seed, i, t in self.times:
            for c in COUNTS:
                if c[0] == players and c[1] == seed:
                    ki += c[2 + i]  # thousands of instructions
                    us += t
        if not ki:
            return -1, -1
        # model ms = M instructions x CPI 1.6 x 1.15 / 120 MHz; cycles = us x 120
        return us * 12000 // (ki * 1840), us * 12 // ki

    def lines(self):
        # the report: BEGIN, "name value" lines in NAMES' order, the bench, END
        r = self.r
        out = [BEGIN, "format %d" % FORMAT]
        for name in NAMES:
            if name in r:
                out.append("%s %s" % (name, r[name]))
        for players, seed, i, t in self.times:
            out.append("bench %dp%d %s %d" % (players, seed, LEVELS[i], t))
        if self.times:
            ratio, cpi = self.ratio()
            out.append("bench_ratio %s" % hundredths(ratio))
            out.append("bench_cpi %s" % hundredths(cpi))
            try:
                from check_model import MODEL

                out.append("model %s" % MODEL)
            except ImportError:
                pass
        out.append(END)
        return out

    def report(self):
        # the report to the serial console, one block (mem_info's lines before it, if any)
        heap(True)
        for line in self.lines():
            print(line)


NAMES = (
    "error",
    "game",
    "board",
    "machine",
    "firmware",
    "word_bytes",
    "battery_mv",
    "boot_ms",
    "table_ms",
    "title_free",
    "title_alloc",
    "check_free",
    "game_hands",
    "game_moves",
    "game_low_free",
    "game_high_alloc",
    "save_bytes",
    "settings_bytes",
    "flash_write_us",
    "flash_error",
)


def page(c, k):
    # the report's page k (0: the board, 1: the computers) as LINES lines of at most 31
    r = c.r
    if k == 0:
        mv = r.get("battery_mv", -1)
        h = r.get("game_hands", 0)
        return [
            ("game %s on %s" % (r.get("game", "?"), r.get("board", "?")))[:31],
            r.get("firmware", "?")[:31],
            r.get("machine", "?")[:31],
            "battery %d.%02d V" % (mv // 1000, mv % 1000 // 10)
            if mv > 0
            else "battery: not read (USB)",
            "boot to the title  %s ms" % dash(r.get("boot_ms", -1)),
            "a new game's table %s ms" % dash(r.get("table_ms", -1)),
            "heap, bytes       free    used",
            " at the title %s %s"
            % (col(r.get("title_free", -1), 8), col(r.get("title_alloc", -1), 7)),
            " its game     %s %s"
            % (col(r.get("game_low_free", -1), 8), col(r.get("game_high_alloc", -1), 7)),
            "  (least, most: %d hand%s)" % (h, "" if h == 1 else "s"),
            "save %s B, its write %s ms"
            % (dash(r.get("save_bytes", -1)), ms(r.get("flash_write_us", -1))),
        ]
    out = ["bench, ms    easy medium   hard"]
    row = None
    for players, seed, i, t in c.times:
        if i == 0:
            row = "%dp, deal %d" % (players, seed)
            row += " " * (10 - len(row))
        row += col(ms(t), 7)
        if i == 2:
            out.append(row)
    if c.times:
        ratio, cpi = c.ratio()
        out.append("board / model (CPI 1.6): " + hundredths(ratio))
        out.append("cycles an instruction: " + hundredths(cpi))
    out.append("")
    out.append("all of it: the serial console")
    return out


def col(x, w):
    # x (an int, -1 for none, or a str) right-aligned in w characters
    s = dash(x) if type(x) is int else x
    return " " * (w - len(s)) + s


def dash(x):
    return "-" if x < 0 else "%d" % x


def ms(us):
    # microseconds as ms with a decimal: "41.2"
    return "-" if us < 0 else "%d.%d" % (us // 1000, us // 100 % 10)


def hundredths(x):
    # 184 -> "1.84"; -1 -> "-"
    return "%d.%02d" % (x // 100, x % 100) if x >= 0 else "-"


def version():
    # the release, from the file VERSION beside this module
    try:
        with open(__file__[: __file__.rfind("/") + 1] + "VERSION") as f:
            return f.read().strip()
    except OSError:
        return "?"


def console(platform):
    # SELECT + START held at boot (code.py): the check without the game, before it loads
    # (for a board that does not get as far as the title), to the serial console (and the
    # board's display, which shows the console until the game takes it)
    before = list(sys.modules)
    c = Check(platform)
    d = getattr(platform, "display", None)
    if d is not None:  # the console on the board's screen meanwhile (the app refreshes it)
        d.auto_refresh = True
    print("Royal Casino: the board check, without the game (SELECT + START at boot)")
    stage = "facts"
    try:  # what failed is in the report, with what was measured before it
        c.facts()
        c.r["check_free"] = heap()[0]
        stage = "flash"
        c.flash()
        stage = "bench"
        for _ in c.bench():
            pass
        stage = "game"
        for _ in c.game():
            pass
        c.end_game()
    except Exception as e:  # (a board that does not reach the title: the engine's load too)
        c.r["error"] = "%s: %s %s" % (stage, type(e).__name__, e)
    c.report()
    if d is not None:
        d.auto_refresh = False
    forget(before)  # what it loaded goes (code.py lets this module go)


# What a game leaves loaded for the next table (screens.switch): its table's modules and the
# engine's for play, the round's end and the computers. The check lets them go first, so that
# it runs in the heap a fresh title has (the next table loads them again).
TABLE = (
    "screen_play",
    "screen_pause",
    "round_end",
    "play_view",
    "table_view",
    "hud_view",
    "hand_view",
    "chooser",
    "words",
    "engine.play",
    "engine.scoring",
)


def unload_game():
    for m in list(sys.modules):
        if m in TABLE or m.startswith("engine.ai"):
            drop(m)


def drop(m):
    # module m goes: neither sys.modules nor the engine package holds it (session.let_go)
    del sys.modules[m]
    if m.startswith("engine."):
        engine = sys.modules.get("engine")
        if engine is not None and hasattr(engine, m[7:]):
            delattr(engine, m[7:])


def forget(before):
    # the modules loaded since before (a list of names) go, this one's and its screen's
    # apart: neither sys.modules nor the engine package holds them (session.let_go)
    for m in list(sys.modules):
        if m not in before and m != "check" and m != "screen_check":
            drop(m)
