# The app: a loop of (intent, clock) steps over one screen at a time. Screens
# live one per module (screen_<name>.py) and are imported when first shown.
import displayio
from settings import Settings

PACE = 900      # ms a computer step or a message stays on screen


class App:
    def __init__(self, platform, pace=PACE, seed=None):
        self.platform = platform
        self.display = platform.display
        self.root = displayio.Group()
        self.display.root_group = self.root
        self.settings = Settings()
        self.pace = pace
        self.seed = platform.seed() if seed is None else seed
        self.screens = {}
        self.screen = None
        self.name = ""
        self.game = None      # the engine State of the game in play
        self.result = None    # the last round's score_round() answer, with counts
        self.running = True
        self.now = 0

    def show(self, name):
        # Switch screens; each screen object (and its drawing) is built once.
        scr = self.screens.get(name)
        if scr is None:
            mod = __import__("screen_" + name)
            scr = mod.Screen(self)
            self.screens[name] = scr
        if self.screen is not None:
            self.root.remove(self.screen.group)
        self.screen = scr
        self.name = name
        self.root.append(scr.group)
        scr.enter()

    def step(self, intent, now):
        self.now = now
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
