# tools/check/model.py's child on the M4 VM (tools/box/m4vm.py): the board check's bench
# (lib/check.py's bench: each level's decision on the first position of each bench game,
# new_game(players, seed), with the seed seed * 1000) counted in the board's instructions.
# time.ticks_us() counts 1,000 instructions a microsecond there. Prints "K players seed level us"
# a decision, then "END". MP: only what MicroPython has.
import gc
import time

from engine.state import new_game

LEVELS = ("easy", "medium", "hard")


def choose(level):
    # the level's choose(state, seed, stop), as the check calls it (lib/check.py choose)
    m = "ai_" + level
    return getattr(__import__("engine." + m), m).choose


def run(bench):
    levels = [choose(level) for level in LEVELS]
    for f in levels:  # each level's modules loaded first, as the check does
        f(new_game(2, 1), 0, None)
    for players, seed in bench:
        s = new_game(players, seed)
        for i in range(3):
            gc.collect()
            t = time.ticks_us()
            levels[i](s, seed * 1000, None)
            print("K", players, seed, LEVELS[i], time.ticks_diff(time.ticks_us(), t))
    print("END")
