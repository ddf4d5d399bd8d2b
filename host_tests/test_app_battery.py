# The battery: a mark in the table's top-right corner on battery (none on USB), a warning once
# when low, the game saved once before it is flat; the host's Scripted platform drains it.
import pytest

from app_helpers import frame, pixel
from tools.soak import app_driver as soak_app
from tools.soak.app_driver import boot, step, human
from engine.rng import Rng
import intents as K
import battery
from tools.soak.fake_nvm import Nvm


pytestmark = pytest.mark.usefixtures("checked_moves")  # conftest.py


def playing(mv, drain=0):
    nvm = Nvm()
    app, p = boot(nvm, 3)
    p.mv, p.drain = mv, drain
    step(app, p, K.START)
    assert app.name == "play"
    return app, p, nvm


def run(app, p, ms):
    end = p.t + ms
    while p.t < end:
        if app.name == "play" and app.screen.mode == 0:
            human(app, p, Rng(p.t))
        else:
            step(app, p, K.A if app.name in ("pass", "summary") else 0)


def test_on_usb_nothing_shows():
    app, p, _ = playing(0)
    run(app, p, 20000)
    assert app.battery.mark is None


def test_on_battery_a_mark_shows_on_the_table_only():
    app, p, _ = playing(4100)
    run(app, p, 6000)
    m = app.battery.mark
    assert m is not None and not m.hidden
    p.display.refresh()
    rows = frame(p.display)
    assert pixel(rows, 148, 1) == 0xFFFF  # the white outline
    assert pixel(rows, 149, 2) != pixel(rows, 158, 2)  # charge inside, none past the nub
    step(app, p, K.START)  # the pause menu: no mark
    step(app, p)
    assert m.hidden
    step(app, p, K.B)
    step(app, p)
    assert not m.hidden


def test_a_draining_battery_warns_once_and_saves_before_it_is_flat():
    app, p, nvm = playing(3700, drain=100)  # 100 mV a minute
    said = []
    import session

    real = session.say
    session.say = lambda a, text: (said.append(text), real(a, text))
    persisted = []
    keep = app.persist
    app.persist = lambda: (persisted.append(p.t), keep())[1]
    try:
        run(app, p, 60000)  # about 3600 mV: not low yet
        assert said == []
        n = nvm.writes
        saved = app.battery.saved
        run(app, p, 120000)  # below LOW, then below FLAT
    finally:
        session.say = real
    assert said == ["BATTERY LOW: plug in USB"]
    assert not saved and app.battery.saved
    assert persisted and persisted[-1] > 150000  # the save before it is flat (skipped
    assert app.last == soak_app.Store(nvm).load()[0] or nvm.writes > n  # if stored already)
    assert app.battery.mv < battery.FLAT
