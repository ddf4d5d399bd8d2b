"""The desktop simulator: the same app as the board, in a pygame window.

Keys: arrows = joystick / D-pad, Z = A, X = B, Enter = START, Space = SELECT,
F12 = a screenshot (build/screenshot-N.png, 4x), Esc saves the game and quits (so does
closing the window); Continue on the title picks the game up (build/sim-nvm.bin).
    PYTHONPATH=lib python3 -m tools.sim.run [--board pygamer|pybadge] [--zoom 4] [--pace MS]
                                            [--no-legend]
--board picks the board's buttons: the PyGamer's analog joystick (the arrow keys push it,
read with the board's thresholds) or the PyBadge's D-pad keys, and the window shows that
board's button legend beside the screen.
"""

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("--zoom", type=int, default=4)
    ap.add_argument(
        "--pace", type=int, default=None, help="ms every show lasts (default: the game's speed)"
    )
    ap.add_argument("--board", default="pygamer", choices=("pygamer", "pybadge"))
    ap.add_argument("--no-legend", action="store_true", help="the screen only")
    args = ap.parse_args()
    import engine.movegen  # noqa: F401  (the engine before the display, as code.py)
    import engine.play  # noqa: F401  (as code.py)
    import engine.state  # noqa: F401  (as code.py)
    import engine.ai  # noqa: F401  (as code.py)
    from tools.sim import legend as sim_legend
    from tools.sim.window import Window  # (Blinka set up first: tools/sim)
    from app import App

    window = Window(args.zoom, args.board, None if args.no_legend else sim_legend.draw)
    app = App(window, pace=args.pace)
    app.run()
    if app.save.game is not None:
        print(
            "game saved in %s: Continue on the title picks it up"
            % os.path.relpath(window.bytes.path, ROOT)
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
