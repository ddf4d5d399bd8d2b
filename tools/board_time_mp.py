# tools/board_time.py's child on the M4 VM (tools/m4vm.py): the board's CPU counts the
# instructions of the computers' decisions on the bench positions (bench_positions.py).
# time.ticks_us() counts 1,000 instructions a microsecond there. Prints a line a decision,
# "D kind level us", and one a play at a game's table, "O us" (observe, as the table calls
# it before each play with a hard seat); part/parts split the games and tables among VMs.
import gc
import time
from engine.ai import choose_move
from engine.ai_hard import observe
import bench_positions as B


def count(f, *args):
    gc.collect()
    t = time.ticks_us()
    f(*args)
    return time.ticks_diff(time.ticks_us(), t)


def on_play(s, m):
    print("O", count(observe, s, m))


def decide(kind, s, seed, levels):
    for level in levels:
        print("D", kind, level, count(choose_move, s, level, seed))


def run(levels, seeds, part=0, parts=1):
    for level in levels:
        choose_move(B.new_game(2, 1), level, 0)     # each level's modules compiled first
    i = 0
    for players, seed in B.games(seeds):
        if i % parts == part:
            for kind, s, k in B.game_positions(players, seed, on_play):
                decide(kind, s, k, levels)
        i += 1
    for kind, s, k in B.crowded_positions(seeds):
        if i % parts == part:
            decide(kind, s, k, levels)
        i += 1
    print("END")
