"""The simulator's button legend: the chosen board's controls beside the screen, with the
keyboard keys that press them (tools/sim/run.py hands draw() to window.Window), and a short
note over the legend's title when something happened (a screenshot saved)."""

import pygame as pg

WIDTH = 72  # panel width in screen pixels (times the zoom), as Window leaves it
BG, INK, DIM, KEY = (24, 24, 28), (235, 235, 235), (150, 150, 160), (255, 214, 90)
BOARDS = {
    # name: (title, what moves the cursor)
    "pygamer": ("PyGamer", "joystick"),
    "pybadge": ("PyBadge", "D-pad"),
}


def draw(surf, x0, u, board):
    # The board's buttons beside the screen: a sketch of the controls with the
    # keyboard keys that press them, then the list.
    pg.font.init()
    title, mover = BOARDS[board]
    bg, ink, dim, key = BG, INK, DIM, KEY
    surf.fill(bg, (x0, 0, WIDTH * u, 128 * u))
    big = pg.font.Font(None, 9 * u)
    small = pg.font.Font(None, 6 * u)
    tiny = pg.font.Font(None, 5 * u)

    def text(s, x, y, f=small, c=ink, centre=False):
        img = f.render(s, True, c)
        r = img.get_rect()
        if centre:
            r.center = (x, y)
        else:
            r.topleft = (x, y)
        surf.blit(img, r)

    text(title, x0 + 4 * u, 3 * u, big)
    # the sketch: the mover on the left, B and A on the right, SELECT and START below
    pg.draw.rect(surf, (50, 50, 58), (x0 + 3 * u, 12 * u, 66 * u, 43 * u), border_radius=4 * u)
    cx, cy = x0 + 15 * u, 26 * u
    if board == "pygamer":
        pg.draw.circle(surf, (90, 90, 100), (cx, cy), 8 * u)
        pg.draw.circle(surf, (20, 20, 20), (cx, cy), 5 * u)
    else:
        for dx, dy in ((0, -1), (0, 1), (-1, 0), (1, 0), (0, 0)):
            pg.draw.rect(
                surf, (20, 20, 20), (cx - 2 * u + dx * 4 * u, cy - 2 * u + dy * 4 * u, 4 * u, 4 * u)
            )
    text("arrows", cx, cy + 12 * u, tiny, key, True)
    for name, kk, bx, by in (("B", "X", 48, 28), ("A", "Z", 60, 23)):
        pg.draw.circle(surf, (20, 20, 20), (x0 + bx * u, by * u), 4 * u)
        text(name, x0 + bx * u, by * u, small, ink, True)
        text(kk, x0 + bx * u, (by + 8) * u, tiny, key, True)
    for name, kk, bx in (("SELECT", "Space", 30), ("START", "Enter", 48)):
        text(name, x0 + bx * u, 43 * u, tiny, dim, True)
        pg.draw.rect(surf, (20, 20, 20), (x0 + (bx - 4) * u, 46 * u, 8 * u, 2 * u), border_radius=u)
        text(kk, x0 + bx * u, 51 * u, tiny, key, True)
    lines = (
        ("arrows", "%s: move" % mover),
        ("Z", "A: choose"),
        ("X", "B: step back"),
        ("Enter", "START: pause"),
        ("Space", "SELECT: hint"),
        ("Space+Enter", "memory line"),
        ("F12", "screenshot"),
        ("Esc", "save and quit"),
    )
    y = 58 * u
    for k, what in lines:
        text(k, x0 + 4 * u, y, small, key)
        text(what, x0 + 32 * u, y, small, ink)
        y += 7 * u
    text("Closing the window saves too.", x0 + 4 * u, y + u, tiny, dim)


def note(surf, x0, u, text):
    """A short note over the legend's title (draw() puts the title back)."""
    pg.font.init()
    surf.fill(BG, (x0, 0, WIDTH * u, 11 * u))
    img = pg.font.Font(None, 6 * u).render(text, True, KEY)
    surf.blit(img, (x0 + 4 * u, 3 * u))
