# A complete game between seeded random players, printing one line per move.
# Runs unchanged under CPython and MicroPython so the two can be compared; run it from the
# repository root with relative paths only (tools/box/mp.py), so the heap figures do not depend on
# the checkout's path:
#   MICROPYPATH=tools/bench micropython -X heapsize=48k -m random_game_mp PLAYERS SEED [SWEEPS]
#   python3 -m tools.bench.random_game_mp PLAYERS SEED [SWEEPS]
# The last line reports the peak heap seen after collections (MicroPython only).
import gc
import sys

from engine.movegen import legal_moves
from engine.play import play
from engine.rng import Rng
from engine.scoring import finish_round
from engine.state import new_game


def main():
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    sweeps_on = (sys.argv[3] != "0") if len(sys.argv) > 3 else True
    s = new_game(players, seed, sweeps_on)
    chooser = Rng(seed + 1)
    peak = 0
    rounds = 0
    while s.winner < 0 and rounds < 100:
        while not s.round_over():
            moves = legal_moves(s)
            m = moves[chooser.below(len(moves))]
            print("%d %d %d %d %d %d" % ((s.turn,) + m))
            play(s, m)
            if hasattr(gc, "mem_alloc"):
                gc.collect()
                used = gc.mem_alloc()
                if used > peak:
                    peak = used
        finish_round(s)
        rounds += 1
        print("round %d scores %s" % (rounds, " ".join(str(x) for x in s.scores)))
    print("winner %d peak %d" % (s.winner, peak))


main()
