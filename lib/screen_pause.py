# The pause menu (START during play): resume, rules, controls, a new game
# (the setup), back to the title (the game stays saved, as the menu says).
# B or START resumes.
import gfx
from intents import A, B, START
from menu import Menu

ITEMS = ("Resume", "Rules", "Controls", "New game", "Title")
OPENS = ("play", "rules", "rules", "setup", "title")  # the screen each item shows


class Screen:
    def __init__(self, app):
        self.app = app
        g = self.group = gfx.screen(gfx.BAR)
        gfx.line(g, 6, 6, 62, 12, gfx.palette(gfx.BAR, gfx.YELLOW), "PAUSED")
        self.menu = m = Menu(g, 5, 40, 34, 14, gfx.BAR, 10)
        for i in range(5):
            m.rows[i].set(ITEMS[i])
        self.note = gfx.line(g, 5, 32, 0, 104, gfx.palette(gfx.BAR, gfx.WHITE))
        gfx.line(g, 5, 32, 0, 116, gfx.palette(gfx.BAR, gfx.TINT[0]), "A: choose   B/START: resume")

    def enter(self):
        app = self.app
        if app.prev == "play":
            app.kept = app.persist()  # the game is saved when the pause opens
        self.note.set("The game is saved." if getattr(app, "kept", 0) else "", center=True)
        self.menu.row = 0 if app.prev == "play" else app.rows.get("pause", 0)
        self.menu.place()

    def update(self, intent, now):
        if not intent or self.menu.move(intent):
            return
        app = self.app
        if intent == B or intent == START:
            app.show("play")
        elif intent == A:
            app.help = ITEMS[self.menu.row]  # Rules or Controls: the page shown
            app.show(OPENS[self.menu.row])
