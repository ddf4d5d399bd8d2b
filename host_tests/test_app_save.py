# Never lose a game, at the app: autosave after every move, Continue after a power
# cut (the same position, the same next computer move), a bad store at boot (a
# message and a working game), a torn write, a failing write, the memory line.
import tracemalloc

import pytest

from app_helpers import frame, pixel
import soak_app
from soak_app import boot, step, human, check_record, Checker, install
from engine import savegame, profile
from engine.codec import encode
from engine.rng import Rng
from store import Store, UNREADABLE, HEADER, MAGIC
import store
import intents as K
import overlay
from fake_nvm import SIZE, Nvm, PowerCut  # noqa: E402,F401


@pytest.fixture(autouse=True)
def checked_moves():
    install(Checker())           # every move the app applies is checked (legal, cards, codec)
    yield
    import screen_play
    from engine.play import play
    install(play)


def start(nvm, players=3, seed=5, seats=("medium", "hard", "easy")):
    app, p = boot(nvm, seed)
    st = app.settings
    st.seats = ([None] + list(seats) + ["medium"] * 3)[:4]
    st.sweeps_on = True
    st.set_players(players)
    step(app, p, K.START)
    assert app.name == "play"
    return app, p


def until_decision(app, p, person=True, moves=0):
    """Step (the person playing the first legal move) until, after `moves` moves, a person
    (person=True) or a computer whose move is on show (person=False) is to play."""
    rnd = Rng(3)
    for _ in range(20000):
        play = app.screen
        if app.name in ("pass", "summary"):
            step(app, p, K.A)
            continue
        assert app.name == "play"
        done = len(soak_app.screen_play.play.moves) >= moves
        if play.mode == 0:
            if done and person:
                return play
            human(app, p, rnd)
        else:
            if done and not person and play.then == play.cpu_apply:
                return play
            step(app, p)
    raise AssertionError("no decision reached")


def record(nvm):
    payload, msg = Store(nvm).load()
    assert msg is None
    return payload


def test_a_new_game_is_written_at_once_and_after_every_move():
    nvm = Nvm()
    app, p = start(nvm)
    first = record(nvm)
    assert savegame.unpack(first).game is not None
    check_record(app, nvm, counter=False)
    moves = soak_app.screen_play.play.moves
    seen = len(moves)
    payloads = [first]
    for _ in range(3000):
        if len(moves) >= 40:
            break
        if len(moves) != seen:
            seen = len(moves)
            if not app.game.round_over():
                sv = check_record(app, nvm)          # decodes to the game on the screen
                assert sv.ai_seed == app.save.ai_seed
                payloads.append(record(nvm))
        if app.name == "play" and app.screen.mode == 0:
            human(app, p, Rng(seen))
        else:
            step(app, p, K.A if app.name in ("pass", "summary") else 0)
    assert len(moves) >= 40
    assert len(set(payloads)) == len(payloads) >= 35     # the record changed at every move
    assert app.last == record(nvm)


def test_continue_after_a_power_cut_gives_the_same_position_and_computer_move():
    nvm = Nvm()
    app, p = start(nvm)
    play = until_decision(app, p, person=False, moves=17)
    state, move, count = encode(play.s), play.pending, app.save.ai_count
    # the power goes; the board starts again on the title, Continue on top
    again, q = boot(nvm, 99)
    assert again.note is None
    assert again.screen.menu.rows[0].text.strip() == "Continue"
    assert encode(again.save.game) == state
    step(again, q, K.A)
    assert again.name == "play"
    play2 = again.screen
    assert play2.mode == 2 and play2.then == play2.cpu_apply
    assert encode(play2.s) == state and play2.pending == move
    assert again.save.ai_count == count
    assert again.settings.seat_levels() == [None, "medium", "hard"]


def test_pause_title_continue_in_the_same_session():
    nvm = Nvm()
    app, p = start(nvm, 4, 8, ("hard", "medium", "easy"))
    play = until_decision(app, p, person=False, moves=9)
    state, move = encode(play.s), play.pending
    step(app, p, K.START)
    assert app.name == "pause"
    for _ in range(4):
        step(app, p, K.DOWN)                 # "Title"
    step(app, p, K.A)
    assert app.name == "title"
    step(app, p, K.START)                    # START on the title: Continue
    assert app.name == "play"
    assert encode(app.game) == state and app.screen.pending == move


def test_a_persons_turn_resumes_as_a_persons_turn():
    nvm = Nvm()
    app, p = start(nvm, 2, 11, ("easy",))
    play = until_decision(app, p, person=True, moves=12)
    state = encode(play.s)
    again, q = boot(nvm, 1)
    step(again, q, K.START)
    assert again.screen.mode == 0 and encode(again.game) == state
    assert sorted(again.screen.pick.moves) == sorted(play.pick.moves)


def test_a_finished_game_is_counted_once_and_not_continued():
    nvm = Nvm()
    app, p = start(nvm, 2, 4, ("easy",))
    for _ in range(50000):
        if app.name == "over":
            break
        if app.name == "play" and app.screen.mode == 0:
            human(app, p, Rng(1))
        else:
            step(app, p, K.A if app.name in ("pass", "summary") else 0)
    assert app.name == "over"
    sv = savegame.unpack(record(nvm))
    assert sv.game is None
    assert sum(sv.stats[profile.PLAYED:profile.PLAYED + 4]) == 1
    assert sv.stats[profile.ROUNDS] == soak_app.screen_play.play.rounds
    again, q = boot(nvm, 2)
    assert again.save.game is None and again.note is None
    assert "Continue" not in [r.text.strip() for r in again.screen.menu.rows]


# --- bad data at boot ----------------------------------------------------------

def saved_game_nvm():
    nvm = Nvm()
    app, p = start(nvm, 2, 3, ("medium",))
    until_decision(app, p, moves=6)
    return nvm


def raw_record(payload, fmt=store.FORMAT, seq=1):
    import zlib
    h = bytearray(MAGIC) + bytes((fmt,)) + seq.to_bytes(4, "big") + len(payload).to_bytes(2, "big")
    return bytes(h) + zlib.crc32(bytes(h) + payload).to_bytes(4, "big") + payload


def damage(kind):
    nvm = saved_game_nvm()
    d = nvm.data
    if kind == "random bytes":
        rnd = Rng(7)
        for i in range(SIZE):
            d[i] = rnd.below(256)
    elif kind == "flipped bit":
        for half in (0, SIZE // 2):
            d[half + HEADER + 20] ^= 4
    elif kind == "truncated":
        for half in (0, SIZE // 2):
            d[half + HEADER + 10:half + SIZE // 2] = b"\xff" * (SIZE // 2 - HEADER - 10)
    elif kind == "older store format":
        d[:] = b"\xff" * SIZE
        r = raw_record(savegame.pack(savegame.Save()), fmt=0)
        d[:len(r)] = r
    elif kind == "older save version":
        d[:] = b"\xff" * SIZE
        r = raw_record(b"\x00" + savegame.pack(savegame.Save())[1:])
        d[:len(r)] = r
    elif kind == "unreadable game":
        payload = bytearray(Store(nvm).load()[0])
        payload[-1] ^= 0xFF
        d[:] = b"\xff" * SIZE
        r = raw_record(bytes(payload))
        d[:len(r)] = r
    return nvm


@pytest.mark.parametrize("kind", ["random bytes", "flipped bit", "truncated",
                                  "older store format", "older save version",
                                  "unreadable game"])
def test_bad_store_at_boot_gives_the_message_and_a_working_game(kind):
    nvm = damage(kind)
    app, p = boot(nvm, 6)
    assert app.note == UNREADABLE
    title = app.screen
    assert title.setup.text.strip() == "the saved game could not be read"
    assert title.help.text.strip() == "starting a new one"
    assert "Continue" not in [r.text.strip() for r in title.menu.rows]
    step(app, p, K.START)
    assert app.name == "play"
    until_decision(app, p, moves=3)          # a game that plays
    check_record(app, nvm, counter=False)     # ... and is saved over the bad data
    again, q = boot(nvm, 7)
    assert again.note is None and encode(again.save.game) == encode(app.game)


def test_empty_store_boots_quietly():
    for fill in (0xFF, 0x00):
        nvm = Nvm()
        nvm.data[:] = bytes((fill,)) * SIZE
        app, p = boot(nvm, 1)
        assert app.note is None and app.save.game is None
        assert app.screen.help.text.strip().startswith("A: choose")


@pytest.mark.parametrize("erased", [False, True])
def test_torn_write_at_boot_gives_the_previous_move(erased):
    base = saved_game_nvm()
    before = bytes(base.data)
    # the move whose write is torn: replay to just before it on a copy
    for k in (0, 1, 5, HEADER, HEADER + 30, -1):
        nvm = Nvm()
        nvm.data[:] = before
        app, p = boot(nvm, 1)
        step(app, p, K.START)                      # Continue
        old = encode(app.game)
        n = len(savegame.pack(app.save)) + HEADER
        nvm.cut = k if k >= 0 else n - 1
        nvm.erased = erased
        with pytest.raises(PowerCut):
            for _ in range(2000):
                if app.screen.mode == 0:
                    human(app, p, Rng(k))
                else:
                    step(app, p)
        new = encode(app.game)                     # the move was made, its write torn
        again, q = boot(nvm, 2)                    # the board starts again
        assert again.note is None                  # the older record is whole
        got = encode(again.save.game)
        # the older record; or the new one when the bytes left unwritten happened to
        # hold what it would have written (not erased, the cut at its very end)
        assert got == old or (got == new and not erased and k < 0)
        step(again, q, K.START)
        assert again.name == "play" and encode(again.game) == got
        until_decision(again, q, moves=len(soak_app.screen_play.play.moves) + 2)


def test_a_failing_write_is_reported_and_the_game_goes_on():
    nvm = Nvm()
    app, p = start(nvm, 2, 9, ("easy",))
    until_decision(app, p, moves=2)
    nvm.fail = 28
    moves = soak_app.screen_play.play.moves
    n = len(moves)
    until_decision(app, p, moves=n + 1)
    ov = app.overlay
    assert ov is not None and not ov.bands[1].hidden
    assert ov.lines[1].text.strip() == "NOT SAVED (error 28)"
    p.display.refresh()
    rows = frame(p.display)
    assert pixel(rows, 0, 60) == 0                 # the black band over the table
    until_decision(app, p, moves=n + 4)            # the game goes on ...
    for _ in range(60):
        step(app, p)                               # ... and the report goes away
        if ov.bands[1].hidden:
            break
    assert ov.bands[1].hidden
    nvm.fail = 0
    until_decision(app, p, moves=len(moves) + 2)
    check_record(app, nvm, counter=False)           # written again once the nvm works


# --- the memory line -----------------------------------------------------------

def test_select_held_and_start_is_the_memory_line():
    r = K.Repeat()
    assert r.press(K.SELECT, 0) == K.SELECT
    assert r.press(K.START, 10) == K.DEBUG
    r.release(K.START)
    r.release(K.SELECT)
    assert r.press(K.START, 20) == K.START        # START alone is START again
    r.press(K.SELECT, 30)
    r.reset()                                      # an overflowed queue: every key up
    assert r.press(K.START, 40) == K.START


def test_memory_line_appears_over_any_screen():
    nvm = Nvm()
    app, p = boot(nvm, 1)
    step(app, p, K.DEBUG)
    ov = app.overlay
    assert not ov.bands[0].hidden and ov.lines[0].text.startswith("mem")
    p.display.refresh()
    assert pixel(frame(p.display), 159, 0) == 0    # the band, black, along the top
    step(app, p, K.START)                          # the title still answers: a game
    assert app.name == "play" and not ov.bands[0].hidden
    tracemalloc.start()
    try:
        for _ in range(30):
            step(app, p)                           # updated every second
        assert "host heap" in ov.lines[0].text
    finally:
        tracemalloc.stop()
    step(app, p, K.DEBUG)
    assert ov.bands[0].hidden


def test_memory_text_with_and_without_gc_mem_free(monkeypatch):
    assert overlay.mem_text() in ("mem free n/a (host)",) or "host heap" in overlay.mem_text()
    monkeypatch.setattr(overlay.gc, "mem_free", lambda: 81234, raising=False)
    monkeypatch.setattr(overlay.gc, "mem_alloc", lambda: 60000, raising=False)
    assert overlay.mem_text() == "mem free 81234 used 60000"


def test_memory_text_under_micropython(tmp_path):
    # the board's path: gc.mem_free / gc.mem_alloc exist there (stub drawing modules)
    import subprocess
    import mp
    (tmp_path / "displayio.py").write_text("")
    (tmp_path / "gfx.py").write_text("")
    code = ("import sys\nsys.path.insert(0, %r)\nsys.path.insert(0, %r)\nimport overlay\n"
            "print(overlay.mem_text())" % (mp.ROOT + "/lib", str(tmp_path)))
    done = subprocess.run([mp.micropython(), "-X", "heapsize=32k", "-c", code],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    words = done.stdout.split()
    assert words[:2] == ["mem", "free"] and words[3] == "used"
    assert 0 < int(words[2]) < 32 * 1024 and 0 < int(words[4]) < 32 * 1024
