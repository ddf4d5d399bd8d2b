# The MicroPython half of tools/bench/memcheck.py --save (the save path too; its own bytecode
# shares the heap being measured). Prints "round R alloc A free F games G moves M" after each
# round. Run it from the repository root with relative paths only (sys.path "", "tools/bench",
# "lib"; tools/box/mp.py), so the heap does not depend on the checkout's path:
#   MICROPYPATH=tools/bench:lib micropython -X heapsize=96k -m memcheck_save_mp \
#       ROUNDS PLAYERS LEVELS SEED SAVE
import gc
import sys

# stands in for nvm (not heap on the board), before the imports as the board's is
NVM = bytearray(1024) if sys.argv[5] == "1" else None
# The engine first, as the app imports it; a computer player's modules are
# compiled at its first decision (engine/ai.py imports the level it needs).
from engine.state import new_game  # noqa: E402  (after NVM: the heap as the board's)
from engine.play import apply_move  # noqa: E402  (after NVM)
from engine.scoring import finish_round  # noqa: E402  (after NVM)
from engine.movegen import legal_moves  # noqa: E402  (after NVM)
from engine.rng import Rng  # noqa: E402  (after NVM)
from engine.ai import choose_move  # noqa: E402  (after NVM)

SAVING = sys.argv[5] == "1"
if SAVING:
    from engine import profile, savegame
    from store import Store


def main(rounds, players, levels, seed, saving):
    if saving:
        store = Store(NVM)
    gc.collect()
    print("imports alloc %d free %d" % (gc.mem_alloc(), gc.mem_free()))
    done = games = moves = 0
    while done < rounds:
        if saving:
            sv = savegame.Save()
            sv.settings.players = players
            sv.settings.seats = [None if lv == "random" else lv for lv in levels] + [None] * 4
            profile.start_game(sv, seed + games)
            s = sv.game
        else:
            s = new_game(players, seed + games)
            count = 0
        games += 1
        while s.winner < 0 and done < rounds:
            lv = levels[s.turn]
            if saving:
                k = sv.next_seed()
            else:
                count += 1
                k = (seed + games) * 7919 + count
            if lv == "random":
                ms = legal_moves(s)
                m = ms[Rng(k).below(len(ms))]
                ms = None
            else:
                m = choose_move(s, lv, k)
            apply_move(s, m)  # the players choose among legal_moves: no second check
            m = None
            moves += 1
            ended = s.round_over()
            if ended:
                if saving:
                    profile.record_round(sv.stats, s, sv.seats)
                finish_round(s)
                done += 1
                if saving and s.winner >= 0:
                    profile.record_game(sv.stats, sv.game, sv.seats)  # as screen_over does
                    sv.game = None
            if saving:
                store.save(savegame.pack(sv))
            if ended:
                gc.collect()
                print(
                    "round %d alloc %d free %d games %d moves %d"
                    % (done, gc.mem_alloc(), gc.mem_free(), games, moves)
                )
        s = sv = None
    gc.collect()
    print("end alloc %d free %d" % (gc.mem_alloc(), gc.mem_free()))


main(int(sys.argv[1]), int(sys.argv[2]), sys.argv[3].split(","), int(sys.argv[4]), SAVING)
