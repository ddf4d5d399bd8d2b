# The app: a loop of (intent, clock) steps over one screen at a time (how a
# screen is switched, built and let go: screens.py).
import sys
import displayio
from micropython import const
import gfx
import screens
from feedback import Feedback

_DEBUG = const(9)  # intents.DEBUG
_STOP = const(-1)  # intents.STOP

FRAME = const(20)  # ms from one frame's start to the next; the loop sleeps the rest


class App:
    def __init__(self, platform, pace=None, seed=None):
        self.platform = platform
        self.display = platform.display
        self.root = displayio.Group()
        self.display.root_group = self.root
        self.store = None  # the byte store under the save, None without one
        self.note = None  # why a stored game could not be read, or None
        # sets self.save (engine.savegame.Save: settings, statistics, the game) and
        # self.settings (its engine.settings.Settings: the setup)
        self.open_save()
        self.fx = Feedback(platform, self.settings)
        self.prev = ""  # the screen shown before this one
        self.pace = pace  # ms every show lasts; None: the computers' speed says (play_view)
        self.seed = platform.seed() if seed is None else seed
        self.screen = None
        self.table = None  # the play screen, kept while IN_GAME screens show
        self.rows = {}  # a menu's cursor row when it was left, by name
        self.loaded = ()  # the modules the screens shown brought in (screens.switch)
        self.next = None  # a screen asked for, shown once the asker returns
        self.busy = False  # a step or a switch is under way
        self.name = ""
        self.game = None  # the engine State of the game in play
        self.result = None  # the last round's score_round() answer, with counts
        self.now = 0
        self.last = None  # the bytes of the last save written (session.py)
        self.overlay = None  # lines over every screen (overlay.py), when first needed
        self.up = -1  # ms from code.py's start to the title on screen (run; check.py)
        self.tabled = -1  # ms the boot's first new game's table took (screens.switch)
        # (the coach's and the tips': coaching, coach_job, notes, tally, set by the
        # table for each game, screen_play.enter)
        self.battery = __import__("battery").Battery(self) if hasattr(platform, "battery") else None

    def show(self, name):
        # Switch screens. Asked for during a step (or a screen's enter), the
        # switch waits until the screen that asked has returned, so nothing
        # on the call stack keeps the screen being left (or its module) alive
        # while the next one is compiled and built.
        self.next = name
        if not self.busy:
            self.busy = True
            try:
                while self.next:
                    name = self.next
                    self.next = None
                    screens.switch(self, name)
            finally:
                self.busy = False

    def open_save(self):
        # The save from the platform's byte store (nvm); a platform without
        # one keeps a fresh save in memory. The remembered setup is loaded.
        nvm = getattr(self.platform, "nvm", None)
        nvm = nvm() if nvm else None
        if nvm is None:
            from engine.savegame import Save

            self.save = Save()
        else:
            import session

            self.store, self.save, self.note = session.open_save(nvm)
        st = self.settings = self.save.settings
        # the release, from the file VERSION (gfx.ROOT: "1.0.0"), as 3 ints
        try:
            with open(gfx.ROOT + "VERSION") as f:
                parts = f.read().strip().split(".")
            st.version = (int(parts[0]), int(parts[1]), int(parts[2]))
        except (OSError, ValueError, IndexError):
            st.version = (0, 0, 0)

    def persist(self):
        # Write the whole save as one record; a failing write is reported on
        # screen and stops nothing.
        import session

        return session.write(self)

    def stop(self):
        # The platform stops the app (the simulator's Esc, its window closed):
        # a game in play is saved as it stands, every move made so far, so
        # Continue starts where it stopped. (The error screen keeps the save
        # as it was.) True if a game is saved.
        if self.game is not None and self.name != "error":
            self.persist()
        return self.save.game is not None

    def resume(self):
        # Continue the saved game exactly where it stopped.
        import session

        session.resume(self)

    def step(self, intent, now):
        self.now = now
        try:
            self.fx.tick(now)
            ov = self.overlay
            if ov is not None and ov.tick(now):  # nothing on show: it goes, its module too
                self.root.remove(ov.group)
                gfx.drop(ov.group)
                self.overlay = ov = None
                sys.modules.pop("overlay", None)
            if self.battery is not None:
                self.battery.tick(now)
            if intent == _DEBUG:  # SELECT held + START
                import session

                session.say(self)  # the memory line on or off
                return
            self.busy = True
            try:
                self.screen.update(intent, now)
            finally:
                self.busy = False
            if self.next:
                self.show(self.next)
        except Exception as e:  # never dies: the error screen (screen_error.py)
            import screen_error

            screen_error.crash(self, e)

    def run(self):
        # A frame: the clock, a key, a step, the display; then the platform sleeps until
        # the next frame, or sooner a note or a flash is due (a screen's waits and a held
        # key's repeat are whole frames). Keys pressed meanwhile wait in keypad's queue.
        p = self.platform
        self.show("title")
        p.refresh()
        if hasattr(p, "code_ms"):  # a real clock (the board's, the desktop's window)
            self.up = p.code_ms + p.ticks()
        due = 0
        while True:  # until the platform's poll says stop
            try:
                now = p.ticks()
                due = now + FRAME
                intent = p.poll(now)
                if intent == _STOP:
                    self.stop()
                    break
                self.step(intent, now)
                p.refresh()
            except Exception as e:
                import screen_error

                screen_error.crash(self, e)
            p.idle(self.fx.wake(due))
