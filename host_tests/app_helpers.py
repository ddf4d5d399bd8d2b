# Shared helpers for the app tests: a headless app on a scripted clock.
import os

import engine.movegen  # noqa: F401  (the engine before the display, as on the board)
from tools.sim.platform_host import Scripted, frame

import intents as K
from engine.settings import COACHES
from app import App

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# the tests take these from here: frame and the intents (K) too
__all__ = ["K", "ROOT", "area", "frame", "make_app", "pixel", "press", "rgb565"]


def rgb565(c):
    return ((c >> 19 & 31) << 11) | ((c >> 10 & 63) << 5) | (c >> 3 & 31)


def pixel(rows, x, y):
    return rows[y][2 * x] << 8 | rows[y][2 * x + 1]


def make_app(players=2, seed=1, pace=0, coach="off"):
    # (the coach and the tips off unless a test asks: they add lines to the recap)
    p = Scripted(step=100)
    app = App(p, pace=pace, seed=seed)
    app.settings.set_players(players)
    app.settings.coach = COACHES.index(coach)
    app.show("title")
    p.refresh()
    return app, p


def press(app, p, intent):
    app.step(intent, p.ticks())
    p.display.painted = []
    p.refresh()
    return p.display.painted


def area(painted):
    return sum((x2 - x1) * (y2 - y1) for x1, y1, x2, y2 in painted)
