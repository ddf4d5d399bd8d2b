# The app: a loop of (intent, clock) steps over one screen at a time. Screens
# live one per module (screen_<name>.py) and are imported when first shown.
import displayio
from settings import Settings
from feedback import Feedback

PACE = 900      # ms a computer step or a message stays on screen


class App:
    def __init__(self, platform, pace=PACE, seed=None):
        self.platform = platform
        self.display = platform.display
        self.root = displayio.Group()
        self.display.root_group = self.root
        self.settings = Settings()
        self.store = None     # the byte store under the save, None without one
        self.save = None      # engine.savegame.Save: settings, statistics, the game
        self.note = None      # why a stored game could not be read, or None
        self.open_save()
        self.fx = Feedback(platform, self.settings)
        self.prev = ""        # the screen shown before this one
        self.pace = pace
        self.seed = platform.seed() if seed is None else seed
        self.screens = {}
        self.screen = None
        self.name = ""
        self.game = None      # the engine State of the game in play
        self.result = None    # the last round's score_round() answer, with counts
        self.running = True
        self.now = 0
        self.last = None      # the bytes of the last save written (session.py)
        self.overlay = None   # lines over every screen (overlay.py), when first needed

    def show(self, name):
        # Switch screens; each screen object (and its drawing) is built once.
        scr = self.screens.get(name)
        if scr is None:
            mod = __import__("screen_" + name)
            scr = mod.Screen(self)
            self.screens[name] = scr
        if self.screen is not None:
            self.root.remove(self.screen.group)
        self.prev = self.name
        self.screen = scr
        self.name = name
        self.root.insert(0, scr.group)       # under the overlay
        scr.enter()

    def open_save(self):
        # The save from the platform's byte store (nvm); a platform without
        # one keeps a fresh save in memory. The remembered setup is loaded.
        nvm = getattr(self.platform, "nvm", None)
        nvm = nvm() if nvm else None
        if nvm is None:
            from engine.savegame import Save
            self.save = Save()
        else:
            import saves
            self.store, self.save, self.note = saves.open_save(nvm)
        self.settings.load(self.save.settings)

    def persist(self):
        # Write the whole save as one record; a failing write is reported on
        # screen and stops nothing.
        import session
        return session.write(self)

    def resume(self):
        # Continue the saved game exactly where it stopped.
        import session
        session.resume(self)

    def step(self, intent, now):
        self.now = now
        self.fx.tick(now)
        if self.overlay is not None:
            self.overlay.tick(now)
        if intent == 9:                   # DEBUG: SELECT held + START
            import session
            session.debug(self)
            return
        self.screen.update(intent, now)

    def run(self):
        p = self.platform
        self.show("title")
        p.refresh()
        while self.running:
            now = p.ticks()
            intent = p.poll(now)
            if intent < 0:
                break
            self.step(intent, now)
            p.refresh()
            p.idle()
