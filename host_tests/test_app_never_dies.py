# A board that never dies: an exception in any screen shows the error screen (what happened,
# "A: restart"), the traceback goes to the console, the save is kept as it was, and A restarts
# the app into the saved game.
import sys
import types

import pytest

from tools.soak import app_driver as soak_app
from tools.soak.app_driver import boot, step, human, play_until
from engine.codec import encode
from engine.rng import Rng
import intents as K
from tools.soak.fake_nvm import Nvm
from engine import saveread
from store import Store


pytestmark = pytest.mark.usefixtures("checked_moves")  # conftest.py


def in_game(nvm, people=1):
    app, p = boot(nvm, 5)
    st = app.settings
    st.seats = [None, None if people > 1 else "medium", "easy", "medium"]
    st.set_players(2)
    step(app, p, K.START)
    for _ in range(3000):  # a few moves, then a person to play
        if app.name == "pass":
            step(app, p, K.A)
        elif app.screen.mode == 0:
            if len(soak_app.screen_play.play.moves) >= 3:
                break
            human(app, p, Rng(1))
        else:
            step(app, p)
    step(app, p, K.START)  # the pause saves
    step(app, p, K.B)
    assert app.name == "play"
    return app, p


def broken(app, p, exc, capsys):
    """The screen on show raises exc at its next update: the error screen."""

    def boom(intent, now):
        raise exc

    app.screen.update = boom
    step(app, p, K.DOWN)
    assert app.name == "error"
    err = capsys.readouterr().err
    assert type(exc).__name__ in err and "Traceback" in err  # the console has it
    return app.screen


@pytest.mark.parametrize(
    "where", ["title", "setup", "rules", "stats", "play", "pause", "pass", "summary", "over"]
)
def test_an_error_on_any_screen_shows_the_error_screen_and_a_restart_continues(where, capsys):
    nvm = Nvm()
    saved = None
    if where in ("title", "setup", "rules", "stats"):
        app, p = boot(nvm, 1)
        if where != "title":
            app.help = "Rules"
            app.show(where)
    else:
        app, p = in_game(nvm, people=2 if where == "pass" else 1)
        if where == "pause":
            step(app, p, K.START)
        elif where == "pass":
            for _ in range(3000):
                if app.name == "pass":
                    break
                if app.screen.mode == 0:
                    human(app, p, Rng(1))
                else:
                    step(app, p)
        elif where in ("summary", "over"):
            play_until(app, p, lambda: app.name == "summary")
            if where == "over":
                app.show("over")
        assert app.name == where
        rec = saveread.unpack(Store(nvm).load()[0]).game
        saved = encode(rec) if rec is not None else None
    before = bytes(nvm.data)
    writes = nvm.writes
    exc = MemoryError() if where in ("play", "summary") else KeyError("boom")
    broken(app, p, exc, capsys)
    assert nvm.writes == writes and bytes(nvm.data) == before  # the save is kept
    assert app.table is None
    step(app, p, K.A)  # A: restart
    if saved is None or where == "over":
        assert app.name in ("title", "over", "play", "pass")
    else:
        assert app.name in ("play", "pass")
        assert encode(app.game) == saved  # the game continues from its save
    assert "screen_error" not in sys.modules


def test_the_error_screen_says_what_happened(capsys):
    nvm = Nvm()
    app, p = boot(nvm, 1)
    import gfx

    seen = []
    real = gfx.Text.set

    def spy(self, s, center=False):
        seen.append(s)
        return real(self, s, center)

    gfx.Text.set = spy
    try:
        broken(app, p, MemoryError(), capsys)
    finally:
        gfx.Text.set = real
    assert "the game ran out of memory" in seen and "A: restart   B: title" in seen
    # where it broke: the file and the function the traceback ends in
    assert "in test_app_never_dies.py boom" in seen, seen
    p.display.refresh()
    step(app, p, K.B)  # B: the title
    assert app.name == "title"


def test_an_error_while_a_screen_is_built_is_caught(monkeypatch, capsys):
    nvm = Nvm()
    app, p = boot(nvm, 1)

    class Screen:
        def __init__(self, app):
            raise MemoryError()

    monkeypatch.setitem(sys.modules, "screen_stats", types.SimpleNamespace(Screen=Screen))
    for _ in range(3):
        step(app, p, K.DOWN)  # Statistics (no Continue on a fresh board)
    step(app, p, K.A)
    assert app.name == "error"
    step(app, p, K.A)
    assert app.name == "title"


def test_the_run_loop_survives_an_error():
    nvm = Nvm()
    app, p = boot(nvm, 1)
    calls = []

    def poll(now):
        calls.append(now)
        if len(calls) == 2:
            raise RuntimeError("a bad frame")
        if len(calls) == 3:
            return K.A  # restart
        return K.STOP if len(calls) > 4 else 0

    p.poll = poll
    app.run()
    assert len(calls) == 5 and app.name == "title"
