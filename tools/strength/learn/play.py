"""A tournament with hard's playout end learned, without an edit of the engine.

    python -m tools.strength.learn.play --end 4=55:-54:28:3:62:-50:8:-477 -- \\
        hard medium --rounds -n 1000 --players 4 --seed 8200001 --jobs 2 --against FILE

--end PLAYERS=NUMBERS (again for other players): the numbers python -m tools.strength.learn.run
prints, colons between them (hooks.install); the rest is tools/strength/tournament.py's
command line. Every hard seat plays with them (the pool's workers are forked after the install).
"""

import argparse

from tools.strength import tournament
from tools.strength.learn import hooks


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--end", action="append", default=[], help="PLAYERS=N:N:...: the numbers")
    ap.add_argument("rest", nargs=argparse.REMAINDER, help="-- then the tournament's arguments")
    args = ap.parse_args(argv)
    numbers = {}
    for spec in args.end:
        n, _, c = spec.partition("=")
        numbers[int(n)] = [int(x) for x in c.split(":")]
    hooks.install(numbers)
    rest = args.rest[1:] if args.rest[:1] == ["--"] else args.rest
    tournament.main(rest)


if __name__ == "__main__":
    main()
