"""The learned playout end on the host, without an edit of the engine (tools/strength/learn).

A playout's end counts the seat's best move by ai_play.reply in full: reply's second answer,
read only there (ai_play.playout at its end, ai_branches.branches after the greedy answer; the
seats' moves in between read only its first). install() puts in its place a reply whose second
answer, where END holds numbers for the players, is their sum of the position's parts (parts),
in 64ths; a two-player round's last card keeps its exact take. The engine carries none of it:
its dormant read of learned numbers took 512 bytes more of the board's heap at its peak (the
10.x board VM's box run of seed 24), and nothing learned measured better
(docs/AI_TRIES.md, "Learned from self-play (issue 65)").
"""

from engine import ai_eval, ai_play, ai_sim

SCALE_SHIFT = 6  # the numbers are 64ths
TRAIL = 4  # engine.movegen.TRAIL
END = [(), (), (), (), ()]  # by players: 64ths of parts(), then a constant; (): reply's own value
_engine_reply = ai_play.reply


def parts(sim, me, w, sw, sides, move):
    """What a learned end reads for the seat to move and its best move (reply's): the move's
    take, the next seat's best take after it, the seat's own best take next (as reply weighs
    them), the loose cards' weight, the builds' weight of its side and of the others, and the
    loose cards' weight for its side if it took last, against it if not."""
    hands = sim.hands
    nxt = (me + 1) % sim.n
    ol, ob, olast = sim.loose, sim.builds, sim.last
    loose = sum(w[c] for c in ol)
    mine = theirs = 0
    for b in ob:
        if (b[1] - me) % sides:
            theirs += ai_sim.build_weight(b, w)
        else:
            mine += ai_sim.build_weight(b, w)
    last = loose if olast >= 0 and not (olast - me) % sides else -loose
    need = ai_eval.vmask(hands[nxt]) | ai_eval.vmask(hands[me])
    ai_eval.table(ol, w)
    turn, sim.turn = sim.turn, me
    take = ai_sim.take(sim, move, w, sw)
    ai_eval.find_takes_after(move[3], move[0] if move[1] == TRAIL else -1, sim.builds, w, sw, need)
    threat = ai_eval.best(hands[nxt], move[0] if nxt == me else -1, w)
    own = ai_eval.best(hands[me], move[0], w)
    sim.loose, sim.builds, sim.last, sim.turn = ol, ob, olast, turn
    return [take, threat, own, loose, mine, theirs, last]


def value(c, f):
    """The learned value of parts f by numbers c (the constant last)."""
    t = c[-1]
    for k in range(len(f)):
        t += c[k] * f[k]
    return t >> SCALE_SHIFT


def reply(sim, seat, w, sw, final, sides):
    """ai_play.reply, its value the learned one where END holds numbers for these players."""
    move, made = _engine_reply(sim, seat, w, sw, final, sides)
    c = END[sim.n]
    if final or not c or made == -100000:  # (-100000: over the budget before any move)
        return move, made
    return move, value(c, parts(sim, seat, w, sw, sides, move))


def install(numbers):
    """END set from {players: numbers} and the learned reply put in the engine's place."""
    for n, c in numbers.items():
        END[n] = tuple(c)
    ai_play.reply = reply
