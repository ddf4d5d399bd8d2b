# tools/bench/board_time.py's child on the M4 VM (tools/box/m4vm.py): the board's CPU counts the
# instructions of the computers' decisions on the bench positions (positions_mp.py).
# time.ticks_us() counts 1,000 instructions a microsecond there. Prints a line a decision,
# "D kind level us", and one a play at a game's table, "O us" (observe, as the table calls
# it before each play with a hard seat); part/parts split the games and tables among VMs.
# A decision's line goes on with the work its search counted: ai_play's units (thousands of the
# board's instructions, as fitted) and ai_end's (the endgame's), for hard's model of its time,
# then the deals' checks' part of it (ai_medium.deal: its microseconds and the units hard counts
# for it), and ends with the move chosen (its five numbers).
import gc
import time

from engine import ai_end, ai_play, ai_medium
from engine.ai import choose_move
from engine.ai_hard import observe
import positions_mp as B

DEALS = [0, 0]  # this decision's checked deals: microseconds, units counted
_deal = ai_medium.deal


def timed_deal(s, me, pool, rng, hands, w):
    t = time.ticks_us()
    checks = _deal(s, me, pool, rng, hands, w)
    DEALS[0] += time.ticks_diff(time.ticks_us(), t)
    DEALS[1] += checks * ai_play.CHECK[s.n] + ai_medium.weighed * ai_play.WEIGH[s.n]
    return checks


ai_medium.deal = timed_deal


def count(f, *args):
    gc.collect()
    t = time.ticks_us()
    f(*args)
    return time.ticks_diff(time.ticks_us(), t)


def on_play(s, m):
    print("O", count(observe, s, m))


def decide(kind, s, seed, levels):
    for level in levels:
        ai_play.work = ai_end._work = DEALS[0] = DEALS[1] = 0
        gc.collect()
        t = time.ticks_us()
        m = choose_move(s, level, seed)
        t = time.ticks_diff(time.ticks_us(), t)
        print("D", kind, level, t, ai_play.work, ai_end._work, DEALS[0], DEALS[1], *m)


def run(levels, seeds, part=0, parts=1):
    compiled(levels)
    i = 0
    for players, seed in B.games(seeds):
        if i % parts == part:
            for kind, s, k in B.game_positions(players, seed, on_play):
                decide(kind, s, k, levels)
        i += 1
    crowded_then_end(levels, seeds, i, part, parts)


def run_games(levels, seeds, every, part=0, parts=1):
    """As run() over the games' set (positions_mp.whole_game_positions: seeds whole games for each
    of 2, 3 and 4 players, every every-th position) and then the crowded tables of seeds."""
    compiled(levels)
    i = 0
    for players in (2, 3, 4):
        for seed in range(1, seeds + 1):
            if i % parts == part:
                for kind, s, k in B.whole_game_positions(seeds, every, on_play, players, seed):
                    decide(kind, s, k, levels)
            i += 1
    crowded_then_end(levels, seeds, i, part, parts)


def compiled(levels):
    for level in levels:
        choose_move(B.new_game(2, 1), level, 0)  # each level's modules compiled first


def crowded_then_end(levels, seeds, i, part, parts):
    # the crowded tables of seeds, this part's share (counted on from i), then "END"
    for kind, s, k in B.crowded_positions(seeds):
        if i % parts == part:
            decide(kind, s, k, levels)
        i += 1
    print("END")


def clock(seeds, limit_us, part=0, parts=1):
    """Hard's decisions on the bench positions (every parts-th, from part) with the table's
    search clock, stop() true past limit_us of the VM's clock: prints "C kind us fired" a
    decision (fired 1 if stop() ever said to stop), then "END"."""
    choose_move(B.new_game(2, 1), "hard", 0)
    said = [0]
    i = [0]

    def decide_with_clock(kind, s, seed):
        i[0] += 1
        if (i[0] - 1) % parts != part:
            return
        said[0] = 0
        t = time.ticks_us()

        def stop():
            if time.ticks_diff(time.ticks_us(), t) > limit_us:
                said[0] = 1
            return said[0]

        gc.collect()
        t = time.ticks_us()
        choose_move(s, "hard", seed, stop)
        print("C", kind, time.ticks_diff(time.ticks_us(), t), said[0])

    for players, seed in B.games(seeds):
        for kind, s, k in B.game_positions(players, seed, observe):
            decide_with_clock(kind, s, k)
    for kind, s, k in B.crowded_positions(seeds):
        decide_with_clock(kind, s, k)
    print("END")
