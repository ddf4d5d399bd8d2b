"""The referee's `ai` request (PROTOCOL.md): the computer player's move for a position."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from protocol import BadRequest, position_to_state, move_to_json, _int  # noqa: E402
from engine.ai import choose_move, LEVELS  # noqa: E402


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
    return {"move": move_to_json(s, choose_move(s, level, seed))}
