"""SELECT's hint: the hard player's move and, in one status line, what it is worth."""

from tools.ref import card_names as C
from engine.ai import choose_move
from engine.movegen import legal_moves, CAPTURE, TRAIL
from engine.play import apply_move
from engine.state import State, new_game
from words import worth

STATUS = 26  # characters on the status line (lib/hud_view.py)


def test_every_move_has_a_short_line():
    for players in (2, 3, 4):
        s = new_game(players, players * 7)
        k = 0
        while not s.round_over():
            for m in legal_moves(s):
                t = worth(s, m)
                assert 0 < len(t) <= STATUS, t
                if m[1] == CAPTURE:
                    assert t.startswith("take ")
                elif m[1] == TRAIL:
                    assert t.startswith("trail")
                else:
                    assert " for " in t
            apply_move(s, choose_move(s, "easy", k))
            k += 1


def _table(hand, loose, builds=()):
    s = State(2)
    s.hands = [[C.parse(c) for c in hand], [C.parse("KC")]]
    s.loose = [C.parse(c) for c in loose]
    s.builds = list(builds)
    s.deck = [C.parse(c) for c in ("QC", "QD")]
    s.turn = 0
    used = set(s.hands[0] + s.hands[1] + s.loose + s.deck)
    s.captured = [[c for c in range(52) if c not in used], []]
    return s


def test_a_sweep_with_points():
    s = _table(["TH", "3C"], ["TD", "AS"])  # the ten of hearts takes the ten of diamonds
    m = [m for m in legal_moves(s) if m[0] == C.parse("TH") and m[1] == CAPTURE][0]
    assert worth(s, m) == "take 2 cards, 2pt"  # Big Casino: scoring's 2 points
    s = _table(["TH", "3C"], ["TD"])
    m = [m for m in legal_moves(s) if m[0] == C.parse("TH") and m[1] == CAPTURE][0]
    assert worth(s, m) == "take 2 cards, 2pt, sweep"


def test_a_build_says_what_it_gathers():
    s = _table(["3C", "8H"], ["5D", "2S"])
    m = [
        m
        for m in legal_moves(s)
        if m[0] == C.parse("3C") and m[1] != CAPTURE and m[2] == 8 and m[3] == 1
    ][0]
    assert worth(s, m) == "build 8 for 3 cards"
    m = [m for m in legal_moves(s) if m[0] == C.parse("3C") and m[2] == 8 and m[3] == 3]
    if m:
        assert worth(s, m[0]) == "build 8 for 4 cards, 1pt"  # Little Casino in it


def test_hint_is_the_hard_players_move():
    s = new_game(2, 11)
    before = s.copy()
    m = choose_move(s, "hard", 5)
    worth(s, m)
    assert s.hands == before.hands and s.loose == before.loose and s.captured == before.captured
