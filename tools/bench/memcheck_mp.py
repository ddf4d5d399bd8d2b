# The MicroPython half of tools/bench/memcheck.py, kept tiny: its own bytecode shares
# the heap it measures (--save runs memcheck_save_mp.py instead). Run it from the repository
# root with relative paths only (tools/box/mp.py), so the heap does not depend on the
# checkout's path:
#   MICROPYPATH=tools/bench micropython -X heapsize=80k -m memcheck_mp ROUNDS PLAYERS LEVELS SEED 0
# Prints "round R alloc A free F games G moves M" after each round.
import gc
import sys

from engine.ai import choose_move
from engine.play import apply_move
from engine.scoring import finish_round
from engine.state import new_game


def main(rounds, n, levels, seed):
    gc.collect()
    print("imports alloc %d free %d" % (gc.mem_alloc(), gc.mem_free()))
    done = games = moves = 0
    while done < rounds:
        s = new_game(n, seed + games)
        games += 1
        k = (seed + games) * 7919
        while s.winner < 0 and done < rounds:
            k += 1
            apply_move(s, choose_move(s, levels[s.turn], k))
            moves += 1
            if s.round_over():
                finish_round(s)
                done += 1
                gc.collect()
                print(
                    "round %d alloc %d free %d games %d moves %d"
                    % (done, gc.mem_alloc(), gc.mem_free(), games, moves)
                )
    gc.collect()
    print("end alloc %d free %d" % (gc.mem_alloc(), gc.mem_free()))


main(int(sys.argv[1]), int(sys.argv[2]), sys.argv[3].split(","), int(sys.argv[4]))
