# Computer players: choose_move(state, level, seed) -> one of legal_moves(state).
# Each level reads only what the seat to move can know (engine/ai_know.py) and
# is deterministic for a seed. A level's module is imported when first used.
# stop: None, or a function of no arguments the platform gives (its clock)
# that turns true when hard must answer with its best move so far.
from engine.settings import LEVELS


def choose_move(state, level, seed, stop=None):
    """The move the computer of this level plays for the seat to move (a tuple of legal_moves)."""
    if level not in LEVELS:
        raise ValueError("unknown level %r" % (level,))
    m = "ai_" + level
    return getattr(__import__("engine." + m), m).choose(state, seed, stop)
