"""Hard reads the others' hands from their plays (ai_hard.observe): what a play says is
public knowledge only, it lasts one hand, it is saved, and hard's deals follow it."""

import pytest

from tools.ref import card_names as C
from casino_helpers import hidden_dealt_afresh
from engine import ai_hard, ai_know
from engine.ai import choose_move
from engine.codec import encode, decode
from engine.movegen import CAPTURE, CREATE, TRAIL, legal_moves
from engine.play import play
from engine.rng import Rng
from engine.scoring import finish_round
from engine.state import State, new_game

P = C.parse


def table(hands, loose, players=2, turn=0):
    """A first-hand position: these hands and loose cards, the rest in the deck."""
    s = State(players)
    s.dealer = (turn - 1) % players
    s.turn = turn
    s.hands = [list(h) for h in hands]
    s.loose = list(loose)
    used = set(loose)
    for h in hands:
        used.update(h)
    s.deck = [c for c in range(52) if c not in used]
    return s


def observed_game(players, seed, levels):
    """Every state of a game before each move, with the move, every play observed."""
    s = new_game(players, seed)
    out = []
    k = 0
    while s.winner < 0 and k < 300:
        if s.round_over():
            finish_round(s)
            continue
        m = choose_move(s, levels[s.turn], k)
        out.append((s.copy(), m))
        ai_hard.observe(s, m)
        play(s, m)
        k += 1
    return out


def marked(s, seat):
    """the cards s.unlikely marks for seat"""
    return [c for c in range(52) if s.unlikely[c] >> seat & 1]


def test_a_trail_beside_big_casino_says_the_seat_holds_no_ten():
    # seat 0 trails a King beside Big Casino: holding a 10 it would have taken it
    s = table([[P("KH"), P("9C"), P("3D")], [P("JC"), P("JH"), P("4S")]], [P("TD"), P("QS")])
    trail = (P("KH"), TRAIL, 0, 0, 0)
    ai_hard.observe(s, trail)
    tens = [P("TS"), P("TC"), P("TH")]
    assert set(tens) <= set(marked(s, 0))
    assert P("KH") not in marked(s, 0)  # the card played says nothing of itself
    assert marked(s, 1) == []  # nothing said of the other seat


def test_a_build_says_nothing_against_the_cards_beside_the_one_it_keeps():
    # medium, holding 3C 8H 9D, builds 8 with its 3 on a loose 5. Any card
    # beside the 3 is weighed with an 8 in the hand (the build needs one):
    # without it the build would be no move at all, and the 9 held would
    # read as unlikely.
    s = table([[P("3C"), P("8H"), P("9D")], [P("JC"), P("JH"), P("4S")]], [P("5C"), P("QS")])
    build = choose_move(s, "medium", 1)
    assert build[:3] == (P("3C"), CREATE, 8)
    ai_hard.observe(s, build)
    assert P("8H") not in marked(s, 0) and P("9D") not in marked(s, 0)


def test_what_a_play_says_reads_no_hidden_card():
    for players in (2, 3, 4):
        for i, (s, m) in enumerate(observed_game(players, 3, ["hard", "medium"] * 2)[:60]):
            a = s.copy()
            ai_hard.observe(a, m)
            for r in range(2):
                b = hidden_dealt_afresh(s, 10 * i + r, keep=(m[0],))
                ai_hard.observe(b, m)
                assert b.unlikely == a.unlikely, (players, i)


def test_masks_build_up_in_a_hand_and_start_again_at_the_deal():
    seen = 0
    for s, _m in observed_game(2, 5, ["hard", "medium"]):
        if len(s.hands[0]) == 4 and len(s.hands[1]) == 4:
            assert not any(s.unlikely)  # a fresh hand: nothing known
        seen = seen or any(s.unlikely)
    assert seen  # plays did say something


def test_hard_with_masks_still_ignores_hidden_cards():
    asked = 0
    for players in (2, 3, 4):
        for i, (s, _m) in enumerate(observed_game(players, 7, ["hard", "medium"] * 2)):
            if not any(s.unlikely) or s.turn % 2 or i % 3:
                continue
            a = choose_move(s, "hard", i)
            for r in range(2):
                assert (
                    choose_move(hidden_dealt_afresh(s, 5 * i + r, keep=s.hands[s.turn]), "hard", i)
                    == a
                )
            asked += 1
    assert asked > 10


def seat1_deals(unmarked_values, seed, deals=300):
    """Seat 0's deals of seat 1's hand (its four clubs unseen to seat 0), every card
    but those of unmarked_values (card >> 2) marked unlikely for seat 1: the
    hands dealt, one after another."""
    s = table(
        [[P("AS"), P("2C"), P("3C"), P("4C")], [P("5C"), P("6C"), P("7C"), P("8C")]], [P("9C")]
    )
    for c in range(52):
        s.unlikely[c] = 0 if c >> 2 in unmarked_values else 2
    pool = ai_know.unseen(s, 0)
    hands = [s.hands[0][:], [], [], []]
    rng = Rng(seed)
    for _ in range(deals):
        ai_know.deal(s, 0, pool, rng, hands)
        yield hands[1]


def test_deals_draw_an_unlikely_card_seldom():
    sevens = [
        sum(1 for h in seat1_deals(unmarked, 4) for c in h if c >> 2 == 6)
        for unmarked in (range(13), (6,))
    ]  # nothing marked; all but the 7s
    # uniform: 4 of 47 unseen cards are sevens, about 0.34 a hand (102 in 300)
    assert 60 < sevens[0] < 180
    assert sevens[1] > 3 * sevens[0]


def test_a_build_owner_is_dealt_a_card_of_its_value_at_random():
    # seat 1 owns a build of 9 (its 9S, unseen to seat 0, is one of three
    # unseen nines): each deal gives it one of them, each about a third of
    # the time, the rest of its hand drawn from all the other unseen cards
    s = table(
        [[P("AS"), P("2C"), P("3C"), P("4C")], [P("5C"), P("6C"), P("7C"), P("9S")]], [P("9C")]
    )
    s.loose = []
    s.captured[0].append(P("9C"))
    s.builds = [(9, 1, ((P("4D"), P("5D")),))]
    s.deck = [c for c in s.deck if c not in (P("4D"), P("5D"))]
    s.hands[1] = s.hands[1][:3]
    pool = ai_know.unseen(s, 0)
    nines = [c for c in pool if c >> 2 == 8]
    assert len(nines) == 3
    hands = [s.hands[0][:], [], [], []]
    rng = Rng(11)
    got = dict.fromkeys(nines, 0)
    others = set()
    for _ in range(600):
        ai_know.deal(s, 0, pool, rng, hands)
        h = hands[1]
        assert len(h) == 3 and h[0] in nines and len(set(h)) == 3
        assert sorted(pool[:3]) == sorted(h)
        got[h[0]] += 1
        others.update(h[1:])
    assert all(150 < n < 250 for n in got.values())
    assert len(others) > 35


def expected_marked(unmarked, unseen, hand, redraws):
    """The marked cards expected in a hand of `hand` cards dealt from `unseen`
    cards of which `unmarked` are unmarked: a card is drawn again while marked,
    `redraws` times at most."""
    dist = {unmarked: 1.0}  # unmarked cards left: its chance
    marked = 0.0
    for i in range(hand):
        n = unseen - i
        nxt = {}
        for a, p in dist.items():
            miss = ((n - a) / n) ** (redraws + 1)
            marked += p * miss
            nxt[a] = nxt.get(a, 0) + p * miss
            if a:
                nxt[a - 1] = nxt.get(a - 1, 0) + p * (1 - miss)
        dist = nxt
    return marked


@pytest.mark.parametrize("redraws", [ai_know.REDRAWS, 40])
def test_deals_draw_a_marked_card_again_up_to_redraws_times(monkeypatch, redraws):
    monkeypatch.setattr(ai_know, "REDRAWS", redraws)
    # 8 of 47 unseen cards unmarked (the 7s and 8s), then the four 7s alone
    for values, deals in (((6, 7), 300), ((6,), 200)):
        marked = sum(1 for h in seat1_deals(values, 9, deals) for c in h if c >> 2 not in values)
        e = deals * expected_marked(4 * len(values), 47, 4, redraws)
        assert abs(marked - e) < 4 * e**0.5 + 3, (values, marked, e)


def test_marks_are_saved_and_an_older_record_reads_as_none():
    s = new_game(3, 2)
    for c in range(52):
        s.unlikely[c] = c * 5 % 8  # seats 0, 1 and 2 in a pattern
    t = decode(encode(s))
    assert t.unlikely == s.unlikely
    old = bytearray(encode(s)[:-26])
    old[0] = 1  # version 1: no marks
    assert not any(decode(bytes(old)).unlikely)
    assert s.copy().unlikely == s.unlikely and s.copy().unlikely is not s.unlikely


def test_a_mark_for_a_seat_not_at_the_table_is_a_bad_record():
    s = new_game(2, 2)
    data = bytearray(encode(s))
    data[-3] = 0x40  # seat 2 of a 2-player game
    with pytest.raises(ValueError):
        decode(bytes(data))


def test_the_table_shows_every_play_to_a_hard_seat_only():
    from app_helpers import make_app, press, K

    for level in ("hard", "medium"):
        app, p = make_app(2, 5)
        app.settings.set_seat(1, level)
        press(app, p, K.START)
        said = [False, False]
        moves = 0
        for _ in range(600):
            if app.name != "play":
                break
            if app.screen.mode == 0:  # the person's turn: the hint's move
                press(app, p, K.SELECT)
                press(app, p, K.A)
                moves += 1
            else:
                press(app, p, 0)
            for k in (0, 1):
                said[k] = said[k] or bool(marked(app.game, k))
        assert moves > 8
        if level == "hard":
            assert said[0] and said[1]  # the person's plays and the computer's
        else:
            assert said == [False, False]  # nobody reads them: no time spent


@pytest.mark.parametrize("players", (2, 4))
def test_two_players_read_any_margin_more_players_over_twenty(players):
    # seat 0 sweeps 4D and 9D with the King of clubs. Holding the King of
    # spades it would have swept with that (a spade: 10 centipoints more, the
    # rest alike). With 2 players medium plays its best score, so the margin
    # says the seat holds no King of spades; with 4 it is under the 20 read.
    hands = [[P("7S"), P("KC"), P("AH")], [P("JC"), P("JH"), P("5S")]]
    hands += [[P("8C"), P("8H"), P("3S")], [P("6C"), P("6H"), P("2S")]][: players - 2]
    s = table(hands, [P("4D"), P("9D")], players)
    sweep = [m for m in legal_moves(s) if m[0] == P("KC") and m[1] == CAPTURE][0]
    ai_hard.observe(s, sweep)
    assert (P("KS") in marked(s, 0)) == (players == 2)
    assert P("KH") not in marked(s, 0)  # a plain King: the same take


def playout_deals(s, seed, seat=None):
    """The hands hard's playouts (or their branches) for s deal seat (the
    other seat with 2 players), one a deal."""
    from engine import ai_branches, ai_play

    seen = []
    real = ai_play.playout, ai_branches.branches

    def watch(play_out):
        def spy(sim, me, *rest):
            h = sorted(sim.hands[1 - me if seat is None else seat])
            if not seen or seen[-1] != h:
                seen.append(h)
            return play_out(sim, me, *rest)

        return spy

    ai_play.playout, ai_branches.branches = map(watch, real)
    try:
        choose_move(s, "hard", seed)
    finally:
        ai_play.playout, ai_branches.branches = real
    return seen


def medium_could_play(before, hand, move):
    """medium, holding hand in position before, scores move its best (its
    first best is by the hand's order, which no other seat knows)"""
    from engine import ai_medium

    b = before.copy()
    b.hands[b.turn] = hand
    ms = legal_moves(b)
    sc = ai_medium.scores(
        b,
        ms,
        ai_know.weights(b, b.turn, True),
        ai_medium.odds(b, b.turn, ai_know.unseen(b, b.turn)),
    )
    return move in ms and sc[ms.index(move)] == max(sc)


def fits_plays(hand, plays):
    """medium, holding hand and the cards played since, would have made each
    of plays ((position before, move), the last first)"""
    for before, move in plays:
        hand = hand + [move[0]]
        if not medium_could_play(before, hand, move):
            return False
    return True


def this_hands_plays(game, i):
    """(position before, move) of each play this hand before game[i], the last first"""
    out = []
    j = i - 1
    while j >= 0 and len(game[j][0].deck) == len(game[i][0].deck):
        out.append(game[j])
        j -= 1
    return out


def test_two_player_deals_fit_every_play_of_the_other_this_hand():
    # Before each of hard's turns with the deck not out, the hands its
    # playouts deal the other seat are put back into the position of each of
    # that seat's plays this hand (the game's own copy of it), holding the
    # cards it has played since: medium would mostly have played the same
    # move each time. Keeping only the last play, fewer deals fit the earlier
    # plays.
    fit = [0, 0]
    deals = [0, 0]
    for seed in (3, 4, 5):
        game = observed_game(2, seed, ["hard", "medium"])
        for i in range(1, len(game)):
            s = game[i][0]
            every = this_hands_plays(game, i)
            plays = [p for p in every if p[0].turn == 1]
            if s.turn != 0 or not s.deck or len(plays) < 2:
                continue
            assert [(p[0], p[1]) for p in s.was] == [(b.turn, m) for b, m in every]
            last = s.copy()
            last.was = s.was[:1]
            for k, t in enumerate((s, last)):
                for h in playout_deals(t, i):
                    fit[k] += fits_plays(h, plays)
                    deals[k] += 1
    assert deals[0] > 300 and deals[1] > 300
    # seeds 3-5: 1,145 of 1,195 (96%; the check stops at 50 moves weighed),
    # and 999 of 1,234 (81%) with the last play only
    assert fit[0] >= 0.92 * deals[0]
    assert fit[0] / deals[0] >= fit[1] / deals[1] + 0.08


def test_four_player_deals_fit_the_opponents_plays_this_hand():
    # With four players the deals fit each opponent's plays this hand as
    # with two (medium would mostly have played them, holding the hand
    # dealt); the marks alone (a card at a time, a margin of 20) fit far
    # fewer. The partner's plays are not asked of its deals.
    from engine import ai_medium

    fit = [0, 0]
    deals = [0, 0]
    asked = set()
    real = ai_medium.beaten

    def spy(q, *rest):
        asked.add((q.turn - me) % 4)
        return real(q, *rest)

    for seed in (3, 4):
        game = observed_game(4, seed, ["hard", "medium"] * 2)
        for i in range(1, len(game)):
            s = game[i][0]
            me = s.turn
            every = this_hands_plays(game, i)
            if me % 2 or len(every) < 4:
                continue
            ai_medium.beaten = spy
            try:
                for k, o in enumerate(((me + 1) % 4, (me + 3) % 4)):
                    plays = [p for p in every if p[0].turn == o]
                    for h in playout_deals(s, i, o):
                        fit[k] += fits_plays(h, plays)
                        deals[k] += 1
            finally:
                ai_medium.beaten = real
    assert asked == {1, 3}
    assert deals[0] > 300 and deals[1] > 300
    # seeds 3-4: 322 of 415 and 327 of 395 (78%, 83%; the check stops at 30
    # moves weighed); the marks alone: 640 of 1,053 and 599 of 965 (61%, 62%)
    assert fit[0] >= 0.72 * deals[0] and fit[1] >= 0.72 * deals[1]


def test_this_hands_plays_are_kept_with_two_or_four_players():
    s = table([[P("KH"), P("9C"), P("3D")], [P("JC"), P("JH"), P("4S")]], [P("TD"), P("QS")])
    trail = (P("KH"), TRAIL, 0, 0, 0)
    ai_hard.observe(s, trail)
    [(seat, move, loose, builds)] = s.was
    assert seat == 0 and move == trail and builds == []
    assert loose == [P("TD"), P("QS")]
    assert s.copy().was is s.was
    play(s, trail)
    assert loose == [P("TD"), P("QS")]  # the table it was played on
    four = new_game(4, 1)
    m = legal_moves(four)[0]
    ai_hard.observe(four, m)
    assert [e[:2] for e in four.was] == [[four.turn, m]]
    three = new_game(3, 1)
    ai_hard.observe(three, legal_moves(three)[0])
    assert three.was == ()  # the check measured weaker
    g = new_game(2, 6)
    kept = []
    while len(g.deck) == 40:
        m = legal_moves(g)[0]
        seat = g.turn
        held = len(g.hands[seat])
        ai_hard.observe(g, m)
        play(g, m)
        if len(g.deck) == 40:  # the hand goes on
            assert g.was[0][:2] == [seat, m]  # the last first
            assert (g.was[0][3] is None) == (held == 1)  # a last card: not read
            assert len(g.was) == len(kept) + 1
            assert decode(encode(g)).was == ()  # not saved
            kept.append(m)
    assert len(kept) == 7 and g.was == ()  # a new hand: nothing kept
    while g.deck:  # to the last hand
        m = legal_moves(g)[0]
        ai_hard.observe(g, m)
        play(g, m)
    m = legal_moves(g)[0]
    ai_hard.observe(g, m)
    assert g.was == ()  # all is known there


def test_beaten_asks_whether_medium_scores_another_move_better_by_more_than_the_margin():
    # beaten() stops scoring once a card's moves beat the play; its answer is
    # still the whole hand's (scored here move by move, every card's moves
    # together) and it counts every move of the hand as weighed.
    from engine import ai_medium, ai_know
    from engine.movegen import capped_moves

    asked = [0, 0]
    for players in (2, 4):
        for s, m in observed_game(players, 7, ["medium", "easy"] * 2):
            if not s.deck or len(s.hands[s.turn]) < 2:
                continue
            w = ai_know.weights(s, s.turn, True)
            p = ai_medium.odds(s, s.turn, ai_know.unseen(s, s.turn))
            moves = capped_moves(s)
            sc = ai_medium.scores(s, moves, w, p)
            for move in (m, moves[-1]):
                gap = max(sc) - sc[moves.index(move)]
                for by in (0, 20):
                    ai_medium.weighed = 0
                    assert ai_medium.beaten(s, move, w, p, by) == (gap > by)
                    assert ai_medium.weighed == len(moves)
                    asked[gap > by] += 1
    assert min(asked) > 20  # beaten and not, both asked


def test_deals_that_never_fit_stop_at_forty_draws_or_the_moves_weighed(monkeypatch):
    # The deal check costs work: with every check failing, ai_medium.deal
    # draws 40 deals at most, each while its checks have weighed under
    # CHECKED (30 with 2 players) of medium's moves, and stops drawing only at
    # one of those two limits. It returns the plays it checked, one a deal
    # drawn here (each deal's first check fails).
    from engine import ai_medium

    real_beaten = ai_medium.beaten
    monkeypatch.setattr(ai_medium, "beaten", lambda *a: real_beaten(*a) or True)
    spent = []  # the moves weighed when each deal is drawn
    real_deal = ai_know.deal
    monkeypatch.setattr(
        ai_know, "deal", lambda *a: spent.append(ai_medium.weighed) or real_deal(*a)
    )
    checked = 0
    for seed in (3, 4):
        for s, _ in observed_game(2, seed, ["hard", "medium"]):
            if s.turn != 0 or not s.deck or not any(e[0] == 1 and e[3] is not None for e in s.was):
                continue
            del spent[:]
            work = ai_medium.deal(
                s,
                0,
                ai_know.unseen(s, 0),
                Rng(seed),
                [s.hands[0][:], []],
                ai_know.weights(s, 0, True),
            )
            weighed = ai_medium.weighed
            most = ai_medium.CHECKED[2]
            assert most == 30
            assert 1 <= len(spent) <= 40 and max(spent) < most
            assert len(spent) == 40 or weighed >= most
            assert weighed > spent[-1]  # the last deal was checked too
            assert work == len(spent)
            checked += 1
    assert checked > 20


def test_with_no_plays_kept_a_deal_is_one_draw_and_no_check(monkeypatch):
    # 3 players keep no plays (s.was is empty), nor does a hand before its
    # first play: hard's deal is then one draw of ai_know.deal,
    # the same hands, with no Sim or deck slice made for a check (they were
    # garbage in each of a decision's 16 deals).
    from engine import ai_medium, ai_sim

    def no_sim(*a):
        raise AssertionError("a Sim made for a deal with nothing to check")

    for players in (2, 3, 4):
        s = new_game(players, 7)
        me = s.turn
        assert s.was == ()
        pool = ai_know.unseen(s, me)
        expected = [[] for _ in range(players)]
        ai_know.deal(s, me, pool[:], Rng(7), expected)
        hands = [[] for _ in range(players)]
        hands[me] = s.hands[me][:]
        with monkeypatch.context() as m:
            m.setattr(ai_sim, "Sim", no_sim)
            work = ai_medium.deal(s, me, pool[:], Rng(7), hands, ai_know.weights(s, me, True))
        assert work == 0
        for o in range(players):
            if o != me:
                assert hands[o] == expected[o] and len(hands[o]) == len(s.hands[o])
