"""Hard's learned numbers, learned on the host from self-play (docs/AI.md, "What hard learned").

    python -m tools.strength.learn.run --seed 9000001 --rounds 1000 --jobs 2 [--write FILE]

selfplay.py plays seeded first rounds at 2, 3 and 4 players between mixed seats (hard, medium and
the newcomer-like player) and records, at each seat's turn, what a learned value of a playout's
end reads (hooks.parts) and what came of the position: the weight the seat's side took less the
others' over the rest of the hand and of the round; and how far each play a deal's check may
read fell below medium's best score. fit.py fits the end value by least squares, prints its
held-out error beside the hand-made value's, takes the plays' margins, and writes the numbers as
a module of constants (--write). play.py plays a tournament with the learned end (hooks.py),
with no edit of the engine. numpy is a development requirement; nothing of it runs on the board,
and the engine reads no learned numbers now (none measured better).
"""
