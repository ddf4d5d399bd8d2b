# Easy: takes the richest capture it sees; otherwise lays down its least
# valuable card. Half of its turns (by the seed) it also shies away from a
# move that leaves an obvious gift for the next player.
from engine.movegen import legal_moves, CAPTURE, TRAIL
from engine.rng import Rng
from engine import ai_know as K
from engine import ai_eval as E


def choose(s, seed):
    moves = legal_moves(s)
    if len(moves) == 1:
        return moves[0]
    seat = s.turn
    w = K.weights(s, seat)
    careful = Rng(seed).below(2) == 0
    if careful:
        p = [0] * 15
        u = K.unseen(s, seat)
        nxt = (seat + 1) % s.n
        K.hold_odds(K.rank_counts(u), len(u), len(s.hands[nxt]), K.owned_values(s, nxt), p)
    sw = K.SWEEP if s.sweeps_on else 0
    sim = E.Sim(s, None)
    b = 0
    bs = 0
    for i in range(len(moves)):
        m = moves[i]
        g = E.take(sim, m, w, sw)
        if m[1] != CAPTURE:
            g = -w[m[0]] - (0 if m[1] == TRAIL else 5)
        if careful:
            E.caps(sim.loose, sim.builds, w, sw)
            g -= E.expect(p) // 2
        sim.loose = s.loose
        sim.builds = s.builds
        if i == 0 or g > bs:
            b = i
            bs = g
    return moves[b]
