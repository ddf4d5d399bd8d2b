# Never lose a game, at the app: autosave after every move, Continue after a power
# cut (the same position, the same next computer move), a bad store at boot (a
# message and a working game), a torn write, a failing write, the memory line.
import os
import tracemalloc

import pytest

from app_helpers import frame, pixel
from tools.soak import app_driver as soak_app
from tools.soak.app_driver import boot, step, human, check_record, play_until
from engine import savegame, profile
from engine import saveread
from engine.codec import encode
from engine.rng import Rng
from store import Store, UNREADABLE, HEADER, MAGIC
import store
import intents as K
import overlay
from tools.soak.fake_nvm import SIZE, POINTS, Nvm, PowerCut


pytestmark = pytest.mark.usefixtures("checked_moves")  # conftest.py


def start(nvm, players=3, seed=5, seats=("medium", "hard", "easy")):
    app, p = boot(nvm, seed)
    st = app.settings
    st.seats = ([None] + list(seats) + ["medium"] * 3)[:4]
    st.sweeps = True
    st.coach = 2  # off: the recap's lines alone
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
            if done and not person and play.then == play.apply:
                return play
            step(app, p)
    raise AssertionError("no decision reached")


def record(nvm):
    payload, msg = Store(nvm).load()
    assert msg is None
    return payload


def test_saves_come_at_a_new_game_each_deal_a_rounds_end_and_after_a_pause():
    nvm = Nvm()
    app, p = start(nvm, 2, 5, ("medium",))
    first = record(nvm)
    assert saveread.unpack(first).game is not None and nvm.writes == 1
    check_record(app, nvm)
    moves = soak_app.screen_play.play.moves
    writes = nvm.writes
    at = []  # (moves, deal or round over) at each write
    for _ in range(20000):
        if nvm.writes != writes:
            writes = nvm.writes
            at.append(len(moves))
            check_record(app, nvm)  # the game on the screen, its count
        if app.name == "summary":
            break
        if app.name == "play" and app.screen.mode == 0:
            human(app, p, Rng(len(moves)))  # quick: no GAP ms between saves
        else:
            step(app, p, K.A if app.name in ("pass", "summary") else 0)
    # one round of 2 players: 48 moves, a deal every 8 (5 in the round), the round's end
    assert len(moves) == 48 and at == [8, 16, 24, 32, 40, 48], at
    assert app.last == record(nvm)
    # the pause menu saves; a save whose bytes are stored already spends no write
    until_decision(app, p, moves=51)
    n = nvm.writes
    step(app, p, K.START)  # the menu on show; the save comes on the next step
    assert app.name == "pause" and nvm.writes == n
    step(app, p)
    assert app.name == "pause" and nvm.writes == n + 1
    check_record(app, nvm)
    step(app, p, K.B)
    step(app, p, K.START)
    step(app, p)
    assert app.name == "pause" and nvm.writes == n + 1


def test_a_key_on_the_step_after_the_pause_opens_comes_after_its_save():
    nvm = Nvm()
    app, p = start(nvm, 2, 5, ("medium",))
    until_decision(app, p, moves=3)
    n = nvm.writes
    step(app, p, K.START)
    assert app.name == "pause" and nvm.writes == n  # the menu drawn, no more
    step(app, p, K.B)  # at once: the save, then back to the table
    assert app.name == "play" and nvm.writes == n + 1
    check_record(app, nvm)


def test_a_persons_move_is_saved_when_a_minute_has_passed():
    import session

    nvm = Nvm()
    app, p = start(nvm, 2, 5, ("medium",))
    until_decision(app, p, moves=3)  # the person to play
    n = nvm.writes
    p.t += session.GAP  # a long think
    human(app, p, Rng(1))
    until_decision(app, p, moves=5)  # the person's next turn: saved
    assert nvm.writes == n + 1
    check_record(app, nvm)
    until_decision(app, p, moves=7)  # soon after: not saved
    assert nvm.writes == n + 1


def test_continue_after_a_power_cut_gives_the_last_save_and_the_same_computer_move():
    nvm = Nvm()
    app, p = start(nvm)
    play = until_decision(app, p, person=False, moves=17)
    state, move, count = encode(play.s), play.pending, app.count
    step(app, p, K.START)
    step(app, p)  # the pause saves (a choice on show)
    # the power goes; the board starts again on the title, Continue on top
    again, q = boot(nvm, 99)
    assert again.note is None
    assert again.screen.menu.rows[0].text.strip() == "Continue"
    assert encode(again.save.game) == state
    step(again, q, K.A)
    assert again.name == "play"
    play2 = again.screen
    assert play2.mode == 2 and play2.then == play2.begin  # the table shows first,
    step(again, q)  # the computer decides next
    step(again, q)  # and its move shows
    assert play2.mode == 2 and play2.then == play2.apply
    assert encode(play2.s) == state and play2.pending == move
    assert again.save.ai_count == count + 1
    assert again.settings.seat_levels() == [None, "medium", "hard"]


def test_stopping_the_app_saves_every_move_and_continue_starts_there():
    # The simulator's Esc, or its window closed, stops App.run (the poll answers K.STOP):
    # the game is saved as it stands, the computers' moves after the person's last one
    # too, and Continue on the next start shows that very position.
    nvm = Nvm()
    app, p = boot(nvm, 5)
    st = app.settings
    st.seats = [None, "medium", "hard", "medium"]
    st.set_players(3)
    moves = soak_app.screen_play.play.moves
    seen = {}

    def buttons():
        # START on the title; the person plays each card's first move (A, A) until,
        # after 5 moves, it is the person's turn again: then the app is stopped
        if app.name == "title":
            return K.START
        if app.name in ("pass", "summary"):
            return K.A
        if app.screen.mode != 0:  # a computer's move on show
            return 0
        if len(moves) < 5:
            return K.A
        if "state" not in seen:
            seen["state"] = encode(app.game)
            seen["count"] = app.count
            seen["stored"] = encode(saveread.unpack(record(nvm)).game)
        return K.STOP

    p.source = buttons
    app.run()
    assert app.name == "play" and len(moves) >= 5
    assert seen["stored"] != seen["state"]  # the last save was older than the position
    again, q = boot(nvm, 99)  # the simulator started again
    assert encode(again.save.game) == seen["state"] and again.save.ai_count == seen["count"]
    step(again, q, K.START)  # Continue
    assert again.name == "play" and encode(again.game) == seen["state"]
    assert again.screen.mode == 0  # the person to play, as when it stopped


def play_to(app, p, n):
    """Play on until n moves were made (a person's choice depends only on the move number)."""
    moves = soak_app.screen_play.play.moves
    for _ in range(20000):
        if len(moves) >= n:
            return
        if app.name == "play" and app.screen.mode == 0:
            human(app, p, Rng(len(moves)))
        else:
            step(app, p, K.A if app.name in ("pass", "summary") else 0)
    raise AssertionError("stuck")


def test_a_power_cut_between_saves_replays_the_same_moves():
    nvm = Nvm()
    app, p = start(nvm, 2, 12, ("hard",))
    play_to(app, p, 21)  # the deal at move 16 was the last save
    n = nvm.writes
    moves = soak_app.screen_play.play.moves
    play_to(app, p, 23)
    assert nvm.writes == n
    later = list(moves)
    again, q = boot(nvm, 3)  # the power goes
    del moves[16:]
    step(again, q, K.START)  # Continue: back at move 16
    play_to(again, q, 23)
    assert moves == later  # the computers chose as before


def test_a_power_cut_on_the_scores_continues_with_the_next_round():
    nvm = Nvm()
    app, p = start(nvm, 2, 5, ("easy",))
    for _ in range(20000):
        if app.name == "summary":
            break
        if app.name == "play" and app.screen.mode == 0:
            human(app, p, Rng(2))
        else:
            step(app, p, K.A if app.name == "pass" else 0)
    g = encode(app.game)  # the next round, dealt
    again, q = boot(nvm, 4)
    assert encode(again.save.game) == g
    step(again, q, K.START)
    assert again.name == "play" and encode(again.game) == g
    assert len(again.game.hands[0]) == 4 and again.save.stats[profile.ROUNDS] == 1


def test_a_power_cut_on_the_last_scores_continues_to_the_game_over():
    nvm = Nvm()
    app, p = start(nvm, 2, 4, ("easy",))
    for _ in range(50000):
        if app.name == "summary" and app.game.winner >= 0:
            break
        if app.name == "play" and app.screen.mode == 0:
            human(app, p, Rng(1))
        else:
            step(app, p, K.A if app.name in ("pass", "summary") else 0)
    rounds = app.save.stats[profile.ROUNDS]
    again, q = boot(nvm, 2)  # the power goes on the last scores
    assert again.save.game is not None and again.save.game.winner >= 0
    step(again, q, K.START)  # Continue: the game over, not a move
    assert again.name == "over"
    sv = saveread.unpack(record(nvm))
    assert sv.game is None and sum(sv.stats[profile.PLAYED : profile.PLAYED + 4]) == 1
    assert sv.stats[profile.ROUNDS] == rounds
    step(again, q, K.A)
    assert again.name == "title"
    assert "Continue" not in [r.text.strip() for r in again.screen.menu.rows]


@pytest.mark.parametrize("power_cut", [False, True])
def test_a_pause_before_the_rounds_scores_continues_to_them_counted_once(power_cut):
    nvm = Nvm()
    app, p = start(nvm, 2, 5, ("easy",))
    play_until(app, p, lambda: app.name == "play" and app.game.round_over())  # "Round over"
    step(app, p, K.START)
    step(app, p)  # the pause menu writes the game as it is
    assert app.name == "pause" and saveread.unpack(record(nvm)).game.round_over()
    if power_cut:
        app, p = boot(nvm, 6)
    else:
        for _ in range(5):
            step(app, p, K.DOWN)  # "Title"
        step(app, p, K.A)
    assert app.name == "title"
    step(app, p, K.START)  # Continue: the round's end, then its scores
    for _ in range(50):
        if app.name != "play":
            break
        step(app, p)
    assert app.name == "summary"
    sv = saveread.unpack(record(nvm))
    assert sv.stats[profile.ROUNDS] == 1 and not sv.game.round_over()


def test_pause_title_continue_in_the_same_session():
    nvm = Nvm()
    app, p = start(nvm, 4, 8, ("hard", "medium", "easy"))
    play = until_decision(app, p, person=False, moves=9)
    state, move = encode(play.s), play.pending
    step(app, p, K.START)
    assert app.name == "pause"
    for _ in range(5):
        step(app, p, K.DOWN)  # "Title"
    step(app, p, K.A)
    assert app.name == "title"
    step(app, p, K.START)  # START on the title: Continue
    assert app.name == "play"
    step(app, p)  # the table shows, then the computer decides
    step(app, p)  # and its move shows
    assert encode(app.game) == state and app.screen.pending == move


def test_a_persons_turn_resumes_as_a_persons_turn():
    nvm = Nvm()
    app, p = start(nvm, 2, 11, ("easy",))
    play = until_decision(app, p, person=True, moves=12)
    state = encode(play.s)
    moves = sorted(play.pick.moves)
    step(app, p, K.START)
    step(app, p)  # the pause saves, over the table
    again, q = boot(nvm, 1)
    step(again, q, K.START)
    assert again.screen.mode == 0 and encode(again.game) == state
    assert sorted(again.screen.pick.moves) == moves


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
    sv = saveread.unpack(record(nvm))
    assert sv.game is None
    assert sum(sv.stats[profile.PLAYED : profile.PLAYED + 4]) == 1
    assert sv.stats[profile.ROUNDS] == soak_app.screen_play.play.rounds
    again, q = boot(nvm, 2)
    assert again.save.game is None and again.note is None
    assert "Continue" not in [r.text.strip() for r in again.screen.menu.rows]


# --- a person's move: shown at their key, observed, played and saved on the next step ----


def expected(before, move):
    """The game after a move as hard's observe and the play make it, in that order."""
    from engine import ai_hard
    from engine.play import play

    s = before.copy()
    ai_hard.observe(s, move)
    play(s, move)
    return s


def observes(monkeypatch):
    from engine import ai_hard

    calls = []
    real = ai_hard.observe

    def counted(s, move):
        calls.append(move)
        return real(s, move)

    monkeypatch.setattr(ai_hard, "observe", counted)
    return calls


def to_last_key(app, p):
    """The person's move chosen, its A not yet pressed (the first legal move): (a copy of
    the game before it, the move)."""
    pick = app.screen.pick
    target = pick.moves[0]
    want = app.screen.s.hands[pick.seat].index(target[0])
    while pick.cur != want:
        step(app, p, K.RIGHT)
    step(app, p, K.A)
    while soak_app.chosen(pick) != target:
        step(app, p, K.RIGHT)
    return app.game.copy(), target


def test_a_persons_move_shows_at_the_key_and_is_observed_and_played_on_the_next_step(
    monkeypatch,
):
    nvm = Nvm()
    app, p = start(nvm, 2, 5, ("hard",))
    until_decision(app, p, moves=3)
    calls = observes(monkeypatch)
    before, move = to_last_key(app, p)
    step(app, p, K.A)  # the key: the move on show, not played
    assert calls == [] and app.table.pending == move
    assert encode(app.game) == encode(before) and app.game.was == before.was
    step(app, p)  # the next step: observe, then the play
    assert calls == [move]
    want = expected(before, move)
    assert encode(app.game) == encode(want) and app.game.was == want.was
    assert any(app.game.unlikely)  # (the marks are there to compare)


def moved(moves):
    """A 2-player game with hard, the person's move shown at their key after `moves`
    moves, not yet played: (nvm, app, p, the game before it, the move)."""
    nvm = Nvm()
    app, p = start(nvm, 2, 5, ("hard",))
    until_decision(app, p, moves=moves)
    before, move = to_last_key(app, p)
    step(app, p, K.A)
    return nvm, app, p, before, move


def test_a_pause_right_after_a_move_saves_the_game_before_it_then_plays_it():
    nvm, app, p, before, move = moved(5)
    step(app, p, K.START)  # START at once: the pause, the move still on show
    assert app.name == "pause"
    step(app, p)  # the pause saves
    assert encode(saveread.unpack(record(nvm)).game) == encode(before)
    again, q = boot(nvm, 9)  # the power goes: the game before the move, whole
    assert encode(again.save.game) == encode(before)
    step(app, p, K.B)  # back to the table: the move is played
    step(app, p)
    assert app.name == "play" and encode(app.game) == encode(expected(before, move))


def test_stopping_right_after_a_move_saves_the_game_before_it():
    nvm, app, p, before, move = moved(7)
    assert app.stop()  # Esc before the next step
    assert encode(saveread.unpack(record(nvm)).game) == encode(before)


def test_a_persons_move_that_deals_is_saved_on_the_next_step():
    nvm = Nvm()
    app, p = start(nvm, 2, 5, ("hard",))
    g = app.game
    # the person's last card of a hand, the pack not empty: their move deals
    play_until(
        app,
        p,
        lambda: (
            app.name == "play"
            and app.screen.mode == 0
            and g.deck
            and len(g.hands[0]) == 1
            and not g.hands[1]
        ),
    )
    n = nvm.writes
    before, move = to_last_key(app, p)
    step(app, p, K.A)
    assert len(g.hands[0]) == 1 and nvm.writes == n  # on show
    step(app, p)
    assert len(g.hands[0]) == 4 and nvm.writes == n + 1  # dealt, and written
    again, q = boot(nvm, 9)  # a power cut now finds the deal
    assert encode(again.save.game) == encode(expected(before, move)) == encode(g)


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
        for slot in (0, 256):
            d[slot + HEADER + 20] ^= 4
    elif kind == "truncated":
        for slot in (0, 256):
            d[slot + HEADER + 10 : slot + 256] = b"\xff" * (256 - HEADER - 10)
    elif kind == "older store format":
        d[:] = b"\xff" * SIZE
        r = raw_record(savegame.pack(savegame.Save()), fmt=0)
        d[: len(r)] = r
    elif kind == "older save version":
        d[:] = b"\xff" * SIZE
        r = raw_record(b"\x00" + savegame.pack(savegame.Save())[1:])
        d[: len(r)] = r
    elif kind == "unreadable game":
        payload = bytearray(Store(nvm).load()[0])
        payload[-27] ^= 0xFF  # the game's last byte before its 26 bytes of marks (codec)
        d[:] = b"\xff" * SIZE
        r = raw_record(bytes(payload))
        d[: len(r)] = r
    return nvm


@pytest.mark.parametrize(
    "kind",
    [
        "random bytes",
        "flipped bit",
        "truncated",
        "older store format",
        "older save version",
        "unreadable game",
    ],
)
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
    until_decision(app, p, moves=3)  # a game that plays
    check_record(app, nvm, counter=False)  # ... and is saved over the bad data
    again, q = boot(nvm, 7)
    assert again.note is None and encode(again.save.game) == encode(app.game)


def test_empty_store_boots_quietly():
    for fill in (0xFF, 0x00):
        nvm = Nvm()
        nvm.data[:] = bytes((fill,)) * SIZE
        app, p = boot(nvm, 1)
        assert app.note is None and app.save.game is None
        assert app.screen.help.text.strip().startswith("A: choose")


def test_a_write_cut_anywhere_gives_the_previous_save_or_the_new_one():
    base = saved_game_nvm()
    before = bytes(base.data)
    for c in (0, 3, 11, 12, 14, 16, 17, 31, 32, 33, 200, POINTS - 1):
        nvm = Nvm()
        nvm.data[:] = before
        app, p = boot(nvm, 1)
        step(app, p, K.START)  # Continue
        old = encode(app.game)
        until_decision(app, p, moves=len(soak_app.screen_play.play.moves) + 2)
        new = encode(app.game)
        nvm.cut = c
        step(app, p, K.START)
        with pytest.raises(PowerCut):
            step(app, p)  # the pause menu saves: the write is cut
        again, q = boot(nvm, 2)  # the board starts again
        got = again.save.game
        if got is None:  # cut before the first record was back
            assert c * 16 < HEADER + len(savegame.pack(app.save)) + 256
            assert again.note in (None, UNREADABLE)
            step(again, q, K.START)  # a new game, as on a fresh board
            assert again.name == "play"
            continue
        assert again.note is None
        assert encode(got) in (old, new)
        step(again, q, K.START)
        assert again.name == "play" and encode(again.game) == encode(got)
        until_decision(again, q, moves=len(soak_app.screen_play.play.moves) + 2)


@pytest.mark.parametrize(
    "fail, said",
    [
        (True, "NOT SAVED"),  # the board: RuntimeError("Unable to write to nvm.")
        (OSError(28), "NOT SAVED (error 28)"),  # the desktop's file store: its errno
    ],
)
def test_a_failing_write_is_reported_and_the_game_goes_on(fail, said):
    nvm = Nvm()
    app, p = start(nvm, 2, 9, ("easy",))
    until_decision(app, p, moves=2)
    nvm.fail = fail
    moves = soak_app.screen_play.play.moves
    n = len(moves)
    until_decision(app, p, moves=n + 1)
    step(app, p, K.START)
    step(app, p)  # the pause menu saves ...
    ov = app.overlay
    assert ov is not None and not ov.bands[1].hidden
    assert ov.lines[1].text.strip() == said
    p.display.refresh()
    rows = frame(p.display)
    assert pixel(rows, 0, 60) == 0  # the black band over the screen
    step(app, p, K.B)
    until_decision(app, p, moves=n + 4)  # the game goes on ...
    for _ in range(60):
        step(app, p)  # ... and the report goes away
        if ov.bands[1].hidden:
            break
    assert ov.bands[1].hidden
    nvm.fail = 0
    until_decision(app, p, moves=len(moves) + 2)
    step(app, p, K.START)
    step(app, p)
    check_record(app, nvm)  # written again once the nvm works


# --- the memory line -----------------------------------------------------------


def test_select_held_and_start_is_the_memory_line():
    r = K.Repeat()
    assert r.press(K.SELECT, 0) == 0  # (SELECT acts when let go)
    assert r.press(K.START, 10) == K.DEBUG
    assert r.release(K.START) == 0
    assert r.release(K.SELECT) == 0  # the memory line alone: no hint
    assert r.press(K.START, 20) == K.START  # START alone is START again
    r.press(K.SELECT, 30)
    r.reset()  # an overflowed queue: every key up
    assert r.press(K.START, 40) == K.START


def test_memory_line_appears_over_any_screen():
    import sys

    nvm = Nvm()
    app, p = boot(nvm, 1)
    step(app, p, K.DEBUG)
    ov = app.overlay
    assert not ov.bands[0].hidden and ov.lines[0].text.startswith("mem")
    p.display.refresh()
    assert pixel(frame(p.display), 159, 0) == 0  # the band, black, along the top
    step(app, p, K.START)  # the title still answers: a game
    assert app.name == "play" and not ov.bands[0].hidden
    tracemalloc.start()
    try:
        for _ in range(30):
            step(app, p)  # updated every second
        assert "host heap" in ov.lines[0].text
    finally:
        tracemalloc.stop()
    step(app, p, K.DEBUG)
    assert ov.bands[0].hidden
    step(app, p)
    assert app.overlay is None and ov.group not in app.root  # let go once nothing shows
    assert "overlay" not in sys.modules  # and its module with it: a game's heap holds neither


def test_a_table_loads_no_overlay_and_a_report_without_room_is_dropped(monkeypatch):
    import sys
    import types
    import session

    # (this module imports overlay for its own tests: the table must not load it again)
    monkeypatch.delitem(sys.modules, "overlay", raising=False)
    nvm = Nvm()
    app, p = start(nvm)
    assert "overlay" not in sys.modules and app.overlay is None  # not loaded with the table

    def no_room(app):
        raise MemoryError("memory allocation failed")

    monkeypatch.setitem(sys.modules, "overlay", types.SimpleNamespace(Overlay=no_room))
    session.say(app, "BATTERY LOW")  # no room for the overlay: the report is dropped
    assert app.overlay is None
    step(app, p)
    assert app.name == "play"  # and the game goes on


def test_memory_text_with_and_without_gc_mem_free(monkeypatch):
    assert overlay.mem_text() in ("mem free n/a (host)",) or "host heap" in overlay.mem_text()
    monkeypatch.setattr(overlay.gc, "mem_free", lambda: 81234, raising=False)
    monkeypatch.setattr(overlay.gc, "mem_alloc", lambda: 60000, raising=False)
    assert overlay.mem_text() == "mem free 81234 used 60000"


def test_memory_text_under_micropython(tmp_path):
    # the board's path: gc.mem_free / gc.mem_alloc exist there (stub drawing modules)
    import subprocess
    from tools.box import mp

    (tmp_path / "displayio.py").write_text("")
    (tmp_path / "gfx.py").write_text("")
    code = "import overlay\nprint(overlay.mem_text())"
    path = "%s:%s" % (tmp_path, mp.ROOT + "/lib")  # the stubs first
    done = subprocess.run(
        [mp.micropython(), "-X", "heapsize=32k", "-c", code],
        capture_output=True,
        text=True,
        timeout=60,
        env=dict(os.environ, MICROPYPATH=path),
    )
    assert done.returncode == 0, done.stderr
    words = done.stdout.split()
    assert words[:2] == ["mem", "free"] and words[3] == "used"
    assert 0 < int(words[2]) < 32 * 1024 and 0 < int(words[4]) < 32 * 1024


def test_continue_after_a_restart_shows_the_same_recap_and_cursor():
    # The table as it was: the moves since the person's last turn (the recap, B shows it
    # again) and the cursor on its card come back with the game after the power goes.
    nvm = Nvm()
    app, p = start(nvm, 4, 8, ("medium", "easy", "hard"))
    play = until_decision(app, p, person=True, moves=4)
    pick = play.pick
    assert play.hud.box is not None and len(play.log) == 3  # the three computers' moves
    assert len(play.s.hands[0]) == 3
    shown = recap_lines(play)
    first = pick.cur
    step(app, p, K.RIGHT)  # the cursor to another card (the recap goes at the key)
    card = play.s.hands[0][pick.cur]
    assert pick.cur != first and play.hud.box is None
    log = list(play.log)
    step(app, p, K.START)
    step(app, p)  # the pause menu's save
    again, q = boot(nvm, 99)
    step(again, q, K.A)  # Continue
    play2 = again.screen
    assert again.name == "play" and play2.mode == 0
    assert play2.log == log and recap_lines(play2) == shown  # the same moves, told alike
    assert play2.s.hands[0][play2.pick.cur] == card  # the cursor on its card
    step(again, q, K.LEFT)
    assert play2.hud.box is None
    step(again, q, K.B)  # B on the hand: the recap again
    assert recap_lines(play2) == shown


def recap_lines(play):
    # the recap's lines as drawn: each line's glyph tiles, top to bottom
    box = play.hud.box
    out = []
    for layer in list(box)[1:]:
        out.append(tuple(layer[i] for i in range(layer.width)))
    return out


def test_the_saves_reader_is_let_go_once_read():
    # engine/saveread.py is loaded to read the save at boot and at Continue, and let go
    # after: a game's heap does not hold its code
    import sys
    import engine

    nvm = Nvm()
    app, p = start(nvm)
    step(app, p, K.START)
    step(app, p)  # the pause menu's save
    again, q = boot(nvm, 7)
    assert again.save.game is not None  # read
    assert "engine.saveread" not in sys.modules and not hasattr(engine, "saveread")
    step(again, q, K.A)  # Continue reads the save again
    assert again.name == "play"
    assert "engine.saveread" not in sys.modules and not hasattr(engine, "saveread")


def test_the_statistics_are_let_go_once_counted(monkeypatch):
    # engine/profile.py starts a new game and counts a round's and a game's statistics,
    # loaded for each and let go after: a game's heap does not hold its code
    import sys
    import engine

    monkeypatch.delitem(sys.modules, "engine.profile", raising=False)  # (this file's import)
    monkeypatch.delattr(engine, "profile", raising=False)
    nvm = Nvm()
    app, p = start(nvm)  # a new game: its start was engine/profile.py's
    assert app.name == "play" and app.game is not None
    assert "engine.profile" not in sys.modules and not hasattr(engine, "profile")
    rounds = app.save.stats[profile.ROUNDS]
    for _ in range(20000):  # to the round's end, counted
        if app.name == "summary":
            break
        if app.name == "play" and app.screen.mode == 0:
            human(app, p, Rng(1))
        else:
            step(app, p)
    assert app.name == "summary" and app.save.stats[profile.ROUNDS] == rounds + 1
    assert "engine.profile" not in sys.modules and not hasattr(engine, "profile")
