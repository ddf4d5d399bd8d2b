"""One scenario per rule and (reading) of RULES.md; expected answers reasoned from the text."""

import pytest

from casino_helpers import K, keys, do, state, names, build_view, suit_names, ALL_NAMES
from tools.ref import card_names as C
from engine.play import play, IllegalMove, EV_DEAL, EV_LAST, EV_ROUND_OVER
from engine.movegen import legal_moves
from engine.rng import Rng
from engine.scoring import score_round, finish_round
from engine.state import new_game

P = C.parse


# ---------------------------------------------------------------- 2. card values


def test_number_and_face_cards_count_their_value():
    for r, text in enumerate("A23456789TJQK"):
        if r:
            assert C.group_value((P(text + "H"),)) == r + 1
    assert C.group_value((P("JS"),)) == 11
    assert C.group_value((P("QS"),)) == 12
    assert C.group_value((P("KS"),)) == 13


def test_lone_ace_is_14_and_ace_in_a_sum_is_1():
    assert C.group_value((P("AS"),)) == 14
    assert C.group_value((P("AS"), P("5C"))) == 6
    assert C.group_value((P("AS"), P("AC"))) == 2  # never 1, never 28
    assert C.group_value((P("8H"), P("5C"), P("AD"))) == 14


def test_ace_captures_8_5_A():
    # RULES 2: an Ace captures 8 + 5 + A; the loose Ace is forced (4.1).
    s = state(hands=["AS", "7C"], loose="8H 5C AD")
    assert keys(s) == {K("AS", "capture", None, "AD"), K("AS", "capture", None, "8H 5C AD")}


def test_ace_captures_loose_ace_sets_of_14_and_builds_of_14():
    s = state(hands=["AS 7C", "AH"], loose="AC 9D 5S", builds=[(["KC AD"], 1)])
    got = set(k for k in keys(s) if k[1] == "capture" and k[0] == "AS")
    # items worth 14: loose AC, set 9D+5S, build KC+AD; AC is forced
    assert got == {
        K("AS", "capture", None, "AC"),
        K("AS", "capture", None, "AC 9D 5S"),
        K("AS", "capture", None, "AC KC AD"),
        K("AS", "capture", None, "AC 9D 5S KC AD"),
    }


def test_ace_builds_count_it_as_one_inside_a_sum():
    # A played on a loose 5 builds 6 (never 19); the holder keeps a 6.
    s = state(hands=["AS 6H", "KD"], loose="5C")
    assert K("AS", "build", 6, "5C") in keys(s)
    do(s, "AS", "build", 6, "5C")
    assert build_view(s) == [(6, 0, (("5C", "AS"),))]


def test_lone_ace_group_is_worth_14_in_a_build():
    # An Ace played beside a loose K+A: groups (A) and (K, A), a multiple build of 14.
    s = state(hands=["AS AH", "QD"], loose="KC AD")
    got = keys(s)
    assert K("AS", "build", 14, "KC AD") in got  # (AS) + (KC AD)
    assert K("AS", "build", 14, "KC") in got  # (AS KC)
    do(s, "AS", "build", 14, "KC AD")
    ((value, owner, groups),) = s.builds
    assert (value, owner, len(groups)) == (14, 0, 2)  # a multiple build, never 28
    assert names([c for g in groups for c in g]) == ["AD", "AS", "KC"]


# ---------------------------------------------------------------- 3. the deal


@pytest.mark.parametrize("players", [2, 3, 4])
def test_new_game_deals_from_dealer_plus_one_then_table(players):
    for seed in range(20):
        s = new_game(players, seed)
        # redo the deal by the rules with the same generator
        rng = Rng(seed)
        dealer = rng.below(players)
        pack = list(range(52))
        rng.shuffle(pack)
        assert s.dealer == dealer
        for k in range(players):
            seat = (dealer + 1 + k) % players
            assert s.hands[seat] == pack[4 * k : 4 * k + 4]
        assert s.loose == pack[4 * players : 4 * players + 4]
        assert s.deck == pack[4 * players + 4 :]
        assert s.turn == (dealer + 1) % players
        assert s.builds == [] and s.last == -1
        assert all(not c for c in s.captured)


def test_first_dealers_vary():
    assert len(set(new_game(4, seed).dealer for seed in range(40))) == 4


def random_round(players, seed):
    """Play one round with a seeded random legal move each turn: (state, [(seat, events)])."""
    s = new_game(players, seed)
    rng = Rng(seed + 1000)
    log = []
    while not s.round_over():
        moves = legal_moves(s)
        seat = s.turn
        ev = play(s, moves[rng.below(len(moves))])
        log.append((seat, ev))
    return s, log


@pytest.mark.parametrize("players,hands", [(2, 6), (3, 4), (4, 3)])
def test_hands_per_round_and_last_before_last_hand(players, hands):
    for seed in range(10):
        s, log = random_round(players, seed)
        deals = [i for i, (_, ev) in enumerate(log) if ev & EV_DEAL]
        lasts = [i for i, (_, ev) in enumerate(log) if ev & EV_LAST]
        assert len(deals) == hands - 1
        assert len(log) == 4 * players * hands
        assert lasts == [deals[-1]]  # announced as the last hand is dealt
        assert log[-1][1] & EV_ROUND_OVER


@pytest.mark.parametrize("players", [2, 3, 4])
def test_player_after_dealer_plays_first_and_dealer_last(players):
    for seed in range(5):
        s0 = new_game(players, seed)
        dealer = s0.dealer
        s, log = random_round(players, seed)
        for i, (seat, _) in enumerate(log):
            assert seat == (dealer + 1 + i) % players
            if i % players == players - 1:
                assert seat == dealer


def test_deal_of_a_later_hand_goes_dealer_plus_one_first():
    # 3 players, dealer 1: seat 1 plays its last card; seat 2 gets deck[0:4], seat 0 the next,
    # seat 1 the last.
    deck = "2C 2D 2H 3C 3D 3H 4C 4D 4H 5C 5D 5H"
    s = state(players=3, dealer=1, turn=1, hands=["", "KD", ""], loose="9S", deck=deck)
    ev = do(s, "KD", "trail")
    assert "deal" in ev and "last" in ev
    assert names(s.hands[2]) == sorted("2C 2D 2H 3C".split())
    assert names(s.hands[0]) == sorted("3D 3H 4C 4D".split())
    assert names(s.hands[1]) == sorted("4H 5C 5D 5H".split())
    assert s.turn == 2 and s.deck == []


def test_next_round_dealer_rotates_and_first_player_follows():
    for players in (2, 3, 4):
        s, _ = random_round(players, 7)
        dealer = s.dealer
        s.scores = [0] * s.sides
        finish_round(s)
        assert s.winner == -1
        assert s.dealer == (dealer + 1) % players
        assert s.turn == (dealer + 2) % players
        assert all(len(h) == 4 for h in s.hands) and len(s.loose) == 4
        assert len(s.deck) == 52 - 4 * players - 4
        assert all(not c for c in s.captured) and s.sweeps == [0] * players


# ---------------------------------------------------------------- 4.1 capture


def test_capture_takes_several_disjoint_items_at_once():
    # 8S: loose 8H forced; 5C+3D a set; the opponent's build 6S+2H optional.
    s = state(hands=["8S", "8D"], loose="5C 3D 8H", builds=[(["6S 2H"], 1)])
    assert keys(s) == {
        K("8S", "capture", None, "8H"),
        K("8S", "capture", None, "8H 5C 3D"),
        K("8S", "capture", None, "8H 6S 2H"),
        K("8S", "capture", None, "8H 5C 3D 6S 2H"),
    }
    ev = do(s, "8S", "capture", None, "8H 5C 3D 6S 2H")
    assert "capture" in ev
    assert {"8S", "8H", "5C", "3D", "6S", "2H"} <= set(names(s.captured[0]))
    assert s.loose == [] and s.builds == [] and s.last == 0


def test_capture_items_must_be_disjoint():
    # 2C+6H and 2D+6H share the 6: only one of them at a time.
    s = state(hands=["8S", "KD"], loose="2C 6H 2D")
    caps = set(k for k in keys(s) if k[1] == "capture")
    assert caps == {K("8S", "capture", None, "2C 6H"), K("8S", "capture", None, "2D 6H")}


def test_sets_need_two_cards_and_an_exact_sum():
    s = state(hands=["9S", "KD"], loose="4C 4D 2H 3H")
    caps = set(k for k in keys(s) if k[1] == "capture")
    # sets worth 9: 4C+2H+3H, 4D+2H+3H (4C+4D = 8, not 9); disjoint pairs impossible
    assert caps == {K("9S", "capture", None, "4C 2H 3H"), K("9S", "capture", None, "4D 2H 3H")}


def test_forced_pairs_take_every_loose_card_of_the_rank():
    s = state(hands=["5S", "KD"], loose="5H 5D 2C 3C")
    assert keys(s) == {K("5S", "capture", None, "5H 5D"), K("5S", "capture", None, "5H 5D 2C 3C")}


def test_forced_pairs_leave_builds_optional():
    s = state(hands=["7S 7C", "QD 7D"], loose="7H", builds=[(["4D 3D"], 1)])
    got = set(k for k in keys(s) if k[0] == "7S" and k[1] == "capture")
    assert got == {K("7S", "capture", None, "7H"), K("7S", "capture", None, "7H 4D 3D")}


def test_capture_an_opponent_build():
    s = state(hands=["9S", "9D"], builds=[(["5C 4C"], 1)])
    assert keys(s) == {K("9S", "capture", None, "5C 4C"), K("9S", "trail")}


def test_partner_build_may_be_captured_but_not_added_to_or_raised():
    # 4 players: seat 0 moves; seat 2 (partner) owns 4C+2C, seat 1 (opponent) owns 4H+2H.
    s = state(
        players=4, hands=["6S 6H 3S 9S", "6D", "6C", "KD"], builds=[(["4C 2C"], 2), (["4H 2H"], 1)]
    )
    got = keys(s)
    assert K("6S", "capture", None, "4C 2C") in got  # partner's build: capture allowed
    assert K("6S", "build", 6, "4C 2C") not in got  # no add to the partner's
    assert K("6S", "build", 6, "4H 2H") in got  # an add to the opponent's
    assert K("3S", "build", 9, "4C 2C") not in got  # no raise of the partner's
    assert K("3S", "build", 9, "4H 2H") in got  # a raise of the opponent's
    # nothing but a capture ever takes the partner's build
    for k in got:
        if {"4C", "2C"} <= k[3]:
            assert k[1] == "capture"


# ---------------------------------------------------------------- 4.2 build: create


def test_create_3_on_loose_5_makes_a_single_build_of_8():
    s = state(hands=["3H 8C", "KD"], loose="5D")
    assert keys(s) == {K("3H", "build", 8, "5D"), K("3H", "trail"), K("8C", "trail")}
    assert do(s, "3H", "build", 8, "5D") == ["build"]
    assert build_view(s) == [(8, 0, (("3H", "5D"),))]
    assert s.loose == [] and names(s.hands[0]) == ["8C"]


def test_create_8_on_loose_8_makes_a_multiple_build():
    s = state(hands=["8S 8H", "KD"], loose="8C")
    assert keys(s) == {
        K("8S", "capture", None, "8C"),
        K("8H", "capture", None, "8C"),
        K("8S", "build", 8, "8C"),
        K("8H", "build", 8, "8C"),
    }
    do(s, "8S", "build", 8, "8C")
    assert build_view(s) == [(8, 0, (("8C",), ("8S",)))]


def test_create_2_on_6_with_loose_8_makes_a_multiple_build_of_8():
    s = state(hands=["2S 8H", "KD"], loose="6C 8D")
    assert keys(s) == {
        K("2S", "build", 8, "6C"),
        K("2S", "build", 8, "6C 8D"),
        K("2S", "trail"),
        K("8H", "capture", None, "8D"),
    }
    do(s, "2S", "build", 8, "6C 8D")
    assert build_view(s) == [(8, 0, (("2S", "6C"), ("8D",)))]


def test_a_lone_card_with_nothing_else_is_a_trail_not_a_build():
    s = state(hands=["8S 8H", "KD"], loose="3C")
    assert keys(s) == {K("8S", "trail"), K("8H", "trail")}


def test_hold_rule_needs_a_second_card_of_the_value():
    s = state(hands=["3H 9C", "KD"], loose="5D")
    assert not [k for k in keys(s) if k[1] == "build"]
    s = state(hands=["8S", "KD"], loose="8C")  # the only 8 can't build 8
    assert keys(s) == {K("8S", "capture", None, "8C")}


def test_builds_of_the_same_value_stand_side_by_side():
    s = state(hands=["3H 7C", "7D"], loose="4S", builds=[(["5C 2C"], 1)])
    got = keys(s)
    assert K("3H", "build", 7, "4S") in got  # a second build of 7
    do(s, "3H", "build", 7, "4S")
    assert build_view(s) == [(7, 0, (("3H", "4S"),)), (7, 1, (("2C", "5C"),))]


# ---------------------------------------------------------------- 4.2 build: add


def test_add_to_an_opponent_build_makes_it_multiple_and_takes_ownership():
    s = state(hands=["6H 8S", "8D"], loose="2C", builds=[(["5C 3D"], 1)])
    assert K("6H", "build", 8, "2C 5C 3D") in keys(s)
    do(s, "6H", "build", 8, "2C 5C 3D")
    assert build_view(s) == [(8, 0, (("2C", "6H"), ("3D", "5C")))]


def test_add_a_lone_played_card_and_loose_groups():
    # 8H lone plus loose 8C join the opponent's 8; or 8H lone alone.
    s = state(hands=["8H 8S", "8D"], loose="8C", builds=[(["5C 3D"], 1)])
    got = keys(s)
    assert K("8H", "build", 8, "5C 3D") in got
    assert K("8H", "build", 8, "8C 5C 3D") in got


def test_an_add_joins_exactly_one_of_two_same_value_builds():
    s = state(hands=["7S 7C", "7D 7H"], builds=[(["5C 2C"], 1), (["4D 3D"], 1)])
    got = keys(s)
    assert K("7S", "build", 7, "5C 2C") in got
    assert K("7S", "build", 7, "4D 3D") in got
    assert K("7S", "build", 7, "5C 2C 4D 3D") not in got
    assert K("7S", "capture", None, "5C 2C 4D 3D") in got  # a capture may take both


def test_add_to_own_build_is_allowed_and_value_stays():
    s = state(hands=["4D 9S 9C", "KD"], loose="5H", builds=[(["6S 3S"], 0)])
    assert K("4D", "build", 9, "5H 6S 3S") in keys(s)
    do(s, "4D", "build", 9, "5H 6S 3S")
    assert build_view(s) == [(9, 0, (("3S", "6S"), ("4D", "5H")))]


def test_multiple_build_value_never_changes():
    # no raise of a multiple build; an add keeps its value
    s = state(hands=["2S TS", "8D"], builds=[(["5C 3D", "8C"], 1)])
    got = keys(s)
    assert not [k for k in got if k[1] == "build"]
    assert got == {K("2S", "trail"), K("TS", "trail")}


# ---------------------------------------------------------------- 4.2 build: raise


def test_raise_an_opponent_single_build_with_the_played_card_only():
    s = state(hands=["3H 9S TS", "6D"], loose="AH", builds=[(["4C 2D"], 1)])
    assert keys(s) == {
        K("3H", "build", 9, "4C 2D"),
        K("3H", "trail"),
        K("9S", "build", 10, "AH"),
        K("9S", "trail"),
        K("TS", "trail"),
    }
    do(s, "3H", "build", 9, "4C 2D")
    assert build_view(s) == [(9, 0, (("2D", "3H", "4C"),))]  # still single, new owner


def test_raise_with_an_ace_adds_one():
    s = state(hands=["AH 7S", "6D"], builds=[(["4C 2D"], 1)])
    assert K("AH", "build", 7, "4C 2D") in keys(s)


def test_no_raise_of_own_build():
    s = state(hands=["3H 9S 6S", "KD"], builds=[(["4C 2D"], 0)])
    got = keys(s)
    assert K("3H", "build", 9, "4C 2D") not in got
    assert not [k for k in got if k[1] == "trail"]  # owns a build: no trail


def test_no_raise_above_14():
    s = state(hands=["3H AS", "QD"], builds=[(["9C 3D"], 1)])
    assert not [k for k in keys(s) if k[1] == "build"]
    s = state(hands=["2H AS", "QD"], builds=[(["9C 3D"], 1)])
    assert K("2H", "build", 14, "9C 3D") in keys(s)  # exactly 14 is fine


# ---------------------------------------------------------------- 4.2 hold rule


def test_hold_rule_for_captures_and_builds_with_own_build():
    # Seat 0 owns a 9 and holds one 9: the 9 must take its build, and the 4 may build 9 again.
    s = state(hands=["9S 4D", "KD"], loose="9C 5H", builds=[(["6S 3S"], 0)])
    assert keys(s) == {
        K("9S", "capture", None, "9C 6S 3S"),
        K("4D", "build", 9, "5H"),
        K("4D", "build", 9, "5H 9C"),
        K("4D", "build", 9, "5H 6S 3S"),
        K("4D", "build", 9, "5H 9C 6S 3S"),
    }


def test_hold_rule_blocks_playing_the_kept_card_elsewhere():
    # owns a 7 and holds only 7C for it; 7C may not capture the loose 7 without its build
    s = state(hands=["7C 2D", "KD"], loose="7H", builds=[(["4S 3S"], 0)])
    got = keys(s)
    assert K("7C", "capture", None, "7H") not in got
    assert K("7C", "capture", None, "7H 4S 3S") in got
    # the 2 may not trail (owns a build) and builds nothing: no 2 or 9 held
    assert not [k for k in got if k[0] == "2D"]


def keys_for(s, seat):
    """The legal move keys seat would have if it were to move now."""
    t = s.copy()
    t.turn = seat
    return keys(t)


def test_kept_card_is_free_once_someone_captures_the_build():
    s = state(dealer=1, turn=1, hands=["9S 2C", "9D KD"], loose="QH", builds=[(["6S 3S"], 0)])
    assert K("9S", "trail") not in keys_for(s, 0)
    do(s, "9D", "capture", None, "6S 3S")
    assert K("9S", "trail") in keys(s) and K("2C", "trail") in keys(s)


def test_every_move_keeps_a_card_for_each_own_build():
    for players in (2, 3, 4):
        for seed in range(15):
            s = new_game(players, seed)
            rng = Rng(seed)
            while not s.round_over():
                moves = legal_moves(s)
                seat = s.turn
                ev = play(s, moves[rng.below(len(moves))])
                if ev & EV_DEAL:
                    continue
                for value, owner, _ in s.builds:
                    if owner == seat:
                        assert any(C.worth(c) == value or C.rank(c) == value for c in s.hands[seat])


# ---------------------------------------------------------------- 4.3 trail


def test_no_trail_beside_a_loose_card_of_the_same_rank():
    s = state(hands=["5S QH", "KD"], loose="5H 2C")
    got = keys(s)
    assert K("5S", "trail") not in got and K("QH", "trail") in got


def test_no_trail_while_owning_a_build():
    s = state(hands=["QH 8S", "KD"], loose="2C", builds=[(["5C 3C"], 0)])
    got = keys(s)
    assert not [k for k in got if k[1] == "trail"]
    assert K("8S", "capture", None, "5C 3C") in got


def test_trail_blocker_names_what_the_legal_moves_forbid():
    # on random positions, every hand card: no TRAIL move exactly when trail_blocker
    # names a blocker; an own build's value first, else -rank of a loose card's rank
    from engine.movegen import trail_blocker, TRAIL

    blocked = {"build": 0, "loose": 0, "free": 0}
    for players in (2, 3, 4):
        for seed in range(12):
            s = new_game(players, seed)
            rng = Rng(seed + 77)
            while not s.round_over():
                moves = legal_moves(s)
                trails = set(m[0] for m in moves if m[1] == TRAIL)
                owned = [b[0] for b in s.builds if b[1] == s.turn]
                for c in s.hands[s.turn]:
                    why = trail_blocker(s, c)
                    assert (c not in trails) == bool(why), (C.name(c), why)
                    if owned:
                        assert why in owned
                        blocked["build"] += 1
                    elif why:
                        assert why == -C.rank(c) and any(C.rank(x) == C.rank(c) for x in s.loose)
                        blocked["loose"] += 1
                    else:
                        blocked["free"] += 1
                play(s, moves[rng.below(len(moves))])
    assert min(blocked.values()) > 50, blocked  # every answer seen often


# ---------------------------------------------------------------- 5. end of a round


def test_leftovers_go_to_the_last_capturer():
    s = state(dealer=1, turn=1, hands=["", "KD"], loose="2C 3C", last=0)
    ev = do(s, "KD", "trail")
    assert "round_over" in ev
    assert {"2C", "3C", "KD"} <= set(names(s.captured[0])) and s.loose == []
    assert not ({"2C", "3C", "KD"} & set(names(s.captured[1])))


def test_leftovers_go_to_the_dealer_when_nobody_captured():
    s = state(
        players=3, dealer=2, turn=2, hands=["", "", "KD"], loose="2C 3C", last=None, rest_to=0
    )
    do(s, "KD", "trail")
    assert names(s.captured[2]) == ["2C", "3C", "KD"]


def test_last_capturer_is_the_seat_of_the_latest_capture():
    s = state(dealer=1, turn=0, hands=["9S", "KD"], loose="9H 2C", last=1)
    do(s, "9S", "capture", None, "9H")
    do(s, "KD", "trail")
    assert {"2C", "KD", "9S", "9H"} <= set(names(s.captured[0]))


# ---------------------------------------------------------------- 6. sweeps


def test_a_capture_that_clears_the_table_is_a_sweep_then_next_must_trail():
    s = state(dealer=1, turn=0, hands=["9S 4C", "KD 5D"], loose="5C 4D")
    ev = do(s, "9S", "capture", None, "5C 4D")
    assert "sweep" in ev and s.sweeps == [1, 0]
    assert keys(s) == {K("KD", "trail"), K("5D", "trail")}


def test_a_capture_that_leaves_a_build_is_no_sweep():
    s = state(dealer=1, turn=0, hands=["9S 4C", "KD 6D"], loose="5C 4D", builds=[(["4H 2H"], 1)])
    assert "sweep" not in do(s, "9S", "capture", None, "5C 4D")
    assert s.sweeps == [0, 0]


def test_no_sweep_on_the_very_last_play():
    s = state(dealer=1, turn=1, hands=["", "9S"], loose="5C 4D", last=0)
    ev = do(s, "9S", "capture", None, "5C 4D")
    assert "sweep" not in ev and "round_over" in ev and s.sweeps == [0, 0]


def test_sweep_on_last_card_of_an_earlier_hand_counts():
    deck = " ".join(ALL_NAMES[-8:])
    s = state(dealer=1, turn=1, hands=["", "9S"], loose="5C 4D", deck=deck, last=0)
    ev = do(s, "9S", "capture", None, "5C 4D")
    assert "sweep" in ev and "deal" in ev and s.sweeps == [0, 1]


def test_sweeps_off_counts_none():
    s = state(dealer=1, turn=0, hands=["9S 4C", "KD"], loose="5C 4D", sweeps_on=False)
    assert "sweep" not in do(s, "9S", "capture", None, "5C 4D")
    assert s.sweeps == [0, 0]


# ---------------------------------------------------------------- 7. scoring


def ended(players=2, piles=None, rest_to=1, scores=None, sweeps=None, sweeps_on=True):
    """A finished round: captured piles given by hand, every other card to rest_to."""
    n = players
    caps = [list(piles.get(i, [])) if piles else [] for i in range(n)]
    return state(
        players=n,
        hands=[""] * n,
        captured=caps,
        rest_to=rest_to,
        scores=scores,
        sweeps=sweeps,
        sweeps_on=sweeps_on,
    )


# Scenario A (2 players): seat 0 has the 13 spades, TD, AC, AH (16 cards); seat 1 the other 36.
# Seat 0: most spades 1, Big 2, Little 1, AS AC AH 3 = 7.  Seat 1: most cards 3, AD 1 = 4.
A_PILE = {0: suit_names("S") + ["TD", "AC", "AH"]}


def test_each_scoring_item():
    s = ended(piles=A_PILE)
    points, scores, winner, items, net = score_round(s)
    assert items == [1, 0, 0, 0, 0, 0, 0, 1]
    assert points == [7, 4] and scores == [7, 4] and winner == -1 and net == [0, 0]


def test_tie_for_most_cards_gives_nobody_the_3():
    # seat 0: spades + hearts (26); seat 1: clubs + diamonds (26)
    s = ended(piles={0: suit_names("S") + suit_names("H")})
    points, _, _, items, _ = score_round(s)
    assert items[0] == -1 and items[1] == 0
    assert points == [1 + 1 + 2, 2 + 2]  # spades, 2S, AS AH | TD, AC AD
    assert sum(points) == 11 - 3


def test_tie_for_most_spades_gives_nobody_the_1():
    # 3 players: spades 6 / 6 / 1
    sp = suit_names("S")
    s = ended(players=3, piles={0: sp[:6], 1: sp[6:12]}, rest_to=2)
    points, _, _, items, _ = score_round(s)
    assert items[1] == -1 and items[0] == 2
    # seat 0: AS 2S -> Little 1 + AS 1; seat 2: most cards 3, TD 2, AC AH AD 3
    assert points == [2, 0, 8] and sum(points) == 11 - 1


def test_sweeps_add_to_the_round_after_cancelling_two_sides():
    s = ended(piles=A_PILE, sweeps=[3, 1])
    points, _, _, _, net = score_round(s)
    assert net == [2, 0] and points == [9, 4]


def test_cancelling_three_sides_against_the_largest_other():
    s = ended(players=3, piles={0: ["KS"], 1: ["KC"]}, rest_to=2, sweeps=[3, 1, 2])
    assert score_round(s)[4] == [1, 0, 0]
    s = ended(players=3, piles={0: ["KS"], 1: ["KC"]}, rest_to=2, sweeps=[2, 2, 0])
    assert score_round(s)[4] == [0, 0, 0]


def test_cancelling_four_players_sums_partners():
    s = ended(players=4, piles={0: ["KS"], 1: ["KC"], 2: ["KH"]}, rest_to=3, sweeps=[1, 0, 2, 1])
    assert score_round(s)[4] == [2, 0]


def test_four_players_partners_share_counts():
    # seats 0 and 2 together take 27 cards, seats 1 and 3 25: most cards to side 0
    s = ended(
        players=4, piles={0: ALL_NAMES[:14], 2: ALL_NAMES[14:27], 1: ALL_NAMES[27:40]}, rest_to=3
    )
    assert score_round(s)[3][0] == 0


def test_sweeps_off_score_none():
    s = ended(piles=A_PILE, sweeps=[3, 0], sweeps_on=False)
    points, _, _, _, net = score_round(s)
    assert net == [0, 0] and points == [7, 4]


# ---------------------------------------------------------------- 7.1 reaching 21


def result(scores, piles=A_PILE, sweeps=None, players=2, rest_to=1):
    s = ended(players=players, piles=piles, rest_to=rest_to, scores=scores, sweeps=sweeps)
    points, new, winner, _, net = score_round(s)
    return points, new, winner, net


def test_reaching_21_wins_highest():
    assert result([10, 17])[1:3] == ([17, 21], 1)
    assert result([15, 17])[1:3] == ([22, 21], 0)


def test_on_18_wins_only_by_most_cards():
    assert result([0, 18])[1:3] == ([7, 22], 1)  # seat 1 took most cards
    points, scores, winner, _ = result([18, 0])  # seat 0 did not
    assert points == [7, 4] and scores == [20, 4] and winner == -1


def test_on_19_wins_by_big_casino_and_on_20_by_little_casino():
    assert result([19, 0])[1:3] == ([26, 4], 0)
    assert result([20, 0])[1:3] == ([27, 4], 0)
    # the same sides on 19 and 20 without their card: capped at 20, no winner
    assert result([0, 19])[1:3] == ([7, 20], -1)
    assert result([0, 20])[1:3] == ([7, 20], -1)


def test_meeting_the_requirement_wins_whatever_the_others_score():
    # seat 0 on 20 takes only 2S (1 point); seat 1 on 17 takes everything else (10 points)
    points, scores, winner, _ = result([20, 17], piles={0: ["2S"]})
    assert points == [1, 10] and scores == [21, 27] and winner == 0


def test_requirements_checked_in_scoring_order():
    # seat 0 on 19 has Big Casino, seat 1 on 18 has most cards: most cards comes first
    assert result([19, 18])[2] == 1
    # Big before Little: seat 1 on 19 takes TD, seat 0 on 20 takes 2S
    assert result([20, 19], piles={0: ["2S"]})[2] == 1


def test_cap_at_20_only_when_the_points_pass_it():
    points, scores, winner, _ = result([18, 0], piles={0: ["2S"]})
    assert points == [1, 10] and scores == [19, 10] and winner == -1


def test_cap_catches_a_score_of_exactly_21():
    # seat 0 on 18 takes TD + 2S (3 points) but not most cards: 21 stops at 20
    points, scores, winner, _ = result([18, 0], piles={0: ["TD", "2S"]})
    assert points == [3, 8] and scores == [20, 8] and winner == -1


def test_no_sweeps_on_18_or_more_but_they_still_cancel():
    # seat 1 on 18 (meets most cards) with 2 sweeps scores none of them
    points, scores, winner, net = result([0, 18], sweeps=[0, 2])
    assert net == [0, 0] and points == [7, 4] and scores == [7, 22] and winner == 1
    # seat 1's single sweep still cancels one of seat 0's three
    points, _, _, net = result([0, 18], sweeps=[3, 1])
    assert net == [2, 0] and points == [9, 4]


def test_tie_at_21_or_more_goes_on():
    points, scores, winner, _ = result([14, 17])
    assert scores == [21, 21] and winner == -1
    assert result([21, 24])[1:3] == ([28, 28], -1)


def test_a_round_started_on_21_has_no_near_21_rules():
    # seat 0 on 21: seat 1 on 18 scores its sweeps and is not capped; highest wins
    points, scores, winner, net = result([21, 18], piles={0: ["2S"]}, sweeps=[0, 2])
    assert net == [0, 2] and points == [1, 12] and scores == [22, 30] and winner == 1
    # tie-break round: highest total wins, no 21 target needed beyond the round's start
    assert result([21, 21])[1:3] == ([28, 25], 0)


def test_game_ends_when_a_side_wins():
    s = ended(piles=A_PILE, scores=[19, 0])
    before = names(s.captured[0])
    finish_round(s)
    assert s.winner == 0 and s.scores == [26, 4]
    assert names(s.captured[0]) == before  # no new round dealt


def test_no_winner_deals_the_next_round():
    s = ended(piles=A_PILE, scores=[3, 4])
    finish_round(s)
    assert s.winner == -1 and s.scores == [10, 8]
    assert s.dealer == 0 and s.turn == 1 and all(len(h) == 4 for h in s.hands)


# ---------------------------------------------------------------- checked play


def test_illegal_move_raises_and_changes_nothing():
    from engine.codec import encode

    s = state(hands=["5S QH", "KD"], loose="5H 2C")
    before = encode(s)
    with pytest.raises(IllegalMove):
        play(s, (P("5S"), 4, 0, 0, 0))  # trail beside a loose 5
    assert encode(s) == before


def test_anything_but_a_move_raises_illegal_move_and_changes_nothing():
    from engine.codec import encode

    s = state(hands=["5S QH", "KD"], loose="5H 2C")
    before = encode(s)
    for bad in (None, 7, (), ("5S", 0, 0, 0, 0), (P("5S"),), [P("5S"), 0, 5, 1, 0]):
        with pytest.raises(IllegalMove):
            play(s, bad)
        assert encode(s) == before


def test_no_move_once_the_round_is_over():
    s = state(dealer=1, turn=1, hands=["", "KD"], loose="2C", last=0)
    do(s, "KD", "trail")
    with pytest.raises(IllegalMove):
        play(s, (P("KD"), 4, 0, 0, 0))
