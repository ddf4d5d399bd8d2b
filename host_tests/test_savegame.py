"""engine/savegame.py and engine/profile.py: the save payload, settings and statistics."""

import random

import pytest
from hypothesis import given, settings, strategies as st

from engine import savegame, profile
from engine.savegame import pack, Save, GAME, SETTINGS, STATS, TABLE
from engine.saveread import unpack
from engine.settings import SPEEDS, COACHES
from engine.codec import encode
from engine.movegen import legal_moves
from engine.play import play
from engine.scoring import finish_round
from engine.ai import choose_move
from engine.state import new_game


def sample_save(players=3, seed=5, moves=7, game=True):
    sv = Save()
    sv.settings.players = players
    sv.settings.seats = [None, "easy", "hard", "medium"]
    sv.settings.sweeps = seed % 2 == 0
    sv.settings.mute = True
    sv.stats = list(range(1, profile.NSTATS + 1))
    if game:
        profile.start_game(sv, seed)
        rnd = random.Random(seed)
        for _ in range(moves):
            if sv.game.round_over():
                break
            play(sv.game, rnd.choice(legal_moves(sv.game)))
        sv.ai_count = 1234567
    return sv


def same(a, b):
    assert pack(a) == pack(b)
    assert a.settings.players == b.settings.players and a.settings.seats == b.settings.seats
    assert a.settings.sweeps == b.settings.sweeps and a.settings.mute == b.settings.mute
    assert a.stats == b.stats and a.seats == b.seats
    assert a.ai_seed == b.ai_seed and a.ai_count == b.ai_count
    assert (a.game is None) == (b.game is None)
    if a.game is not None:
        assert encode(a.game) == encode(b.game)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("game", [True, False])
def test_round_trip(players, game):
    sv = sample_save(players, seed=players * 7, game=game)
    back = unpack(pack(sv))
    same(sv, back)
    assert back.lost == 0
    if game:
        assert back.seats == sv.settings.seats[:players]
        assert back.game.sweeps_on == sv.settings.sweeps


def test_the_release_is_saved_with_the_settings():
    sv = Save()
    sv.settings.version = (1, 2, 3)
    assert unpack(pack(sv)).settings.version == (1, 2, 3)
    old = bytearray(pack(Save()))  # settings of 7 bytes: no release (nor what came after) in them
    assert old[1] == 1 and old[3] == 14
    del old[11:18]
    old[3] = 7
    assert unpack(bytes(old)).settings.version == (0, 0, 0)


def test_the_table_the_recap_and_the_cursor_round_trip_with_the_game():
    sv = sample_save(3, moves=5)
    # seat, card, kind, value, the seat whose build it used (-1: none), sweep (play's bit)
    sv.recap = [(1, 40, 0, 10, -1, 8), (2, 7, 2, 9, 0, 0)]
    sv.cursor = sv.game.hands[0][1]
    back = unpack(pack(sv))
    assert back.lost == 0 and back.cursor == sv.cursor
    assert back.recap == [(1, 40, 0, 10, -1, 1), (2, 7, 2, 9, 0, 0)]
    sv.game = None  # no game: no table either
    assert TABLE not in sections(pack(sv))


def test_an_unreadable_table_loses_only_itself():
    sv = sample_save(3, moves=5)
    sv.recap = [(1, 40, 0, 10, -1, 0)]
    sv.cursor = sv.game.hands[0][0]
    data = bytearray(pack(sv))
    at, n = sections(bytes(data))[TABLE]
    assert n == 7
    data[at + 3 + 2] = 52  # the recap's card: no such card
    back = unpack(bytes(data))
    assert back.lost == 1 << TABLE and back.recap == [] and back.cursor == -1
    assert encode(back.game) == encode(sv.game)


def test_the_speed_is_saved_with_the_settings_and_reads_normal_where_absent():
    sv = Save()
    for speed in range(len(SPEEDS)):
        sv.settings.speed = speed
        assert unpack(pack(sv)).settings.speed == speed
    old = bytearray(pack(sv))  # settings of 10 bytes: written before the speed was
    del old[14:18]
    old[3] = 10
    back = unpack(bytes(old))
    assert back.lost == 0 and SPEEDS[back.settings.speed] == "normal"
    bad = bytearray(pack(sv))
    bad[14] = len(SPEEDS)  # no such speed: the settings are unreadable, nothing else
    back = unpack(bytes(bad))
    assert back.lost == 1 << SETTINGS and back.settings.speed == Save().settings.speed


def test_the_coach_and_the_tips_are_saved_with_the_settings_and_old_saves_read_auto():
    sv = Save()
    assert COACHES[sv.settings.coach] == "auto" and sv.settings.tips == 0
    sv.settings.coach = COACHES.index("off")
    sv.settings.tips = 0b1010001
    back = unpack(pack(sv))
    assert back.lost == 0 and COACHES[back.settings.coach] == "off"
    assert back.settings.tips == 0b1010001
    old = bytearray(pack(sv))  # settings of 11 bytes: written before the coach was
    del old[15:18]
    old[3] = 11
    back = unpack(bytes(old))
    assert back.lost == 0 and COACHES[back.settings.coach] == "auto" and back.settings.tips == 0
    assert back.settings.speed == sv.settings.speed
    bad = bytearray(pack(sv))
    bad[15] = len(COACHES)  # no such coach setting: the settings are unreadable, nothing else
    back = unpack(bytes(bad))
    assert back.lost == 1 << SETTINGS and back.settings.tips == 0


def test_defaults_round_trip():
    sv = Save()
    back = unpack(pack(sv))
    same(sv, back)
    assert back.settings.players == 2 and back.settings.seats[0] is None
    assert back.settings.sweeps is True and back.settings.mute is False


def test_stats_saturate_at_16_bits():
    sv = Save()
    sv.stats[0] = 70000
    assert unpack(pack(sv)).stats[0] == 65535


def test_bad_seat_level_refused_on_pack():
    sv = sample_save()
    sv.seats[1] = "impossible"
    with pytest.raises(ValueError):
        pack(sv)
    sv = sample_save()
    sv.seats = sv.seats[:1]
    with pytest.raises(ValueError):
        pack(sv)


def sections(data):
    out = {}
    i = 1
    while i < len(data):
        n = data[i + 1] << 8 | data[i + 2]
        out[data[i]] = (i, n)
        i += 3 + n
    return out


def test_a_corrupt_game_section_keeps_settings_and_stats():
    sv = sample_save()
    data = bytearray(pack(sv))
    start, n = sections(data)[GAME]
    data[start + 3 + 1] = 9  # seat 0: no such level
    back = unpack(bytes(data))
    assert back.game is None and back.lost == 1 << GAME
    assert back.stats == sv.stats and back.settings.mute
    data = bytearray(pack(sv))
    data[start + 3 + 1 + 3 + 8] = 7  # the codec's version byte
    back = unpack(bytes(data))
    assert back.game is None and back.lost == 1 << GAME and back.stats == sv.stats


def test_a_corrupt_settings_section_keeps_the_game():
    sv = sample_save()
    data = bytearray(pack(sv))
    start, n = sections(data)[SETTINGS]
    data[start + 3] = 7  # players 7
    back = unpack(bytes(data))
    assert back.lost == 1 << SETTINGS and back.settings.players == 2
    assert encode(back.game) == encode(sv.game) and back.stats == sv.stats


def test_forward_compatible_sections():
    sv = sample_save()
    data = bytearray(pack(sv))
    # an unknown section is skipped; longer settings and more stats are accepted
    data += bytes((9, 0, 3, 1, 2, 3))
    back = unpack(bytes(data))
    same(sv, back)
    out = bytearray((savegame.VERSION,))
    savegame._section(out, SETTINGS, bytes((4, 1, 0, 0, 1, 2, 3, 99, 99)))
    savegame._section(out, STATS, bytes(range(2 * profile.NSTATS + 6)))
    back = unpack(bytes(out))
    assert back.lost == 0 and back.settings.players == 4
    assert back.settings.seats == [None, "easy", "medium", "hard"]
    assert back.stats[0] == 1 and len(back.stats) == profile.NSTATS
    out = bytearray((savegame.VERSION,))
    savegame._section(out, STATS, bytes((0, 5)))  # fewer stats: the rest are 0
    back = unpack(bytes(out))
    assert back.stats == [5] + [0] * (profile.NSTATS - 1)


def test_malformed_frames_raise_value_error():
    good = pack(sample_save())
    for bad in (
        b"",
        b"\x00",
        b"\x02" + good[1:],
        good + b"\x01",
        good + b"\x01\x00",
        good + b"\x01\x00\x05ab",
        good[:-1],
    ):
        with pytest.raises(ValueError):
            unpack(bad)
    out = bytearray((savegame.VERSION,))
    savegame._section(out, STATS, b"")
    savegame._section(out, STATS, b"")
    with pytest.raises(ValueError):
        unpack(bytes(out))  # a section twice


def test_every_truncation_is_a_value_error_or_a_shorter_save():
    sv = sample_save(4, moves=20)
    sv.recap = [(1, 40, 0, 10, -1, 0), (2, 7, 4, 0, -1, 0), (3, 12, 1, 9, 0, 8)]
    sv.cursor = 33
    data = pack(sv)
    cuts = [i + 3 + n for i, n in sections(data).values()] + [1]
    for k in range(len(data)):
        try:
            back = unpack(data[:k])
        except ValueError:
            assert k not in cuts
            continue
        assert k in cuts
        if back.game is not None:  # cut after the game: its table (the recap) is what goes
            assert back.recap == [] and back.cursor == -1
            assert encode(back.game) == encode(sv.game)


@settings(max_examples=1500, deadline=None)
@given(st.binary(max_size=300))
def test_random_bytes_only_ever_raise_value_error(data):
    try:
        back = unpack(data)
    except ValueError:
        return
    if back.game is not None:
        encode(back.game)


GOOD = [
    pack(sample_save(p, seed=s, moves=m))
    for p, s, m in ((2, 1, 0), (3, 2, 11), (4, 3, 30), (2, 4, 44))
]


@settings(max_examples=1500, deadline=None)
@given(
    st.sampled_from(GOOD),
    st.lists(
        st.tuples(st.integers(0, 400), st.integers(0, 255), st.integers(0, 2)),
        min_size=1,
        max_size=4,
    ),
)
def test_mutated_saves_only_ever_raise_value_error(base, edits):
    data = bytearray(base)
    for pos, val, op in edits:
        pos %= len(data) + 1
        if op == 0 and pos < len(data):
            data[pos] = val
        elif op == 1:
            data[pos:pos] = bytes((val,))
        else:
            del data[pos : pos + 1 + val % 4]
    try:
        back = unpack(bytes(data))
    except ValueError:
        return
    if back.game is not None:
        g = back.game
        if g.winner < 0 and not g.round_over():
            assert legal_moves(g)
        unpack(pack(back))


# --- resuming: the computers choose exactly as they would have -------------------


def run(sv, stop=None):
    """Play sv's game with computers in every seat; returns the move list."""
    moves = []
    g = sv.game
    while g.winner < 0:
        if g.round_over():
            profile.record_round(sv.stats, g, sv.seats)
            finish_round(g)
            continue
        level = sv.seats[g.turn] or "easy"
        m = choose_move(g, level, sv.next_seed())
        moves.append(m)
        play(g, m)
        if stop is not None and len(moves) == stop:
            return moves
    return moves


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_resumed_game_continues_identically(players, seed):
    sv = Save()
    sv.settings.players = players
    sv.settings.seats = ["easy", "medium", "hard", "easy"]
    profile.start_game(sv, seed)
    whole = run(sv)
    sv2 = Save()
    sv2.settings = sv.settings
    profile.start_game(sv2, seed)
    first = run(sv2, stop=len(whole) // 2)
    resumed = unpack(pack(sv2))
    rest = run(resumed)
    assert first + rest == whole
    assert encode(resumed.game) == encode(sv.game)


def test_next_seed_depends_on_the_count_only():
    a = Save()
    profile.start_game(a, 3)
    a.ai_seed = 77
    seeds = [a.next_seed() for _ in range(5)]
    b = unpack(pack(a))
    assert b.ai_count == 5
    a.ai_count = 2
    assert [a.next_seed() for _ in range(3)] == seeds[2:]
    assert len(set(seeds)) == 5 and all(0 <= s < 1 << 32 for s in seeds)


# --- statistics --------------------------------------------------------------------


def finished(players, winner_side, scores):
    g = new_game(players, 1)
    g.winner = winner_side
    g.scores = scores
    return g


def test_record_game_counts_by_hardest_opponent_and_players():
    stats = [0] * profile.NSTATS
    profile.record_game(stats, finished(3, 0, [23, 15, 20]), [None, "easy", "hard"])
    assert stats[profile.PLAYED + 3] == 1 and stats[profile.WON + 3] == 1
    assert stats[profile.BY_N + 1] == 1 and stats[profile.WON_N + 1] == 1
    assert stats[profile.MARGIN] == 3
    profile.record_game(stats, finished(4, 0, [21, 22]), ["medium", None, "easy", "easy"])
    assert stats[profile.PLAYED + 2] == 1 and stats[profile.WON + 2] == 0  # side 1 lost
    assert stats[profile.BY_N + 2] == 1 and stats[profile.WON_N + 2] == 0
    profile.record_game(stats, finished(4, 1, [10, 30]), ["medium", None, "easy", "easy"])
    assert stats[profile.WON + 2] == 1 and stats[profile.MARGIN] == 20
    profile.record_game(stats, finished(2, 0, [21, 0]), ["easy", "hard"])  # no person: not counted
    profile.record_game(stats, finished(2, 1, [0, 21]), [None, None])  # pass and play
    assert stats[profile.PLAYED + 0] == 1 and stats[profile.WON + 0] == 0  # played only
    assert sum(stats[profile.PLAYED : profile.PLAYED + 4]) == 4
    assert stats[profile.BY_N] == 0  # (not with the games against the computers)


def test_a_finished_game_is_recorded_and_dropped():
    sv = Save()
    sv.settings.seats = [None, "hard", None, None]
    profile.start_game(sv, 9)
    run(sv)
    sv.seats = [None, "hard"]
    won = sv.game.winner == 0
    profile.record_game(sv.stats, sv.game, sv.seats)  # as the game-over screen does
    sv.game = None
    assert sv.game is None and sv.stats[profile.PLAYED + 3] == 1
    assert sv.stats[profile.WON + 3] == int(won)
    assert sv.stats[profile.ROUNDS] >= 1
    assert unpack(pack(sv)).stats == sv.stats
