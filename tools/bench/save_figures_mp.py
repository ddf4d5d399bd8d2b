# The autosave's figures: record size and the time to pack + write one (into a
# bytearray nvm: the board's flash erase+write comes on top), over whole games, the
# recap of the last moves in each (the play screen's, lib/words.py told) and a cursor.
# Runs unchanged under CPython and MicroPython, from the repository root:
#   PYTHONPATH=lib .venv/bin/python -m tools.bench.save_figures_mp
#   MICROPYPATH=tools/bench:lib .venv/bin/micropython -X heapsize=64k -m save_figures_mp
import gc
import time

from engine import profile, savegame
from engine.movegen import legal_moves
from engine.play import play
from engine.rng import Rng
from engine.scoring import finish_round
from store import HEADER, Store
from words import told


def us():
    if hasattr(time, "ticks_us"):
        return time.ticks_us()
    return int(time.perf_counter() * 1000000)


def main():
    for players in (2, 3, 4):
        sv = savegame.Save()
        sv.settings.players = players
        profile.start_game(sv, players * 7)
        nvm = bytearray(1024)  # the board's nvm is not in the heap: a small stand-in
        for i in range(len(nvm)):
            nvm[i] = 255
        st = Store(nvm)
        rnd = Rng(players)
        n = 0
        small = 9999
        big = 0
        spent = 0
        peak = 0
        while sv.game.winner < 0:
            s = sv.game
            moves = legal_moves(s)
            m = moves[rnd.below(len(moves))]
            t = told(s, m)
            ev = play(s, m)
            sv.recap = (sv.recap + [t + (ev & 8,)])[1 - players :]
            sv.cursor = s.hands[0][0] if s.hands[0] else -1
            if s.round_over():
                profile.record_round(sv.stats, s, sv.seats)
                finish_round(s)
                if s.winner >= 0:
                    break
            t = us()
            data = savegame.pack(sv)
            st.save(data)
            spent += us() - t
            n += 1
            small = min(small, len(data) + HEADER)
            big = max(big, len(data) + HEADER)
            if hasattr(gc, "mem_alloc"):
                gc.collect()
                peak = max(peak, gc.mem_alloc())
        print(
            "%d players: %d saves, record %d..%d bytes, %.2f ms each%s"
            % (players, n, small, big, spent / n / 1000, ", heap peak %d" % peak if peak else "")
        )


main()
