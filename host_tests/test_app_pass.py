# Pass and play: a hand is only ever shown to the seat whose turn it is, and
# only after the pass screen when the person holding the board changes; with
# one person and computers there is no pass screen.
import random

import pytest

from app_helpers import make_app, press, frame, pixel, rgb565, K
from test_app_game import choose
import gfx

CHOOSE = 0


def shown_cards(play):
    return [
        play.hand.cards[i]
        for i in range(4)
        if play.hand.cards[i] >= 0 and not play.hand.bases[i].hidden
    ]


def drive(players, people, seed, moves):
    app, p = make_app(players, seed)
    st = app.settings
    for k in range(1, players):
        st.set_seat(k, "human" if k in people else "easy")
    press(app, p, K.START)
    rnd = random.Random(seed)
    log = {"passes": [], "turns": [], "moves": 0}
    holder = -1  # who the last pass screen gave the board to
    for _ in range(20000):
        if app.name == "pass":
            s = app.game
            seat = app.passing
            assert seat == s.turn and st.kinds[seat] == "human"
            assert list(app.root) == [app.screen.group]  # the table is not on screen
            rows = frame(p.display)
            paper = rgb565(gfx.WHITE)
            assert not any(pixel(rows, x, y) == paper for y in range(100, 111) for x in range(160))
            log["passes"].append(seat)
            holder = seat
            press(app, p, K.A)
        elif app.name == "play":
            play = app.screen
            s = play.s
            cards = shown_cards(play)
            if cards and not people:  # one person: only ever their own hand
                assert cards == s.hands[0]
            elif cards:  # a hand on screen: the seat to play, a person, who has the board
                assert play.mode == CHOOSE
                assert st.kinds[s.turn] == "human" and play.viewer == s.turn
                assert cards == s.hands[s.turn] and holder == s.turn
            if play.mode == CHOOSE:
                assert cards == s.hands[s.turn]
                log["turns"].append(s.turn)
                choose(app, p, rnd, log)
                if log["moves"] >= moves:
                    break
            else:
                press(app, p, 0)
        elif app.name == "summary":
            holder = -1
            press(app, p, K.A)
        else:
            break
    return app, log


@pytest.mark.parametrize(
    "players,people,seed", [(2, (1,), 3), (4, (2,), 5), (3, (1, 2), 8), (4, (1, 2, 3), 2)]
)
def test_no_hand_shown_to_the_wrong_seat(players, people, seed):
    app, log = drive(players, people, seed, 60)
    assert log["moves"] >= 30
    # a pass screen before every person's turn that follows another person's
    turns = log["turns"]
    assert len(log["passes"]) >= sum(1 for a, b in zip(turns, turns[1:]) if a != b)
    assert log["passes"][0] == turns[0]


def test_one_person_never_sees_a_pass_screen():
    app, log = drive(4, (), 4, 40)
    assert log["passes"] == [] and set(log["turns"]) == {0}


def test_partners_are_named():
    app, p = make_app(4, 5)
    st = app.settings
    st.set_seat(2, "human")
    press(app, p, K.START)
    for _ in range(100):
        if app.name == "pass":
            break
        press(app, p, 0)
    assert app.name == "pass"
    team = app.screen.info.text.strip()
    assert team.startswith("partner P%d " % ((app.passing + 2) % 4 + 1))
    press(app, p, K.A)
    hud = app.screen.hud
    names = [a.text.strip() for a, b in hud.panels]
    partner = (app.screen.viewer + 2) % 4
    assert ("P%d partner" % (partner + 1)) in names
