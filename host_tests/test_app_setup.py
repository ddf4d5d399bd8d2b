# Setup through the app: the choices become the engine's options (players,
# sweeps in the State, a computer's level or a person per seat), they are
# remembered in the save, and sound follows the mute setting.
from app_helpers import make_app, press, K
from tools.sim.platform_host import Scripted
from app import App
from engine import saveread
import screen_play


def to_setup(app, p):
    assert app.name == "title"
    press(app, p, K.A)  # New game (no saved game: the first item)
    assert app.name == "setup"


def choose(app, p, row, value):
    # move the cursor to row, then step the row's value until it reads value
    scr = app.screen
    for _ in range(10):
        if scr.menu.row == row:
            break
        press(app, p, K.DOWN)
    assert scr.menu.row == row
    for _ in range(6):
        if value in scr.vals[row].text:
            return
        press(app, p, K.RIGHT)
    raise AssertionError((row, value, scr.vals[row].text))


def test_setup_becomes_the_game(monkeypatch):
    app, p = make_app(2, 7)
    to_setup(app, p)
    choose(app, p, 0, "4")
    choose(app, p, 2, "hard")
    choose(app, p, 3, "person")
    choose(app, p, 4, "easy")
    choose(app, p, 5, "off")
    st = app.settings
    assert st.kinds == ["human", "cpu", "human", "cpu"]
    assert st.levels[1] == "hard" and st.levels[3] == "easy"
    asked = {}
    real = screen_play.choose_move

    def spy(s, level, seed, stop=None):
        asked.setdefault(s.turn, set()).add(level)
        return real(s, level, seed, stop)

    monkeypatch.setattr(screen_play, "choose_move", spy)
    press(app, p, K.START)
    g = app.game
    assert g.n == 4 and g.sweeps_on is False
    assert app.save.seats == [None, "hard", None, "easy"]  # what a saved game keeps
    # play on (people pick their first move) until both computers have moved
    for _ in range(400):
        if 1 in asked and 3 in asked:
            break
        if app.name == "pass":
            press(app, p, K.A)
        elif app.name == "play" and app.screen.mode == 0:
            press(app, p, K.A)
            press(app, p, K.A)
        else:
            press(app, p, 0)
    assert asked == {1: {"hard"}, 3: {"easy"}}  # never a person's seat


def test_setup_is_remembered():
    nvm = bytearray(8192)
    app, p = make_app(2, 3)
    p.bytes = nvm
    app.open_save()
    to_setup(app, p)
    choose(app, p, 0, "3")
    choose(app, p, 2, "easy")
    choose(app, p, 3, "person")
    choose(app, p, 5, "off")
    choose(app, p, 6, "off")  # sound off
    press(app, p, K.START)  # a game starts: the setup is kept
    assert app.name in ("play", "pass") and app.game.n == 3
    saved = saveread.unpack(app.store.load()[0]).settings
    assert (saved.players, saved.sweeps, saved.mute) == (3, False, True)
    assert saved.seats[:3] == [None, "easy", None]
    # a new app on the same store (a power cycle) starts from the same setup
    again = App(Scripted(step=100, nvm=nvm), pace=0, seed=1)
    st = again.settings
    assert (st.players, st.sweeps, st.mute) == (3, False, True)
    assert st.kinds == ["human", "cpu", "human"] and st.levels[1] == "easy"
    again.show("title")
    again.show("setup")
    assert "easy" in again.screen.vals[2].text and "person" in again.screen.vals[3].text


def test_setup_back_and_absent_seats():
    app, p = make_app(2, 3)
    to_setup(app, p)
    scr = app.screen
    seen = set()
    for _ in range(10):  # 2 players: P1, P3, P4 never get the cursor
        press(app, p, K.DOWN)
        seen.add(scr.menu.row)
    assert seen == {0, 2, 5, 6, 7, 8, 9}
    assert scr.vals[3].text == "" and scr.menu.rows[3].text == ""
    press(app, p, K.B)
    assert app.name == "title" and app.game is None


def test_sound_follows_mute():
    app, p = make_app(2, 3)
    fx = app.fx
    app.settings.mute = False
    fx.event(1)  # a capture
    for _ in range(5):
        press(app, p, 0)
    assert p.tones and p.tones[-1] == 0 and any(p.tones)  # played, then silent
    p.tones = []
    app.settings.mute = True
    fx.event(1 | 8)  # a sweep: no sound, the lights still flash
    for _ in range(12):
        press(app, p, 0)
    assert p.tones == []
    assert p.lights is not None
