# Easy: takes the richest capture it sees, or builds for half of what the
# build will take; otherwise lays down its least valuable card. Half of its turns (by the seed) it also shies away from a
# move that leaves an obvious gift for the next player.
from engine.movegen import capped_moves, CAPTURE, TRAIL
from engine.rng import Rng
from engine import ai_know as K
from engine import ai_eval as E
from engine import ai_sim as S

# Its figures, written in place: in four turns, two look for gifts and one
# thinks of building; a build counts half of what it will take; it knows the
# card a side on 18-20 needs.


def choose(s, seed, *_):
    moves = capped_moves(s)
    if len(moves) == 1:
        return moves[0]
    seat = s.turn
    w = K.weights(s, seat, True)
    rng = Rng(seed)
    careful = rng.below(4) < 2
    builds = rng.below(4) < 1
    if careful:
        p = [0] * 15
        u = K.unseen(s, seat)
        nxt = (seat + 1) % s.n
        K.hold_odds(K.rank_counts(u), len(u), len(s.hands[nxt]), K.owned_values(s, nxt), p)
    sw = K.SWEEP if s.sweeps_on else 0
    sim = S.Sim(s, None)
    b = 0
    bs = 0
    for i in range(len(moves)):
        m = moves[i]
        g = S.take(sim, m, w, sw)
        if m[1] == TRAIL:
            g = -w[m[0]]
        elif m[1] != CAPTURE and not builds:
            g = -w[m[0]] - 5
        elif m[1] != CAPTURE:
            # a build: half what it will take next turn
            j = len(sim.builds) - 1
            if m[4]:
                j = 0
                while not m[4] >> j & 1:
                    j += 1
            bld = sim.builds[j]
            g = S.build_weight(bld, w) // 2 - w[m[0]]
        if careful:
            E.caps(sim.loose, sim.builds, w, sw)
            g -= E.expect(p) // 2
        sim.loose = s.loose
        sim.builds = s.builds
        if i == 0 or g > bs:
            b = i
            bs = g
    return moves[b]
