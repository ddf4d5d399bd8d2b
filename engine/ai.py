# Computer players: choose_move(state, level, seed) -> one of legal_moves(state).
# Each level reads only what the seat to move can know (engine/ai_know.py) and
# is deterministic for a seed. A level's module is imported when first used.
LEVELS = ("easy", "medium", "hard")
ENDGAME = (5, 8)    # medium, hard


def choose_move(state, level, seed):
    if level == "hard":
        from engine import ai_hard as m
    elif level == "medium":
        from engine import ai_medium as m
    elif level == "easy":
        from engine import ai_easy as m
    else:
        raise ValueError("unknown level %r" % (level,))
    if level != "easy" and state.n == 2 and not state.deck:
        # the last hand of two is played out exactly: hard from its first
        # card, medium over the last few (ENDGAME cards left in both hands)
        from engine.ai_end import endgame
        move = endgame(state, ENDGAME[level == "hard"])
        if move is not None:
            return move
    return m.choose(state, seed)
