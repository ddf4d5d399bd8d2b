"""Self-play positions for the learned playout end (tools/strength/learn).

A row for each turn of a seat that is not the round's last card: the players, the level that
seat plays, the parts a learned end reads (hooks.parts: the seat's best move by ai_play.reply
on the true hands, as a playout's end reads the dealt ones: its take, the next seat's best take
after it, its own best take next; the table's weight in three and by who took last), the
hand-made value (that move counted in full), and what came of the position, in the seat's
weights (ai_hard's playout weights) at it: the weight the seat's side took less the other
sides' over the rest of the hand and over the rest of the round (the leftovers to the last
capturer).
"""

from engine import ai_hard, ai_know, ai_medium, ai_play, ai_sim
from engine.movegen import capped_moves
from engine.play import play
from engine.rng import Rng
from engine.state import new_game
from tools.strength import tournament
from tools.strength.learn import fit, hooks

# the seats' levels, drawn for each seat of each round: hard twice as often as the newcomer
LEVELS = ("hard", "hard", "medium", "medium", "newcomer")
# a row's fields, in order
FIELDS = ("players", "hard") + fit.FEATURES + ("made", "hand", "round")


def seats(n, seed):
    """Each seat's level in the round of this seed."""
    r = Rng(seed ^ 0x5EA75)
    return [LEVELS[r.below(len(LEVELS))] for _ in range(n)]


def parts(s, seat, w):
    """What a learned end reads (hooks.parts) for seat's best move on the true hands, and the
    hand-made value (that move counted in full)."""
    sim = ai_sim.Sim(s, [h[:] for h in s.hands])
    ai_play.work, ai_play.budget = 0, 1 << 30
    sw = ai_know.SWEEP if s.sweeps_on else 0
    move, made = ai_play.reply(sim, seat, w, sw, False, s.sides)
    return hooks.parts(sim, seat, w, sw, s.sides, move) + [made]


def gap(s, move):
    """How far below medium's best score, on the seat's true hand, the seat's move is
    (centipoints; a move past medium's first 40 counts 1,000)."""
    seat = s.turn
    moves = capped_moves(s)[:40]
    if move not in moves:
        return 1000
    w = ai_know.weights(s, seat, True)
    sc = ai_medium.scores(s, moves, w, ai_medium.odds(s, seat, ai_know.unseen(s, seat)))
    return max(sc) - sc[moves.index(move)]


def round_rows(n, seed):
    """The rows of one first round of n players from seed, and the gaps (gap) of the plays a
    deal's check may read (2 or 4 players, the pack not used up, not a seat's last card, a
    table of at most 8 loose cards: where ai_hard.observe keeps them)."""
    names = seats(n, seed)
    fns = [tournament.player(x) for x in names]
    s = new_game(n, seed)
    rows = []  # each: row, the seat, its weights, the capture events' index then
    gaps = []  # (players, level, gap) of each play a deal's check may read
    events = []  # (seat, cards taken, sweeps, the deck's size in its hand) for each that took
    move_no = 0
    while not s.round_over():
        seat = s.turn
        left = sum(map(len, s.hands))
        if not (not s.deck and left == 1):
            w = ai_know.weights(s, seat, True, 1, ai_hard.CARD if n != 3 else 14)
            row = [n, int(names[seat] == "hard")] + parts(s, seat, w)
            rows.append((row, seat, w, len(events), len(s.deck)))
        move = fns[seat](s, tournament.move_seed(seed, move_no, seat))
        if n != 3 and (n == 4 or s.deck) and len(s.hands[seat]) > 1 and len(s.loose) <= 8:
            gaps.append((n, names[seat], gap(s, move)))
        tournament.set_constants(())
        ai_hard.observe(s, move)
        before = [len(p) for p in s.captured]
        swept = s.sweeps[:]
        deck = len(s.deck)  # the hand's (a hand's last play deals the next)
        play(s, move)
        move_no += 1
        for k in range(n):
            if len(s.captured[k]) > before[k] or s.sweeps[k] > swept[k]:
                events.append((k, s.captured[k][before[k] :], s.sweeps[k] - swept[k], deck))
    out = []
    for row, seat, w, first, deck in rows:
        hand = total = 0
        for k, cards, sweeps, in_hand in events[first:]:
            g = sum(w[c] for c in cards) + sweeps * ai_know.SWEEP
            g = -g if (k - seat) % s.sides else g
            total += g
            if in_hand == deck:
                hand += g
        out.append(row + [hand, total])
    return out, gaps


def _job(task):
    return round_rows(*task)


def record(players, rounds, first_seed, jobs=1):
    """The rows and the plays' gaps (round_rows) of `rounds` first rounds for each number of
    players, seeds from first_seed: (seed, row) and (seed, players, level, gap)."""
    tasks = [(n, first_seed + k) for n in players for k in range(rounds)]
    if jobs > 1:
        import multiprocessing

        with multiprocessing.Pool(jobs) as pool:
            done = pool.map(_job, tasks, chunksize=8)
    else:
        done = [_job(t) for t in tasks]
    rows = [(seed, row) for (n, seed), (got, _) in zip(tasks, done) for row in got]
    gaps = [(seed,) + g for (n, seed), (_, got) in zip(tasks, done) for g in got]
    return rows, gaps
