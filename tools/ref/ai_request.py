"""The referee's `ai` request (docs/REFEREE.md): the computer player's move for a position.

Hard reads the others' hands from their plays (engine/ai_hard.py's observe), as at a
table. A position carries no history, so the referee remembers what the plays it
applied said (`seen`, then `reached`), keyed by the public part of the position
each led to; an `ai` request for such a position reads those marks. Only public
facts make the key: the same position with the hidden cards dealt otherwise
finds the same marks, and a position the referee did not reach reads none."""

from engine.ai import LEVELS, choose_move
from engine.ai_hard import observe
from tools.ref.protocol import BadRequest, _int, move_to_json, position_to_state

KEEP = 4096  # positions remembered; the oldest is forgotten first
_marks = {}  # public key -> what the plays that led there said: (the marks,
# state.unlikely, and state.was, the hand's plays and their tables)


def public_key(s):
    """What every seat sees of a position: no hand's or the deck's cards, only
    their counts; orders that say nothing (loose cards, piles, groups) sorted."""
    builds = sorted((b[0], b[1], tuple(sorted(tuple(sorted(g)) for g in b[2]))) for b in s.builds)
    return (
        s.n,
        s.sweeps_on,
        s.dealer,
        s.turn,
        s.last,
        tuple(map(len, s.hands)),
        len(s.deck),
        tuple(sorted(s.loose)),
        tuple(builds),
        tuple(tuple(sorted(p)) for p in s.captured),
        tuple(s.sweeps),
        tuple(s.scores),
    )


def recall(s):
    """Give s what the plays that led to it said, if the referee applied them."""
    m = _marks.get(public_key(s))
    if m is not None:
        s.unlikely = bytearray(m[0])
        s.was = m[1]


def seen(s, move):
    """Before the referee applies move to s: what the play says of the hand."""
    recall(s)
    observe(s, move)


def reached(s):
    """After the referee applied a move: remember what it said for the position."""
    if any(s.unlikely) or s.was:
        _marks[public_key(s)] = bytes(s.unlikely), s.was
        if len(_marks) > KEEP:
            del _marks[next(iter(_marks))]


def choose(req):
    """{"cmd": "ai", "position": P, "level": L, "seed": S} -> {"move": M}.

    Raises BadRequest for an unknown level, a seed that is not a whole number
    or a bad position (including one whose round is over)."""
    level = req.get("level")
    if level not in LEVELS:
        raise BadRequest("level must be one of %s, not %r" % (", ".join(LEVELS), level))
    if "seed" not in req:
        raise BadRequest("an ai request needs a seed")
    seed = _int(req.get("seed"), "seed", -(1 << 63), (1 << 64) - 1)
    s = position_to_state(req.get("position"))
    if s.round_over():
        raise BadRequest("the round is over: no cards in hands or deck")
    recall(s)
    return {"move": move_to_json(s, choose_move(s, level, seed))}
