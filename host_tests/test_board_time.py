"""The board's CPU on the desk (tools/box/m4vm.py) and board time (tools/bench/board_time.py):
what a count of instructions means in board milliseconds, the budgets' verdicts, and the
properties a Cortex-M4 VM must have. The M4 VM's own run is checked only where it is built."""

import struct

import pytest

from tools.bench import board_time
from tools.box import m4vm


def test_board_ms_is_instructions_at_the_cpi_and_clock_with_the_collector():
    # 120 MHz, CPI 1.6, the collector's 1.15: 120 M instructions take 1.84 s
    assert board_time.board_ms(120_000_000) == pytest.approx(1840.0)
    assert board_time.board_ms(120_000_000, 1.0) == pytest.approx(1150.0)
    assert board_time.board_ms(120_000_000, 2.5) == pytest.approx(2875.0)
    for ms in (30, 600, 1500):
        assert board_time.board_ms(board_time.instructions_for(ms)) == pytest.approx(ms)


def test_spread_gives_the_median_90th_percentile_and_slowest():
    assert board_time.spread(list(range(100, 0, -1))) == (100, 51, 91, 100)
    assert board_time.spread([7]) == (1, 7, 7, 7)


def counts(hard, easy=(1_000_000,)):
    return {"D": {("hard", "2p"): list(hard), ("easy", "3p"): list(easy)}, "O": [1]}


def test_a_decision_past_1_5_s_or_a_hard_median_past_600_ms_is_over_budget():
    at = board_time.instructions_for
    ok = {what: met for what, _, _, met in board_time.verdicts(counts([at(500)] * 5))}
    assert ok == {
        "hard's slowest decision": True,
        "hard's median decision": True,
        "easy's slowest decision": True,
    }
    slow = counts([at(500)] * 4 + [at(1600)])
    assert not dict((w, m) for w, _, _, m in board_time.verdicts(slow))["hard's slowest decision"]
    typical = counts([at(700)] * 3 + [at(100)] * 2)
    assert not dict((w, m) for w, _, _, m in board_time.verdicts(typical))["hard's median decision"]


def test_with_the_games_set_hard_s_median_is_judged_on_it_and_the_slowest_on_both():
    at = board_time.instructions_for
    c = {"D": {("hard", "game2p"): [at(500)] * 3, ("hard", "crowded16"): [at(900)] * 5}, "O": [1]}
    rows = {what: (ms, met) for what, ms, _, met in board_time.verdicts(c, ("hard",))}
    assert rows["hard's median decision on the games' set"] == (pytest.approx(500), True)
    assert rows["hard's slowest decision"] == (pytest.approx(900), True)
    c["D"][("hard", "crowded12")] = [at(1600)]
    assert not dict((w, m) for w, _, _, m in board_time.verdicts(c, ("hard",)))[
        "hard's slowest decision"
    ]
    assert [(name, n) for name, n, _, _ in board_time.sets(c)] == [
        ("the games' set", 3),
        ("the crowded tables", 6),
    ]


def test_the_games_set_is_whole_games_of_each_size_the_same_by_seed():
    import os
    import sys

    bench = os.path.join(os.path.dirname(__file__), "..", "tools", "bench")
    sys.path.insert(0, bench)
    try:
        import positions_mp as B
    finally:
        sys.path.remove(bench)

    def kinds():
        return [(kind, k, len(s.deck)) for kind, s, k in B.whole_game_positions(1, 8)]

    got = kinds()
    assert got == kinds()
    assert {kind for kind, _, _ in got} >= {"game2p", "game3p", "game4p"}
    assert len(got) > 40  # a whole game is rounds long, not one


def test_the_table_has_a_row_a_kind_and_one_for_all_of_a_level():
    import io

    out = io.StringIO()
    board_time.table(counts([2_000_000, 4_000_000]), ("hard", "easy"), out)
    rows = [line for line in out.getvalue().splitlines() if line.startswith("| hard")]
    assert [r.split(" | ")[1] for r in rows] == ["2p", "**all**"]
    assert "| 2 | 4.00 M | 4.00 M | 4.00 M |" in rows[0]


def attributes(tags):
    """An .ARM.attributes section holding tags (ints, a Tag_CPU_name string) as gcc writes it."""
    body = b""
    for tag, value in tags:
        body += bytes([tag]) + (
            value.encode() + b"\0" if isinstance(value, str) else bytes([value])
        )
    sub = b"\x01" + struct.pack("<I", 5 + len(body)) + body
    vendor = b"aeabi\0" + sub
    return b"A" + struct.pack("<I", 4 + len(vendor)) + vendor


M4F = [(5, "7E-M"), (6, 13), (7, ord("M")), (9, 2), (10, 6), (27, 1), (28, 1)]


def test_the_cpu_tags_read_a_cortex_m4f_build_and_refuse_others():
    tags = m4vm.cpu_tags(attributes(M4F))
    assert tags[5] == "7E-M" and all(tags[k] == v for k, v in m4vm.CORTEX_M4F.items())
    m3 = [(5, "7-M"), (6, 10), (7, ord("M")), (9, 2)]  # a Cortex-M3, no FPU
    assert any(m4vm.cpu_tags(attributes(m3)).get(k) != v for k, v in m4vm.CORTEX_M4F.items())
    m7 = M4F[:4] + [(10, 8), (27, 0)]  # double-precision FPv5
    assert any(m4vm.cpu_tags(attributes(m7)).get(k) != v for k, v in m4vm.CORTEX_M4F.items())


GOOD = {
    "name": "circuitpython",
    "machine": "mps2-an386 with Cortex-M4F",
    "loops": [(3500, 21000)] * 2,
    "maxsize": str(2**31 - 1),
    "mpz": "True",
    "float30": "True",
    "heap": "150016",
    "pystack": "True 2040",
    "romfs": "/rom/m4probe.py 416",
}


@pytest.fixture
def m4_elf(tmp_path, monkeypatch):
    monkeypatch.setattr(m4vm, "elf_facts", lambda path: (True, attributes(M4F)))
    return str(tmp_path / "firmware.elf")


@pytest.mark.parametrize(
    "fact, value, says",
    [
        ("name", "micropython", "not CircuitPython"),
        ("loops", [(3500, 21000), (3900, 21400)], "does not count instructions"),
        ("loops", [(3500, 3600)] * 2, "does not count instructions"),
        ("maxsize", str(2**63 - 1), "not 32-bit"),
        ("mpz", "False", "MPZ"),
        ("float30", "False", "30-bit floats"),
        ("heap", "2097152", "heap of 2097152"),
        ("pystack", "False 0", "no pystack"),
        ("pystack", "True 1530", "pystack of about 1530"),
        ("romfs", "/m4probe.py 416", "not loaded from the ROMFS"),
        ("romfs", "/rom/m4probe.mpy 0", "not loaded from the ROMFS"),
    ],
)
def test_each_missing_property_is_named(m4_elf, fact, value, says):
    assert m4vm.problems(m4_elf, GOOD) == []
    facts = dict(GOOD, **{fact: value})
    wrong = m4vm.problems(m4_elf, facts)
    assert len(wrong) == 1 and says in wrong[0], wrong


def test_a_romfs_image_holds_every_file():
    image = m4vm.romfs({"a.py": b"x = 1\n", "engine/b.py": b"y = 2\n"})
    assert image[:3] == b"\xd2\xcd\x31"  # the ROMFS header (mpremote's VfsRomWriter)
    assert b"a.py" in image and b"engine" in image and b"b.py" in image and b"y = 2\n" in image


@pytest.mark.skipif(m4vm.binary() is None, reason="the M4 VM is not built (docs/BOARD.md)")
def test_the_m4_vm_is_the_boards_cpu_and_counts_a_decision_the_same_twice():
    assert m4vm.check(out=lambda line: None)
    files = board_time.guest_files()
    code = (
        "import board_time_mp as T\nfrom engine.state import new_game\n"
        "s = new_game(2, 5)\nprint(T.count(T.choose_move, s, 'medium', 1))\n"
    )
    runs = []
    for _ in range(2):
        with m4vm.VM(files) as vm:
            runs.append(int(vm.run(code)))
    assert runs[0] > 100 and abs(runs[0] - runs[1]) <= 2


@pytest.mark.skipif(m4vm.binary() is None, reason="the M4 VM is not built (docs/BOARD.md)")
def test_the_search_clock_never_cuts_a_hard_decision_at_the_boards_speed():
    # the board model (CPI 1.6, the collector's 1.15, 120 MHz) on the M4 VM's own clock: the
    # table's 2 s stop() never fires on seed 1's bench positions, so the board decides as the
    # desk does (and a clock of a tenth of it does fire: the test can tell)
    # (every third game and table: a minute of the VM)
    rows = board_time.clock_fired(1, part=1, parts=3)
    assert len(rows) > 50 and {kind for kind, _, _ in rows} >= set(board_time.KINDS)
    assert not [r for r in rows if r[2]], [r for r in rows if r[2]][:5]
    short = board_time.clock_fired(1, ms=board_time.SEARCH_MS // 10, part=0, parts=9)
    assert any(fired for _, _, fired in short)
