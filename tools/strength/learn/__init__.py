"""Hard's learned numbers, learned on the host from self-play (docs/AI.md, "What hard learned").

    python -m tools.strength.learn --seed 9000001 --rounds 600 --jobs 2 --write engine/ai_learned.py

selfplay.py plays seeded first rounds at 2, 3 and 4 players between mixed seats (hard, medium and
the newcomer-like player) and records, at each seat's turn, what the seat's best move at a
playout's end reads (ai_play.reply's parts) and what came of the position: the weight the seat's
side took less the others' over the rest of the round. fit.py fits the playout's end value to it
by least squares, prints its held-out error beside the hand-made value's, and writes the numbers
as engine/ai_learned.py. numpy is a development requirement; nothing new runs on the board.
"""
