"""Computer players: legal, deterministic, blind to hidden cards; the referee's ai request."""

import json

import pytest

from engine.ai import choose_move, LEVELS
from engine.ai_know import unseen
from engine.movegen import legal_moves
from engine.play import apply_move
from engine.rng import Rng
from engine.scoring import finish_round
from engine.state import new_game
from casino_helpers import hidden_dealt_afresh
from tools.ref.protocol import state_to_position, position_to_state, json_to_move
from tools.ref import serve as referee
from tools.ref.ai_request import choose


def positions(players, seed, every=3, limit=40):
    """Positions from a game played by a seeded mix of levels, one in every `every` moves."""
    s = new_game(players, seed)
    rng = Rng(seed)
    out = []
    k = 0
    while s.winner < 0 and len(out) < limit:
        if s.round_over():
            finish_round(s)
            continue
        if k % every == 0:
            out.append(state_to_position(s))
        moves = legal_moves(s)
        if k % 2:
            move = moves[rng.below(len(moves))]
        else:
            move = choose_move(s, LEVELS[k % 3], k)
        apply_move(s, move)
        k += 1
    return out


def reshuffled(pos, seed):
    """The position with every card the seat to move cannot see dealt afresh
    among the other hands and the deck (same sizes; a build owner keeps a card
    of its build's value)."""
    s = position_to_state(pos)
    return state_to_position(hidden_dealt_afresh(s, seed, keep=s.hands[s.turn]))


def ask(pos, level, seed):
    return referee.answer(json.dumps({"cmd": "ai", "position": pos, "level": level, "seed": seed}))


CASES = [(players, seed) for players in (2, 3, 4) for seed in (1, 2)]


@pytest.mark.parametrize("players,seed", CASES)
def test_answers_are_legal_and_deterministic(players, seed):
    for i, pos in enumerate(positions(players, seed)):
        for level in LEVELS:
            a = ask(pos, level, i)
            assert "move" in a, a
            json_to_move(position_to_state(pos), a["move"])  # raises if illegal
            assert ask(pos, level, i) == a


@pytest.mark.parametrize("players,seed", CASES)
def test_answer_ignores_hidden_cards(players, seed):
    for i, pos in enumerate(positions(players, seed, every=4, limit=25)):
        for level in LEVELS:
            a = ask(pos, level, 100 + i)
            for r in range(3):
                b = ask(reshuffled(pos, 7 * i + r), level, 100 + i)
                assert b == a, (level, pos, a, b)


def test_choose_move_returns_a_legal_move_tuple():
    s = new_game(4, 9)
    for level in LEVELS:
        assert choose_move(s, level, 3) in legal_moves(s)


def test_state_is_not_changed_by_choosing():
    for pos in positions(3, 5, every=5, limit=10):
        s = position_to_state(pos)
        for level in LEVELS:
            choose_move(s, level, 1)
            assert state_to_position(s) == pos


def test_choose_direct():
    pos = state_to_position(new_game(2, 4))
    m = choose({"cmd": "ai", "position": pos, "level": "hard", "seed": 5})["move"]
    assert set(m) >= {"card", "kind"}


BAD = [
    {"level": "expert", "seed": 1},
    {"level": None, "seed": 1},
    {"seed": 1},
    {"level": "easy"},
    {"level": "easy", "seed": "1"},
    {"level": "easy", "seed": True},
    {"level": "easy", "seed": 1.5},
]


@pytest.mark.parametrize("fields", BAD)
def test_bad_level_or_seed(fields):
    req = {"cmd": "ai", "position": state_to_position(new_game(2, 1))}
    req.update(fields)
    assert "error" in referee.answer(json.dumps(req))


def test_bad_positions():
    good = state_to_position(new_game(2, 1))
    bad = dict(good)
    bad["loose"] = good["loose"][1:]  # a card missing
    assert "error" in ask(bad, "easy", 1)
    del bad["loose"]
    assert "error" in ask(bad, "easy", 1)
    assert "error" in ask("nope", "easy", 1)
    over = dict(good)
    over["captured"] = [
        good["captured"][0] + good["deck"] + good["hands"][0] + good["hands"][1],
        good["captured"][1],
    ]
    over["deck"] = []
    over["hands"] = [[], []]
    a = ask(over, "medium", 1)
    assert "error" in a and "internal" not in a["error"]


def _endgames(limit=12, seeds=39):
    """Two-player positions with the pack used up and more than one move."""
    out = []
    for seed in range(1, seeds + 1):
        s = new_game(2, seed)
        k = 0
        while not s.round_over() and len(out) < limit:
            if not s.deck and len(legal_moves(s)) > 1:
                out.append(s.copy())
            apply_move(s, choose_move(s, LEVELS[k % 3], k))
            k += 1
        if len(out) >= limit:
            break
    return out


def _exact(s, w):
    """Plain minimax of the rest of the round on the real state: the seat to
    move's takes less the other's (weights w), leftovers to the last capturer."""
    from engine.ai_sim import take, Sim

    seat = s.turn
    best = None
    for m in legal_moves(s):
        t = s.copy()
        sim = Sim(t, t.hands)
        left = len(t.hands[0]) + len(t.hands[1])
        g = take(sim, m, w, 100 if left > 1 else 0)
        if left == 1:
            # the table before apply_move hands the leftovers over
            last = sim.last if sim.last >= 0 else t.dealer
            g += sum(w[c] for c in sim.loose) * (1 if last == seat else -1)
        else:
            apply_move(t, m)
            g -= _exact(t, w)
        best = g if best is None else max(best, g)
    return best


def test_endgame_solver_finds_the_exact_best():
    from engine import ai_end
    from engine.ai_know import weights

    for s in _endgames():
        moves = legal_moves(s)
        w = weights(s, s.turn, True)
        if len(s.hands[0]) + len(s.hands[1]) > 5:
            continue
        b = ai_end.solve(s, moves, w, 100, unseen(s, s.turn), 8)
        assert 0 <= b < len(moves)
        t = s.copy()
        apply_move(t, moves[b])
        left = len(s.hands[0]) + len(s.hands[1])
        from engine.ai_sim import take, Sim

        u = s.copy()
        us = Sim(u, u.hands)
        g = take(us, moves[b], w, 100 if left > 1 else 0)
        if left == 1:
            last = us.last if us.last >= 0 else s.dealer
            g += sum(w[c] for c in us.loose) * (1 if last == s.turn else -1)
        else:
            g -= _exact(t, w)
        assert g == _exact(s, w)


def _piles_worth(s, m, w):
    """Move m's worth played out by the engine to the round's end, both seats
    at their best: the seat's takes (weights w, a sweep 100) less the
    other's, and most cards (300) and most spades (100) on the final piles,
    for the seat less the other."""
    seat = s.turn
    t = s.copy()
    apply_move(t, m)
    g = 0
    for k in range(2):
        took = sum(w[c] for c in t.captured[k]) - sum(w[c] for c in s.captured[k])
        took += 100 * (t.sweeps[k] - s.sweeps[k])
        g += took if k == seat else -took
    if not t.round_over():
        return g - max(_piles_worth(t, r, w) for r in legal_moves(t))
    cards = len(t.captured[seat])
    spades = sum(1 for c in t.captured[seat] if c & 3 == 0)
    return g + (cards > 26) * 300 - (cards < 26) * 300 + (100 if spades > 6 else -100)


def test_exact_endgame_scores_the_majorities_on_the_final_piles():
    # hard's solve (exact): the cards' weights without most cards and most
    # spades spread over them, the two majorities scored on the final piles;
    # its move is worth the best, played out by the engine itself
    from engine import ai_end
    from engine.ai_know import weights

    tried = differs = 0
    for s in _endgames(1000, 120):
        if len(s.hands[0]) + len(s.hands[1]) > 6:
            continue
        moves = legal_moves(s)
        w = weights(s, s.turn, True, 0)
        worth = [_piles_worth(s, m, w) for m in moves]
        b = ai_end.solve(s, moves, weights(s, s.turn, True), 100, unseen(s, s.turn), 8, exact=1)
        assert worth[b] == max(worth), (worth, b)
        plain = ai_end.solve(s, moves, weights(s, s.turn, True), 100, unseen(s, s.turn), 8)
        differs += worth[plain] < max(worth)
        tried += 1
    assert tried >= 300
    assert differs  # the spread weights miss the best on some (3 of 428 here)


def test_endgame_solver_gives_up_over_its_budget():
    from engine import ai_end
    from engine.ai_know import weights

    old = ai_end.NODES
    try:
        ai_end.NODES = 1
        for s in _endgames(4):
            if len(s.hands[0]) + len(s.hands[1]) > 2:
                for budget in (None, 2, 0, -5):  # (None: NODES)
                    assert (
                        ai_end.solve(
                            s,
                            legal_moves(s),
                            weights(s, s.turn),
                            100,
                            unseen(s, s.turn),
                            8,
                            None,
                            budget,
                        )
                        == -1
                    )
    finally:
        ai_end.NODES = old


def _searched(s, budget, nodes, monkeypatch):
    # solve with NODES nodes and the budget given (None: NODES): (its
    # answer, the positions it looked at, whether it finished within it)
    from engine import ai_end
    from engine.ai_know import weights

    monkeypatch.setattr(ai_end, "NODES", nodes)
    asked = []
    b = ai_end.solve(
        s,
        legal_moves(s),
        weights(s, s.turn, True),
        100,
        unseen(s, s.turn),
        8,
        lambda: asked.append(1) and False,
        budget,
    )
    return b, len(asked), ai_end._work <= nodes


def test_a_larger_endgame_budget_looks_at_more(monkeypatch):
    # hard's solve of the last hand may search twice medium's budget (less
    # what its playouts spent): on positions where both run out, it looks
    # at about twice as many
    looked = [0, 0]
    for s in _endgames(60):
        if len(s.hands[0]) + len(s.hands[1]) >= 7:
            plain, more = _searched(s, None, 300, monkeypatch), _searched(s, 600, 300, monkeypatch)
            if not plain[2] and not more[2]:
                looked[0] += plain[1]
                looked[1] += more[1]
    assert looked[0] > 100
    assert 1.5 * looked[0] < looked[1] < 3 * looked[0]


def test_long_move_lists_filled_again_search_alike(monkeypatch):
    # a depth's long move list is emptied while deeper levels search and
    # filled again in place (capped_moves' out): every list emptied (KEEP 0)
    # or none (KEEP 1000), the search looks at the same positions and answers alike
    from engine import ai_end

    seen = 0
    for s in _endgames(40):
        if len(s.hands[0]) + len(s.hands[1]) >= 6:
            monkeypatch.setattr(ai_end, "KEEP", 0)
            emptied = _searched(s, 8000, 4000, monkeypatch)
            monkeypatch.setattr(ai_end, "KEEP", 1000)
            assert _searched(s, 8000, 4000, monkeypatch) == emptied
            seen += 1
    assert seen >= 10


def test_capped_moves_written_into_a_list():
    from engine.movegen import capped_moves

    for s in _endgames(20):
        fresh = capped_moves(s)
        out = [None] * len(fresh)
        block = out
        assert capped_moves(s, -1, out) is block and out == fresh
        assert capped_moves(s, -1, []) == fresh


def test_stop_ends_the_search_with_a_legal_move():
    # the platform's clock: a stop() already true still gives a legal move
    # (medium's best), and stop is asked
    from engine import ai_end
    from engine.ai_know import weights

    asked = []

    def stop():
        asked.append(1)
        return True

    for players, seed in CASES:
        for pos in positions(players, seed, every=7, limit=6):
            s = position_to_state(pos)
            m = choose_move(s, "hard", 3, stop)
            assert m in legal_moves(s)
            assert choose_move(s, "hard", 3, stop) == m
    assert asked
    for s in _endgames(4):
        if len(s.hands[0]) + len(s.hands[1]) > 2:
            assert (
                ai_end.solve(
                    s, legal_moves(s), weights(s, s.turn), 100, unseen(s, s.turn), 8, lambda: True
                )
                == -1
            )


def test_stop_never_true_changes_nothing():
    for pos in positions(4, 3, every=5, limit=8):
        s = position_to_state(pos)
        assert choose_move(s, "hard", 9, lambda: False) == choose_move(s, "hard", 9)


def test_hard_work_is_bounded():
    # the work budget holds on a crowded table: one sampled deal may end over
    # it, by at most one playout's replies (the decision's budget: twice
    # BUDGET with 2 players and the pack not used up)
    from engine import ai_play

    for players, seed in CASES:
        for pos in positions(players, seed, every=5, limit=8):
            ai_play.work = 0
            choose_move(position_to_state(pos), "hard", 1)
            assert ai_play.work < ai_play.budget * 2


def test_a_move_is_ahead_when_it_leads_every_other_by_more_than_the_margin():
    from engine.ai_hard import ahead

    assert ahead([100, 40, 50], 49)
    assert not ahead([100, 40, 50], 50)
    assert not ahead([70, 70, 10], 0)  # a tie is never clear
    assert ahead([-5, -90], 80)


def test_hard_deals_until_its_choice_is_clear(monkeypatch):
    # a decision stops dealing once the deals left could not plausibly take
    # its leading move's lead back (ai_hard.MARGIN): never more deals than
    # with the rule off, never fewer than three, and fewer on clear
    # choices; its budget alone ends the others
    from engine import ai_hard, ai_medium

    dealt = [0]
    real = ai_medium.deal

    def counted(*a):
        dealt[-1] += 1
        return real(*a)

    monkeypatch.setattr(ai_medium, "deal", counted)
    margin = ai_hard.MARGIN
    fewer = asked = 0
    for players in (2, 3, 4):
        for pos in positions(players, 3, every=4, limit=10):
            s = position_to_state(pos)
            if players == 2 and not s.deck:
                continue  # one deal: the last hand is solved
            runs = []
            for rule in (margin, (0, 0, 0, 0, 0)):
                monkeypatch.setattr(ai_hard, "MARGIN", rule)
                dealt.append(0)
                choose_move(s, "hard", 5)
                runs.append(dealt[-1])
            early, full = runs
            assert early <= full
            assert early >= min(full, 3) or early == 0
            fewer += early < full
            asked += 1
    assert 5 <= fewer < asked - 5  # clear choices end early, close ones do not


@pytest.mark.parametrize("players", (2, 3, 4))
def test_hard_playout_reaches_the_seats_turn(players, monkeypatch):
    # with 2 or 3 players every seat plays once after the move, the seat
    # itself a second time, the others again, and then the seat's best move
    # is weighed; with 4, the others once and then the seat's best move;
    # the hands and the table are as they were after it
    from engine import ai_play, ai_sim
    from engine.ai_know import weights

    s = new_game(players, 17)
    me = s.turn
    seen = []
    real = ai_play.reply

    def spy(sim, seat, *args):
        seen.append(seat)
        return real(sim, seat, *args)

    monkeypatch.setattr(ai_play, "reply", spy)
    hands = [h[:] for h in s.hands]
    sim = ai_sim.Sim(s, hands)
    loose, builds = s.loose[:], s.builds[:]
    ai_play.work = 0
    ai_play.playout(
        sim,
        me,
        legal_moves(s)[0],
        weights(s, me, True),
        100,
        sum(map(len, s.hands)),
        len(s.deck),
        s.sides,
    )
    others = [(me + k) % players for k in range(1, players)]
    if players == 4:
        assert seen == others + [me]
    else:
        assert seen == others + [me] + others + [me]
    assert hands == s.hands and sim.loose == loose and sim.builds == builds


def test_weights_spread_the_majorities_over_the_cards_until_a_side_has_them():
    """Most cards (3 points) and most spades (1): while no side has won them each card
    carries `card` centipoints (14 unless asked) and each spade 10 more, the casinos and
    the Aces their points besides; once a side has 27 of the 52 cards a card carries 3,
    whatever `card` asks."""
    from engine.ai_know import weights
    from engine.cards import BIG_CASINO, LITTLE_CASINO

    s = new_game(2, 5)
    plain, spade, ace = 4 * 4 + 1, 4 * 4, 1  # the 5 of clubs, of spades, Ace of clubs
    w = weights(s, s.turn)
    assert (w[plain], w[spade], w[ace]) == (14, 24, 114)
    assert (w[BIG_CASINO], w[LITTLE_CASINO]) == (214, 124)
    w = weights(s, s.turn, card=30)
    assert (w[plain], w[spade], w[ace], w[BIG_CASINO]) == (30, 40, 130, 230)
    s.captured[1] = [c for c in range(52) if c & 3 and c != BIG_CASINO][:27]
    for card in (14, 30):
        w = weights(s, s.turn, card=card)
        assert (w[plain], w[spade]) == (3, 13)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hard_weighs_a_card_more_in_its_two_and_four_player_playouts(players, monkeypatch):
    """With two or four players hard's playouts (and their branches) count ai_hard.CARD a card
    while most cards is open; medium's order of the candidates, the opponents' moves as medium
    and every playout with three players count 14."""
    from engine import ai_branches, ai_hard, ai_medium, ai_play

    seen = {"playout": set(), "scores": set()}
    for name, module in (("playout", ai_play), ("branches", ai_branches), ("scores", ai_medium)):

        def spy(*args, _real=getattr(module, name), _name=name):  # noqa: B008  (this loop's)
            key = "scores" if _name == "scores" else "playout"
            seen[key].add(args[2 if _name == "scores" else 3][4 * 4 + 1])
            return _real(*args)

        monkeypatch.setattr(module, name, spy)
    for seed in range(1, 4):
        s = new_game(players, seed)
        ai_hard.choose(s, seed)
    assert seen["scores"] == {14}
    assert seen["playout"] == ({ai_hard.CARD} if players != 3 else {14})
    assert ai_hard.CARD > 14


def _sim_of(s):
    from engine import ai_sim

    sim = ai_sim.Sim(s, [h[:] for h in s.hands] + [[]] * (4 - s.n))
    sim.deck = len(s.deck)
    sim.sweeps_on = s.sweeps_on
    sim.sides = s.sides
    return sim


def test_the_other_seat_in_two_player_playouts_moves_as_medium_would():
    """The playouts' other seat (ai_play.medium) makes medium's own move: on positions of
    2-player games, holding its true hand, with the odds of the cards it cannot see, the
    same move as ai_medium.choose (the pack not yet used up: there medium solves)."""
    from engine import ai_medium, ai_play
    from engine.ai_know import weights

    asked = 0
    for seed in range(1, 7):
        for pos in positions(2, seed, every=2):
            s = position_to_state(pos)
            if not s.deck or len(legal_moves(s)) < 2:
                continue
            seat = s.turn
            p = ai_medium.odds(s, seat, unseen(s, seat))
            got = ai_play.medium(_sim_of(s), seat, weights(s, seat, True), p)
            assert got == ai_medium.choose(s, seed)
            asked += 1
    assert asked > 60


@pytest.mark.parametrize("odds", [False, True])
def test_a_two_player_playout_asks_medium_for_the_other_seat_when_given_odds(odds, monkeypatch):
    from engine import ai_medium, ai_play
    from engine.ai_know import weights

    s = new_game(2, 23)
    me = s.turn
    seen = []
    for name in ("reply", "medium"):

        def spy(sim, seat, *args, _real=getattr(ai_play, name), _name=name):  # noqa: B008  (as above)
            seen.append((_name, seat))
            return _real(sim, seat, *args)

        monkeypatch.setattr(ai_play, name, spy)
    sim = _sim_of(s)
    hands, loose = [h[:] for h in sim.hands], s.loose[:]
    w = weights(s, me, True)
    p = ai_medium.odds(s, 1 - me, unseen(s, 1 - me)) if odds else None
    ai_play.playout(
        sim, me, legal_moves(s)[0], w, 100, sum(map(len, s.hands)), len(s.deck), s.sides, w, p
    )
    other = ("medium" if odds else "reply", 1 - me)
    assert seen == [other, ("reply", me), other, ("reply", me)]
    assert sim.hands == hands and sim.loose == loose


def test_a_four_player_playout_asks_medium_for_the_opponents_and_reply_for_the_partner(
    monkeypatch,
):
    """With 4 players and odds by seat, each opponent moves as medium would (its own odds,
    p[seat]); the partner and the seat itself by reply."""
    from engine import ai_medium, ai_play
    from engine.ai_know import weights

    s = new_game(4, 23)
    me = s.turn
    seen = []
    for name in ("reply", "medium"):

        def spy(sim, seat, *args, _real=getattr(ai_play, name), _name=name):  # noqa: B008  (as above)
            seen.append((_name, seat, args[1] if _name == "medium" else None))
            return _real(sim, seat, *args)

        monkeypatch.setattr(ai_play, name, spy)
    sim = _sim_of(s)
    hands, loose = [h[:] for h in sim.hands], s.loose[:]
    w = weights(s, me, True)
    p = [None] * 4
    for o in (me + 1) % 4, (me + 3) % 4:
        p[o] = ai_medium.odds(s, o, unseen(s, o))
    ai_play.playout(
        sim, me, legal_moves(s)[0], w, 100, sum(map(len, s.hands)), len(s.deck), s.sides, w, p
    )
    a, b, c = (me + 1) % 4, (me + 2) % 4, (me + 3) % 4
    assert seen == [
        ("medium", a, p[a]),
        ("reply", b, None),
        ("medium", c, p[c]),
        ("reply", me, None),
    ]
    assert sim.hands == hands and sim.loose == loose


def test_branches_play_the_reply_then_each_of_the_seats_moves():
    """ai_branches.branches: the move, the other seat's reply as medium would, then a value for
    each of the seat's moves there, in capped_moves' order; hands and table as they were."""
    from engine import ai_branches, ai_medium, ai_play
    from engine.ai_know import weights
    from engine.movegen import capped_moves

    asked = 0
    for seed in range(1, 5):
        for pos in positions(2, seed, every=3):
            s = position_to_state(pos)
            me = s.turn
            if not s.deck or len(s.hands[me]) < 2:
                continue
            sim = _sim_of(s)
            hands, loose, builds = [h[:] for h in sim.hands], s.loose[:], s.builds[:]
            w = weights(s, me, True)
            p = ai_medium.odds(s, 1 - me, unseen(s, 1 - me))
            move = capped_moves(s)[0]
            ai_play.work = 0
            val, seen, out = ai_branches.branches(sim, me, move, w, 100, w, p)
            assert sim.hands == hands and sim.loose == loose and sim.builds == builds
            # the reply, and the seat's moves after it, on a copy of the game
            after = s.copy()
            apply_move(after, move)
            assert seen == ai_play.medium(_sim_of(after), 1 - me, w, p)
            apply_move(after, seen)
            assert len(out) == len(capped_moves(after))
            asked += 1
    assert asked > 20


def test_the_seats_next_move_is_one_move_for_the_deals_that_show_the_same_reply():
    """Two deals show reply a, one shows b: after a the seat plays the move best over both
    deals (3 + 3), not each deal's own best (5 + 4)."""
    from engine import ai_branches

    a, b = (5, 4, 0, 0, 0), (9, 4, 0, 0, 0)
    groups = [{}]
    for got in ((0, a, [5, 3]), (0, a, [0, 3]), (0, b, [1, 2])):
        ai_branches.tally(groups, [got])
    total = [10]
    ai_branches.add_best(groups, total)
    assert total == [10 + 6 + 2]


@pytest.mark.parametrize("players", [2, 4])
def test_reply_counts_the_next_seats_take_by_players(players):
    # A reply weighs its take against what the next seat can then take:
    # three quarters of it with 2 players, in full with more (other opponents
    # play too before the seat's turn). Taking the 7S (130) leaves the 9S (60)
    # to the next seat's 9D; taking the 9S leaves nothing it can take. With
    # the seat's own next take at a quarter, 130 - 3/4 60 + 60/4 = 100 beats
    # 60 + 130/4 = 92, and 130 - 60 + 15 = 85 does not.
    from engine import ai_play, ai_sim
    from tools.ref.card_names import parse as card
    from casino_helpers import state
    from engine.movegen import CAPTURE

    s = state(
        players=players, hands=["7H 9H", "9D"] + ["2C", "3C"][: players - 2], loose="7S 9S", turn=0
    )
    w = [0] * 52
    w[card("7S")] = 130
    w[card("9S")] = 60
    ai_play.work = 0
    move = ai_play.reply(ai_sim.Sim(s, [h[:] for h in s.hands]), 0, w, 0, False, s.sides)[0]
    assert move[0] == card("7H" if players == 2 else "9H") and move[1] == CAPTURE


def test_a_two_player_last_hand_solve_spends_what_is_left_of_the_decisions_work(monkeypatch):
    # hard's solve of a 2-player last hand may spend 1.5 times medium's budget, and no more
    # than what the playouts left of END_WORK, its units costing END_UNIT of ai_play's (more
    # on a table of ten items or more: there its units take longer); it stops within it
    # (over by at most a position's cost)
    from engine import ai_end, ai_hard, ai_play
    from tools.bench.movegen_mp import crowded_position

    real = ai_end.solve
    spent = []

    def counted(*a):
        before = ai_play.work
        k = real(*a)
        budget = a[7]
        items = len(a[0].loose) + len(a[0].builds)
        spent.append((ai_end._work - (ai_end.NODES - budget), budget, items, before))
        return k

    monkeypatch.setattr(ai_end, "solve", counted)
    rng = Rng(6)
    for i in range(80):
        s = crowded_position(rng, 8 + i % 8, True)
        if s.n == 2 and not s.deck and len(legal_moves(s)) > 1:
            choose_move(s, "hard", i)
    small = [b for _, b, items, _ in spent if items < 10]
    large = [b for _, b, items, _ in spent if items >= 10]
    assert len(small) > 5 and len(large) > 5
    assert max(small) > ai_end.NODES  # more than medium's, where the playouts left work
    for used, budget, items, before in spent:
        unit = ai_hard.END_UNIT_CROWDED if items >= 10 else ai_hard.END_UNIT
        assert budget <= 3 * ai_end.NODES // 2
        assert before + budget * unit <= ai_hard.END_WORK
        assert used <= budget + 300
    assert max(used - budget for used, budget, _, _ in spent) > 0  # some ran out
