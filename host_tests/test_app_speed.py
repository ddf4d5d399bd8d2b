# The computers' speed (the setup's and the pause menu's choice, saved with the settings):
# slow and normal show a computer's move, then its result; fast and instant only its result,
# and there any key ends a show. And a new game over a saved one asks first.
import pytest

from app_helpers import make_app, press, K
from engine.settings import SPEEDS
from engine import saveread
from play_view import SHOWS
from store import Store
from tools.soak.app_driver import boot, step
from tools.soak.fake_nvm import Nvm
import screen_play

FAST = SPEEDS.index("fast")
NORMAL = SPEEDS.index("normal")


def game(speed, players=3, seed=4):
    # a game against medium computers at a speed, on the speed's own paces (pace None)
    app, p = make_app(players, seed, pace=None)
    app.settings.speed = speed
    app.settings.seats[1:players] = ["medium"] * (players - 1)
    app.settings.set_players(players)
    press(app, p, K.START)
    assert app.name == "play"
    return app, p


def shows(monkeypatch):
    # each move put on show before it is played: (seat, card)
    seen = []
    real = screen_play.Screen.show

    def spy(self, move):
        seen.append((self.s.turn, move[0]))
        real(self, move)

    monkeypatch.setattr(screen_play.Screen, "show", spy)
    return seen


def run(app, p, moves):
    # the loop's frames, the person playing each card's first move at once, until `moves`
    # moves have been played; every wait left to run out on the clock
    play = app.screen
    played = []
    real = play.play_move

    def play_move():
        played.append((play.s.turn, play.pending[0]))
        real()

    play.play_move = play_move
    for _ in range(5000):
        if len(played) >= moves:
            return played
        if app.name != "play":
            press(app, p, K.A)
        elif play.mode == 0:
            press(app, p, K.A)
        else:
            press(app, p, 0)
    raise AssertionError("the game did not go on")


@pytest.mark.parametrize("speed", range(len(SPEEDS)))
def test_at_fast_and_instant_a_computers_turn_is_one_show(monkeypatch, speed):
    shown = shows(monkeypatch)
    app, p = game(speed)
    played = run(app, p, 12)
    theirs = [m for m in played if m[0] != 0]
    mine = [m for m in played if m[0] == 0]
    assert theirs and mine
    on_show = [m for m in shown if m[0] != 0]
    if speed >= FAST:  # their move is played at once: its result is the one show
        assert on_show == []
    else:  # each of their moves on show before it is played
        assert on_show[: len(theirs)] == theirs
    assert [m for m in shown if m[0] == 0][: len(mine)] == mine  # a person's move: at the key


def results(app, p, moves):
    # after each move played: (its seat, the next seat, its event, the ms its result shows)
    play = app.screen
    out = []
    real = play.apply

    def apply():
        real()
        out.append((play.mover, play.s.turn, play.ev, play.due - app.now))

    play.apply = apply
    for _ in range(5000):
        if len(out) >= moves:
            return out
        press(app, p, K.A if app.name != "play" or play.mode == 0 else 0)
    raise AssertionError("the game did not go on")


@pytest.mark.parametrize("speed", range(len(SPEEDS)))
@pytest.mark.parametrize("players", [2, 3])
def test_each_result_shows_for_the_speeds_pace_but_a_computers_before_a_person(speed, players):
    # a computer's result before a person's turn does not wait: that turn's table shows it,
    # with the recap; every other result (a person's own among them) shows its pace
    app, p = game(speed, players)
    plain = [r for r in results(app, p, 16) if not r[2] & 0x50]  # no deal, no round's end
    theirs = [r for r in plain if r[0] != 0 and r[1] == 0]
    others = [r for r in plain if not (r[0] != 0 and r[1] == 0)]
    assert theirs and others
    assert all(r[3] == 0 for r in theirs)
    assert all(r[3] == SHOWS[speed * 2 + 1] for r in others)


def to_a_show(app, p):
    # the next show of a computer's move or result (a wait of a whole pace)
    play = app.screen
    for _ in range(3000):
        if play.mode == 0:
            press(app, p, K.A)
        elif play.then in (play.apply, play.events) and play.s.turn != 0 and not play.thinking:
            if play.due - app.now > 100:
                return play
            press(app, p, 0)
        else:
            press(app, p, 0)
    raise AssertionError("no show of a computer's")


@pytest.mark.parametrize("key", [K.RIGHT, K.B, K.SELECT, K.A])
def test_any_key_ends_a_show_at_fast(key):
    app, p = game(FAST)
    play = to_a_show(app, p)
    then = play.then
    due = play.due
    press(app, p, key)
    assert play.then != then or play.due != due  # it went on at once
    assert app.name == "play"


def test_at_normal_only_a_ends_a_show():
    app, p = game(NORMAL)
    play = to_a_show(app, p)
    then, due = play.then, play.due
    for key in (K.RIGHT, K.B, K.SELECT):
        press(app, p, key)
        assert (play.then, play.due) == (then, due)  # still on show
    press(app, p, K.A)
    assert (play.then, play.due) != (then, due)


def test_the_setup_steps_the_speed_and_the_new_game_keeps_it():
    app, p = make_app(2, 3)
    press(app, p, K.A)  # New game (nothing saved: the title's first row)
    assert app.name == "setup"
    scr = app.screen
    while scr.menu.row != 7:
        press(app, p, K.DOWN)
    assert scr.menu.rows[7].text.strip() == "Speed" and "normal" in scr.vals[7].text
    press(app, p, K.RIGHT)
    assert app.settings.speed == FAST and "< fast >" in scr.vals[7].text
    press(app, p, K.LEFT)
    press(app, p, K.LEFT)
    press(app, p, K.LEFT)
    assert SPEEDS[app.settings.speed] == "instant"  # it wraps round
    press(app, p, K.START)
    assert app.name == "play" and SPEEDS[app.settings.speed] == "instant"


def test_the_pause_menus_speed_is_saved_once_when_the_menu_is_left():
    nvm = Nvm()
    app, p = boot(nvm, 5)
    step(app, p, K.START)  # a new game
    step(app, p, K.START)  # the pause menu
    step(app, p)  # its save
    assert app.name == "pause"
    writes = nvm.writes
    while app.screen.row != 3:
        step(app, p, K.DOWN)
    assert "Speed" in app.screen.speed.text or "normal" in app.screen.speed.text
    step(app, p, K.RIGHT)
    step(app, p, K.RIGHT)  # fast, then instant: nothing written yet
    assert "instant" in app.screen.speed.text and nvm.writes == writes
    step(app, p, K.B)
    assert app.name == "play" and nvm.writes == writes + 1
    payload, _ = Store(nvm).load()
    assert SPEEDS[saveread.unpack(payload).settings.speed] == "instant"
    step(app, p, K.START)
    step(app, p)
    w = nvm.writes
    step(app, p, K.B)  # the speed unchanged: no write
    assert nvm.writes == w


def test_a_new_game_over_a_saved_one_asks_first():
    app, p = make_app(2, 3)
    press(app, p, K.START)  # a game, saved at once
    game1 = app.game
    press(app, p, K.START)  # the pause menu
    for _ in range(4):
        press(app, p, K.DOWN)  # New game
    press(app, p, K.A)
    scr = app.screen
    assert app.name == "setup"
    press(app, p, K.START)
    assert app.name == "setup" and scr.asking
    assert scr.people.text.strip() == "Replace the saved game?"
    assert "yes" in scr.help.text and "no" in scr.help.text
    press(app, p, K.START)  # not an answer
    press(app, p, K.DOWN)
    assert scr.asking and app.game is game1
    press(app, p, K.B)  # no: the setup again, the game kept
    assert app.name == "setup" and not scr.asking and app.game is game1
    assert "START: play" in scr.help.text
    while scr.menu.row != scr.menu.n - 1:
        press(app, p, K.DOWN)
    press(app, p, K.A)  # "Start game" asks too
    assert scr.asking
    press(app, p, K.A)  # yes
    assert app.name == "play" and app.game is not game1


def test_the_titles_new_game_asks_over_a_saved_game_and_not_without_one():
    nvm = Nvm()
    app, p = boot(nvm, 5)
    step(app, p, K.A)  # New game (nothing saved: the title's first row)
    assert app.name == "setup"
    step(app, p, K.START)  # nothing saved: at once
    assert app.name == "play"
    step(app, p, K.START)
    step(app, p)
    again, q = boot(nvm, 6)  # the board restarts: Continue on the title
    assert again.screen.items[0] == "Continue"
    step(again, q, K.DOWN)
    step(again, q, K.A)
    step(again, q, K.START)
    assert again.name == "setup" and again.screen.asking
    step(again, q, K.B)
    step(again, q, K.B)  # back to the title: the saved game still there
    assert again.name == "title" and again.screen.items[0] == "Continue"
