# Easy: takes the richest capture it sees, or builds for half of what the
# build will take; otherwise lays down its least valuable card. Half of its
# turns (by the seed) it also shies away from a move that leaves an obvious
# gift for the next player.
from engine import const
from engine.movegen import capped_moves
from engine.rng import Rng
from engine import ai_know
from engine import ai_eval
from engine import ai_sim

_CAPTURE = const(0)  # engine.movegen.CAPTURE
_TRAIL = const(4)  # engine.movegen.TRAIL
_CARD = const(0)  # a move's fields (engine.movegen)
_KIND = const(1)
_BUILDS = const(4)

# Its figures, written in place: in four turns, two look for gifts and one
# thinks of building; a build counts half of what it will take; it knows the
# card a side on 18-20 needs.


def choose(s, seed, *_):
    """Easy's move for the seat to move."""
    moves = capped_moves(s)
    if len(moves) == 1:
        return moves[0]
    seat = s.turn
    w = ai_know.weights(s, seat, True)
    rng = Rng(seed)
    careful = rng.below(4) < 2
    builds = rng.below(4) < 1
    if careful:
        p = [0] * 15
        u = ai_know.unseen(s, seat)
        nxt = (seat + 1) % s.n
        ai_know.hold_odds(
            ai_know.rank_counts(u), len(u), len(s.hands[nxt]), ai_know.owned_values(s, nxt), p
        )
    sw = ai_know.SWEEP if s.sweeps_on else 0
    sim = ai_sim.Sim(s, None)
    b = 0
    bs = 0
    for i in range(len(moves)):
        m = moves[i]
        g = ai_sim.take(sim, m, w, sw)
        if m[_KIND] == _TRAIL:
            g = -w[m[_CARD]]
        elif m[_KIND] != _CAPTURE and not builds:
            g = -w[m[_CARD]] - 5
        elif m[_KIND] != _CAPTURE:
            # a build: half what it will take next turn
            j = len(sim.builds) - 1
            if m[_BUILDS]:
                j = 0
                while not m[_BUILDS] >> j & 1:
                    j += 1
            bld = sim.builds[j]
            g = ai_sim.build_weight(bld, w) // 2 - w[m[_CARD]]
        if careful:
            ai_eval.find_takes(sim.loose, sim.builds, w, sw)
            g -= ai_eval.expect(p) // 2
        sim.loose = s.loose
        sim.builds = s.builds
        if i == 0 or g > bs:
            b = i
            bs = g
    return moves[b]
