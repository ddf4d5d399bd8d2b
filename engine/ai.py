# Computer players: choose_move(state, level, seed) -> one of legal_moves(state).
# Placeholder until the real players land (issue 3): picks a legal move from the
# seed alone. It reads only the seat's own view (the legal moves).
from engine.movegen import legal_moves
from engine.rng import Rng

LEVELS = ("easy", "medium", "hard")


def choose_move(state, level, seed):
    moves = legal_moves(state)
    return moves[Rng(seed).below(len(moves))]
