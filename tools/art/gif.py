"""Record a game as an animated GIF (build/game.gif): the headless app, a 4-player table
(you and three computers), the person's moves made with the buttons a player would press
(SELECT shows the hint, A confirms it), every frame that changed kept with its time.

    PYTHONPATH=lib python3 -m tools.art.gif [--out build/game.gif] [--rounds 1] [--zoom 2]
                                            [--pace 700]
Needs Pillow (requirements-host.txt); the board never sees this.
"""

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def rgb(rows):
    # 128 rows of big-endian RGB565 -> RGB bytes
    out = bytearray()
    for row in rows:
        for x in range(0, len(row), 2):
            v = row[x] << 8 | row[x + 1]
            out += bytes(((v >> 11) * 255 // 31, (v >> 5 & 63) * 255 // 63, (v & 31) * 255 // 31))
    return bytes(out)


def record(rounds=1, pace=700, seed=7, step=50, limit=600000):
    # [(ms, frame rows)] from the title to the last round's summary.
    import engine.movegen  # noqa: F401  (as code.py: the engine first)
    import intents as K
    from tools.sim.platform_host import Scripted, frame  # (Blinka set up first: tools/sim)
    from app import App
    from play_view import CHOOSE
    from chooser import HAND

    p = Scripted(step=step)
    app = App(p, pace=pace, seed=seed)
    st = app.settings
    st.set_players(4)
    for seat, level in ((1, "medium"), (2, "hard"), (3, "easy")):
        st.set_seat(seat, level)
    state = {"since": 0, "screen": None, "summaries": 0, "end": None}

    def buttons(now):
        # what the person presses: START on the title, SELECT then A on their turn,
        # A on a round's summary (until the last one, which ends the film)
        scr, name = app.screen, app.name
        if scr is not state["screen"]:
            state["screen"], state["since"] = scr, now
            if name == "summary":
                state["summaries"] += 1
        waited = now - state["since"]
        if name == "title":
            return K.START if waited >= 1500 else 0
        if name == "summary":
            if state["summaries"] >= rounds:
                state["end"] = state["end"] or now + 4000
                return K.STOP if now >= state["end"] else 0
            return K.A if waited >= 3000 else 0
        if name == "play" and scr.mode == CHOOSE and scr.s.turn == 0:
            if scr.pick.mode == HAND:
                if state.get("turn") != id(scr.pick.moves):
                    state["turn"], state["at"] = id(scr.pick.moves), now
                return K.SELECT if now - state["at"] >= 500 else 0
            return K.A if now - state["at"] >= 1500 else 0
        return 0

    frames = []
    app.show("title")
    now = 0
    while now < limit:
        p.display.painted[:] = []
        p.refresh()
        if p.display.painted or not frames:
            frames.append((now, frame(p.display)))
        now = p.ticks()
        it = buttons(now)
        if it == K.STOP:
            break
        app.step(it, now)
    frames.append((now, frames[-1][1]))
    return frames


def write_gif(frames, path, zoom=2):
    from PIL import Image

    images, durations = [], []
    for (t, rows), (t2, _) in zip(frames, frames[1:]):
        im = Image.frombytes("RGB", (160, 128), rgb(rows))
        if zoom > 1:
            im = im.resize((160 * zoom, 128 * zoom), Image.NEAREST)
        images.append(im.convert("P", palette=Image.ADAPTIVE, colors=64))
        durations.append(max(20, t2 - t))
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    images[0].save(path, save_all=True, append_images=images[1:], duration=durations, loop=0)
    return len(images), sum(durations)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "game.gif"))
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--zoom", type=int, default=2)
    ap.add_argument("--pace", type=int, default=700, help="ms a computer's move stays on screen")
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args(argv)
    frames = record(args.rounds, args.pace, args.seed)
    n, ms = write_gif(frames, args.out, args.zoom)
    print("%s: %d frames, %.1f s, %d bytes" % (args.out, n, ms / 1000, os.path.getsize(args.out)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
