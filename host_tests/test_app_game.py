# Whole games through the app on a headless display, driven by button presses:
# the person's chosen move is the one the engine applies, the screen names and
# highlights it, and the round summary is the engine's scoring.
import random
import sys

import pytest

from app_helpers import make_app, press, K
from engine.movegen import legal_moves
from engine.scoring import score_round
from engine.codec import encode
from engine.play import play as engine_play
from words import move_name
from tools.soak.app_driver import chosen
import screen_play


def choose(app, p, rnd, checks):
    # Press buttons to pick a random legal move; check the screen on the way.
    play = app.screen
    pick = play.pick
    s = play.s
    moves = legal_moves(s)
    assert sorted(moves) == sorted(pick.moves)
    target = rnd.choice(moves)
    hand = s.hands[s.turn]
    want = hand.index(target[0])
    while pick.cur != want:
        press(app, p, K.RIGHT)
    assert play.hand.modes[want] == 1  # the cursor card is lit
    press(app, p, K.A)
    assert pick.mode == 1
    ks = pick.by_card[want]
    k = [pick.moves[i] for i in ks].index(target)
    while pick.k != k:
        press(app, p, K.RIGHT)
    assert chosen(pick) == target
    assert play.hud.status.text.startswith(move_name(target))
    lit_b = sum(1 << j for j in range(len(s.builds)) if play.table.modes[j] == 1)
    nb = len(s.builds)
    lit_l = sum(1 << i for i in range(len(s.loose)) if play.table.modes[nb + i] == 1)
    assert (lit_l, lit_b) == (target[3], target[4])  # the table shows what it takes
    expected = s.copy()
    engine_play(expected, target)
    before = encode(s)
    press(app, p, K.A)  # the key shows the move: its card on the table, its items lit
    assert encode(s) == before and play.pending == target
    t = play.table
    assert t.modes[t.shown - 1] == 3 and t.items[t.shown - 1] == target[0]
    assert target[0] not in play.hand.cards  # (out of the hand)
    press(app, p, 0)  # the next step plays it
    assert encode(s) == encode(expected)  # the move applied is the one chosen
    checks["moves"] += 1


@pytest.mark.parametrize("players,seed", [(2, 3), (3, 8), (4, 21)])
def test_whole_game(players, seed, monkeypatch):
    app, p = make_app(players, seed)
    rnd = random.Random(seed)
    checks = {"moves": 0, "rounds": 0}
    real_over = screen_play.Screen.round_over

    def round_over(self):
        # the round's end as the engine scores it (round_end loads for it and goes after)
        expect = score_round(self.s.copy())
        real_over(self)
        r = self.app.result
        assert (r.points, r.scores, r.winner, r.items, r.net) == expect
        assert sum(r.cards) == 52
        checks["rounds"] += 1
        checks["last"] = r

    monkeypatch.setattr(screen_play.Screen, "round_over", round_over)
    press(app, p, K.START)
    assert app.name == "play" and app.game.n == players
    for _ in range(5000):
        if app.name == "play":
            play = app.screen
            if play.mode == 0:
                choose(app, p, rnd, checks)
            else:
                press(app, p, 0)
            # the round's end and the engine's scoring load for the round's end only
            if checks["rounds"] and app.name == "play":
                assert "round_end" not in sys.modules and "engine.scoring" not in sys.modules
        elif app.name == "summary":
            r = checks["last"]
            rows = app.screen.rows
            assert rows[10].text.split()[1:] == [str(x) for x in r.scores]
            assert rows[9].text.split()[1:] == ["+%d" % x for x in r.points]
            press(app, p, K.A)
        elif app.name == "over":
            r = checks["last"]
            assert r.winner >= 0 and app.game.winner == r.winner
            assert "win" in app.screen.who.text
            break
    assert app.name == "over"
    assert checks["rounds"] >= 1 and checks["moves"] >= 20
    press(app, p, K.A)
    assert app.name == "title"


def persons_turn():
    # a 2-player game from the title, up to the person's first decision
    app, p = make_app(2, 5)
    press(app, p, K.START)
    for _ in range(50):
        if app.screen.mode == 0:
            break
        press(app, p, 0)
    return app, p


def test_a_failed_hint_still_shows_a_legal_move(monkeypatch):
    # the hard player raising (out of memory on the board, say) leaves the
    # person the engine's first legal move on show; nothing is played
    import chooser

    def broken(*args):
        raise MemoryError("no room for the search")

    monkeypatch.setattr(chooser, "choose_move", broken)
    app, p = persons_turn()
    s = app.game
    before = encode(s)
    pick = app.screen.pick
    press(app, p, K.SELECT)
    assert pick.mode == 1 and chosen(pick) == legal_moves(s)[0]
    assert encode(s) == before


def test_hint_and_back():
    app, p = persons_turn()
    pick = app.screen.pick
    press(app, p, K.SELECT)
    assert pick.mode == 1 and chosen(pick) in legal_moves(app.game)
    before = encode(app.game)
    press(app, p, K.B)
    assert pick.mode == 0 and encode(app.game) == before
    press(app, p, K.START)  # nothing happens, nothing is played
    assert encode(app.game) == before


def test_computer_turn_is_shown_before_its_result():
    # A computer's move shows (its card on the table, its words) for the pace; it is played
    # in the game on the step after it shows, while it is on show, and its result is drawn
    # when the show is over.
    app, p = make_app(3, 2, pace=1000)
    press(app, p, K.START)
    play = app.screen
    rnd = random.Random(1)
    shown = 0
    for _ in range(400):
        if play.mode == 0:
            choose(app, p, rnd, {"moves": 0})
            continue
        if play.mode == 2 and play.then == play.apply and play.pending is not None:
            seat = play.s.turn
            move = play.pending
            expected = play.s.copy()
            engine_play(expected, move)
            t = play.table
            for _ in range(3):  # 300 ms later: still on show, and played in the game
                press(app, p, 0)
                assert play.then == play.apply
                assert play.hud.status.text.startswith("P%d " % (seat + 1))
                assert t.modes[t.shown - 1] == 3 and t.items[t.shown - 1] == move[0]
            assert encode(play.s) == encode(expected)
            if play.s.turn != 0 and not play.s.round_over():  # the next computer searched
                assert play.ahead is not None and not play.thinking  # while it shows
            for _ in range(12):  # after the pace, its result
                press(app, p, 0)
                if play.then != play.apply:
                    break
            assert 3 not in t.modes[: t.shown]  # no card on show now
            shown += 1
            if shown == 3:
                break
        else:
            press(app, p, 0)
    assert shown == 3
