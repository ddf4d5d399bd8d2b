"""lib/store.py (and its crc32), tools/sim/filenvm.py, session.open_save: the crash-safe save
store."""

import os
import random
import subprocess
import sys
import zlib

import pytest

import store
from store import Store, UNREADABLE, HEADER, crc32
from tools.sim.filenvm import FileNvm
from session import open_save
from engine import savegame, profile
from engine.codec import encode
from tools.soak.fake_nvm import SIZE, PAGE, POINTS, Nvm, PowerCut, cut_everywhere

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIB = os.path.join(ROOT, "lib")


def fresh_load(nvm):
    return Store(nvm).load()


# --- CRC ---------------------------------------------------------------------


def test_crc32_matches_zlib():
    rnd = random.Random(1)
    assert crc32(b"123456789") == 0xCBF43926
    assert crc32(b"") == 0
    for n in list(range(40)) + [255, 256, 1000, 4083]:
        data = bytes(rnd.getrandbits(8) for _ in range(n))
        assert crc32(data) == zlib.crc32(data)
        assert crc32(data, 0x12345678) == zlib.crc32(data, 0x12345678)
        half = n // 2
        assert crc32(data[half:], crc32(data[:half])) == zlib.crc32(data)


# --- round trips -------------------------------------------------------------


def test_empty_store_is_clean():
    for fill in (0xFF, 0x00):
        assert fresh_load(Nvm(fill)) == (None, None)


def test_round_trip_alternates_slots_and_keeps_newest():
    nvm = Nvm()
    st = Store(nvm)
    assert st.load() == (None, None)
    payloads = [b"", b"a", b"hello" * 40, bytes(range(200)), b"x" * (st.half - HEADER)]
    slots = []
    for i, p in enumerate(payloads):
        assert st.save(p) is True
        slots.append(st.slot)
        assert fresh_load(nvm) == (p, None)
        assert st.seq == i + 1
    assert slots == [0, 1, 0, 1, 0]
    assert nvm.writes == len(payloads)  # one slice assignment per save


def test_identical_save_spends_no_write():
    nvm = Nvm()
    st = Store(nvm)
    assert st.save(b"same")
    assert not st.save(b"same")
    assert Store(nvm).save(b"same") is False  # a fresh Store knows it too
    assert nvm.writes == 1
    assert st.save(b"other") and nvm.writes == 2


def test_too_big_is_refused_and_changes_nothing():
    nvm = Nvm()
    st = Store(nvm)
    st.save(b"keep")
    with pytest.raises(ValueError):
        st.save(b"x" * (st.half - HEADER + 1))
    assert fresh_load(nvm) == (b"keep", None)


def test_store_over_part_of_the_nvm():
    nvm = Nvm()
    st = Store(nvm, start=1024, size=2048)
    st.save(b"abc")
    st.save(b"defg")
    assert nvm.data[:1024] == b"\xff" * 1024 and nvm.data[3072:] == b"\xff" * (SIZE - 3072)
    assert Store(nvm, 1024, 2048).load() == (b"defg", None)


# --- torn writes -------------------------------------------------------------


def game_payload(seed, moves):
    from engine.movegen import legal_moves
    from engine.play import play

    sv = savegame.Save()
    sv.settings.players = 2 + seed % 3
    profile.start_game(sv, seed)
    rnd = random.Random(seed)
    for _ in range(moves):
        if sv.game.round_over():
            break
        play(sv.game, rnd.choice(legal_moves(sv.game)))
    return savegame.pack(sv)


def test_torn_write_at_every_cut_point_gives_old_or_new():
    # every point of the firmware's erase-then-program sequence (fake_nvm.py)
    old_games = [None, game_payload(3, 5), game_payload(4, 0)]
    new = game_payload(5, 17)
    for old in old_games:
        base = Nvm()
        if old is not None:
            Store(base).save(b"first")  # the slot the new record will overwrite
            Store(base).save(old)
        got = cut_everywhere(bytes(base.data), lambda nvm: Store(nvm).save(new), fresh_load)
        for c, (payload, message) in enumerate(got):
            assert payload in (old, new, None), c
            assert message in (None, UNREADABLE), c
            if c == POINTS - 1:
                assert payload == new
        # once both slots' page is back, the new record is there
        assert all(p == new for p, _ in got[PAGE // 16 :])


def test_the_next_save_after_any_cut_works():
    new = game_payload(6, 9)
    base = Nvm()
    Store(base).save(game_payload(2, 3))
    for c in range(0, POINTS, 7):
        nvm = Nvm()
        nvm.data[:] = base.data
        nvm.cut = c
        with pytest.raises(PowerCut):
            Store(nvm).save(new)
        _, sv, msg = open_save(nvm)
        assert msg in (None, UNREADABLE)
        again = Store(nvm)
        again.load()
        assert again.save(b"next")
        assert fresh_load(nvm) == (b"next", None)


def game_payloads(seed, players, every=12):
    """The save payloads of a random game, one every `every` moves."""
    from engine.movegen import legal_moves
    from engine.play import play
    from engine.scoring import finish_round

    sv = savegame.Save()
    sv.settings.players = players
    profile.start_game(sv, seed)
    rnd = random.Random(seed)
    out = [savegame.pack(sv)]
    k = 0
    while sv.game.winner < 0:
        play(sv.game, rnd.choice(legal_moves(sv.game)))
        if sv.game.round_over():
            finish_round(sv.game)
        k += 1
        if k % every == 0:
            out.append(savegame.pack(sv))
    return out


def cut_share(payloads):
    """Each payload saved in turn, the power cut at every point of every write: (cut points
    after which nothing is readable, after which the newest record is lost, all cut points)."""
    nvm = Nvm()
    lost = stale = total = 0
    for p in payloads:
        before = bytes(nvm.data)
        for payload, _ in cut_everywhere(before, lambda n, p=p: Store(n).save(p), fresh_load):
            total += 1
            lost += payload is None
            stale += payload != p
        Store(nvm).save(p)
    return lost, stale, total


def test_share_of_cut_points_that_lose_everything_is_the_first_records():
    # Nothing can be read back only from the erase until the record at address 0 is
    # programmed again: at most ceil(record / 16) of the 513 points of a write (<= 13).
    for players in (2, 4):
        payloads = game_payloads(players, players)[:8]
        lost, stale, total = cut_share(payloads[1:])
        assert total == POINTS * (len(payloads) - 1)
        worst = (HEADER + max(len(p) for p in payloads) + 15) // 16
        assert lost <= worst * (len(payloads) - 1)
        assert lost / total < 0.03, (lost, total)
        assert stale / total < 0.04, (stale, total)  # both slots are back with page 0
        print(
            "%d players: %d of %d cut points (%.1f%%) leave nothing readable, %d (%.1f%%) "
            "the save before"
            % (
                players,
                lost,
                total,
                100.0 * lost / total,
                stale - lost,
                100.0 * (stale - lost) / total,
            )
        )


def test_a_record_never_leaves_the_first_page():
    # the largest save there can be (4 players, every card in a build or a pile) fits a slot
    for players in (2, 3, 4):
        for seed in range(6):
            for p in game_payloads(seed, players, every=1):
                assert HEADER + len(p) <= 256 - 16, len(p)


# --- damaged stores ----------------------------------------------------------


def one_record(payload=b"payload!"):
    nvm = Nvm()
    Store(nvm).save(payload)
    return nvm


def test_every_flipped_byte_of_a_lone_record_is_reported():
    payload = game_payload(9, 4)
    for i in range(HEADER + len(payload)):
        nvm = one_record(payload)
        nvm.data[i] ^= 0x5A
        assert fresh_load(nvm) == (None, UNREADABLE), i
        _, sv, msg = open_save(nvm)
        assert msg == UNREADABLE and sv.game is None


def test_damaged_newer_record_falls_back_to_older():
    nvm = Nvm()
    Store(nvm).save(b"older")
    Store(nvm).save(b"newer")
    nvm.data[256 + HEADER] ^= 1  # the newer one is in slot 1, at 256
    assert fresh_load(nvm) == (b"older", None)


def test_truncated_record_is_reported():
    for cut in (1, 5, HEADER, HEADER + 3):
        nvm = one_record(b"0123456789")
        nvm.data[cut:256] = b"\xff" * (256 - cut)
        assert fresh_load(nvm) == (None, UNREADABLE)
    nvm = one_record(b"0123456789")
    nvm.data[7:9] = bytes((0xFF, 0xFF))  # length beyond the slot
    assert fresh_load(nvm) == (None, UNREADABLE)


def record(payload, fmt=store.FORMAT, seq=1, magic=store.MAGIC):
    h = bytearray(magic) + bytes((fmt,)) + seq.to_bytes(4, "big") + len(payload).to_bytes(2, "big")
    return bytes(h) + zlib.crc32(bytes(h) + payload).to_bytes(4, "big") + payload


def test_older_or_newer_format_is_reported_not_read():
    assert record(b"abc") == bytes(one_record(b"abc").data[: HEADER + 3])
    for fmt in (0, 2, 255):
        nvm = Nvm()
        r = record(b"abc", fmt=fmt)
        nvm.data[: len(r)] = r
        assert fresh_load(nvm) == (None, UNREADABLE)
        _, sv, msg = open_save(nvm)
        assert msg == UNREADABLE


def test_unreadable_payload_and_unreadable_game_give_the_message():
    nvm = Nvm()
    Store(nvm).save(b"\x09junk")  # good record, not a save
    _, sv, msg = open_save(nvm)
    assert msg == UNREADABLE and sv.game is None
    sv = savegame.Save()
    sv.settings.mute = True
    sv.stats[profile.ROUNDS] = 7
    profile.start_game(sv, 1)
    data = bytearray(savegame.pack(sv))
    data[-5] ^= 0xFF  # the game's codec bytes: last card list (then the table's 4 bytes)
    nvm = Nvm()
    Store(nvm).save(bytes(data))
    _, back, msg = open_save(nvm)
    assert msg == UNREADABLE and back.game is None
    assert back.settings.mute and back.stats[profile.ROUNDS] == 7  # they survive


# --- fuzz ----------------------------------------------------------------------


def check_open(nvm):
    payload, message = fresh_load(nvm)
    assert payload is None or isinstance(payload, bytes)
    assert message in (None, UNREADABLE)
    assert payload is None or message is None
    _, sv, msg = open_save(nvm)
    assert msg in (None, UNREADABLE)
    assert isinstance(sv, savegame.Save)
    return sv


def test_fuzz_random_and_mutated_records():
    rnd = random.Random(2024)
    goods = [game_payload(s, rnd.randrange(60)) for s in range(12)]
    kinds = {"random": 0, "mutated": 0, "forged": 0, "loaded": 0}
    for _trial in range(3000):
        nvm = Nvm(fill=rnd.choice((0xFF, 0x00)))
        for slot in (0, 1):
            o = slot * 256
            what = rnd.randrange(4)
            if what == 0:  # random bytes, sometimes behind a good header start
                n = rnd.randrange(1, 300)
                junk = bytes(rnd.getrandbits(8) for _ in range(n))
                if rnd.random() < 0.5:
                    junk = store.MAGIC + bytes((store.FORMAT,)) + junk
                nvm.data[o : o + len(junk)] = junk
                kinds["random"] += 1
            elif what == 1:  # a good record with a few bytes changed
                r = bytearray(record(rnd.choice(goods), seq=rnd.randrange(1, 9)))
                for _ in range(rnd.randrange(1, 4)):
                    r[rnd.randrange(len(r))] = rnd.getrandbits(8)
                nvm.data[o : o + len(r)] = r
                kinds["mutated"] += 1
            elif what == 2:  # a mutated payload behind a correct CRC
                p = bytearray(rnd.choice(goods))
                for _ in range(rnd.randrange(1, 4)):
                    op = rnd.randrange(3)
                    i = rnd.randrange(len(p) + 1)
                    if op == 0 and i < len(p):
                        p[i] = rnd.getrandbits(8)
                    elif op == 1:
                        del p[i:]
                    else:
                        p[i:i] = bytes((rnd.getrandbits(8),))
                r = record(bytes(p), seq=rnd.randrange(1, 9))
                nvm.data[o : o + len(r)] = r
                kinds["forged"] += 1
        sv = check_open(nvm)
        if sv.game is not None:
            kinds["loaded"] += 1
            encode(sv.game)
    assert min(kinds["random"], kinds["mutated"], kinds["forged"]) > 500, kinds
    assert kinds["loaded"] > 20, kinds


# --- FileNvm -------------------------------------------------------------------


def test_file_nvm_persists_every_assignment(tmp_path):
    path = str(tmp_path / "nvm.bin")
    nvm = FileNvm(path)
    assert len(nvm) == SIZE and os.path.getsize(path) == SIZE
    assert nvm[0:4] == b"\xff" * 4  # a fresh board's erased flash
    st, sv, msg = open_save(nvm)
    assert msg is None and sv.game is None
    profile.start_game(sv, 11)
    assert st.save(savegame.pack(sv))  # what session.write does
    assert not st.save(savegame.pack(sv))
    st2, back, msg = open_save(FileNvm(path))
    assert msg is None and savegame.pack(back) == savegame.pack(sv)
    with pytest.raises(ValueError):
        nvm[0:4] = b"abc"
    nvm[5] = 7
    assert FileNvm(path)[5] == 7


def test_file_nvm_short_file_is_padded(tmp_path):
    path = str(tmp_path / "short.bin")
    with open(path, "wb") as f:
        f.write(b"\x00" * 100)
    nvm = FileNvm(path)
    assert len(nvm) == SIZE and nvm[99] == 0 and nvm[100] == 0xFF
    assert fresh_load(nvm) == (None, None)


@pytest.mark.parametrize("kind", ["board model", "desktop file"])
def test_nvm_stand_ins_slice_as_the_board(tmp_path, kind):
    # shared-bindings/nvm/ByteArray.c: a slice reads as a new bytearray, clamped to the block
    # as Python clamps slices; step 1 only; an assignment as long as the clamped slice
    nvm = Nvm() if kind == "board model" else FileNvm(str(tmp_path / "nvm.bin"))
    r = nvm[0:4]
    assert type(r) is bytearray and r == b"\xff" * 4
    assert len(nvm[SIZE - 2 : SIZE + 100]) == 2 and len(nvm[5:3]) == 0 and len(nvm[-3:]) == 3
    nvm[SIZE - 2 : SIZE + 100] = b"ab"
    assert nvm[-1] == ord("b") and nvm[SIZE - 2] == ord("a")
    with pytest.raises(NotImplementedError):
        nvm[0:4:2]
    with pytest.raises(ValueError):
        nvm[SIZE - 2 : SIZE + 100] = b"abc"


# --- the board's limits ----------------------------------------------------------

MINE = ["lib/store.py", "lib/session.py", "engine/savegame.py", "engine/profile.py"]


@pytest.mark.parametrize("path", MINE)
def test_module_compiles_in_32k_heap(path):
    mp = os.path.join(os.path.dirname(sys.executable), "micropython")
    if not os.path.exists(mp):
        pytest.skip("no micropython")
    code = "compile(open(%r).read(), %r, 'exec')" % (os.path.join(ROOT, path), path)
    done = subprocess.run(
        [mp, "-X", "heapsize=32k", "-c", code], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr


def test_store_runs_under_micropython():
    mp = os.path.join(os.path.dirname(sys.executable), "micropython")
    if not os.path.exists(mp):
        pytest.skip("no micropython")
    script = (
        "from store import Store, crc32\n"
        "assert crc32(b'123456789') == 0xCBF43926\n"
        "nvm = bytearray(b'\\xff' * 8192)\ns = Store(nvm)\n"
        "assert s.load() == (None, None)\n"
        "for i in range(5): s.save(bytes([i]) * 100)\n"
        "p, m = Store(nvm).load()\nassert p == bytes([4]) * 100 and m is None\n"
        "nvm[20] ^= 1\nassert Store(nvm).load() == (bytes([3]) * 100, None)\n"
        "print('ok')\n"
    )
    done = subprocess.run(
        [mp, "-X", "heapsize=48k", "-c", script],
        capture_output=True,
        text=True,
        timeout=60,
        env=dict(os.environ, MICROPYPATH=LIB),
    )
    assert done.stdout.strip() == "ok", done.stderr
