"""The app's board time (tools/bench/app_time.py): what the figures and budgets read from a run's
lines, the ROMFS it builds, and, where the M4 VM is built, a boot on it."""

import os

import pytest

from tools.bench import app_time
from tools.bench import board_time
from tools.box import m4vm


def run(boot_ms, keys_ms, idle_instr=30_000):
    at = board_time.instructions_for
    return {
        "T": {
            "boot to the title": [at(boot_ms)],
            "play: cursor move": [at(k) for k in keys_ms],
            "idle frame: the title": [idle_instr] * 5,
        },
        "W": {},
        "C": {},
        "D": [],
        "status": "END",
        "I": [
            (0, 1, "engine.rng", 2_000_000),
            (0, 1, "engine.cards", 1_000_000),
            (0, 0, "engine.state", 6_000_000),
            (0, 0, "gfx", 4_000_000),
            (1, 0, "screen_rules", 9_000_000),
        ],
    }


def test_boot_past_its_budget_or_a_key_past_30_ms_is_over_budget():
    # boot: 0.5 s from the release's bytecode, 1.5 s with every module compiled from .py
    ok = {what: met for what, _, _, met in app_time.verdicts(run(450, [5, 20]))}
    assert ok == {"boot to the title": True, "play: cursor move (largest)": True}
    over = {what: met for what, _, _, met in app_time.verdicts(run(600, [5, 31]))}
    assert over == {"boot to the title": False, "play: cursor move (largest)": False}
    from_py = {what: met for what, _, _, met in app_time.verdicts(run(1400, [5]), "py")}
    assert from_py["boot to the title"]
    assert not dict((w, m) for w, _, _, m in app_time.verdicts(run(1600, [5]), "py"))[
        "boot to the title"
    ]


def test_a_page_past_60_ms_or_a_new_games_table_past_1_s_is_over_budget():
    at = board_time.instructions_for
    figures = run(400, [5])
    figures["T"]["rules: first show"] = [at(55)]
    figures["T"]["title: back from a page"] = [at(40), at(65)]
    figures["T"]["play: first show (a new game)"] = [at(1100)]
    ok = {what: met for what, _, _, met in app_time.verdicts(figures)}
    assert ok["rules: first show"] and not ok["title: back from a page (largest)"]
    assert not ok["play: first show (a new game)"]


def test_each_boot_import_is_its_own_instructions_without_the_imports_under_it():
    assert app_time.imports(run(1000, [5])) == [
        (4_000_000, "gfx"),
        (3_000_000, "engine.state"),
        (2_000_000, "engine.rng"),
        (1_000_000, "engine.cards"),
    ]


def test_an_idle_frame_is_its_share_of_a_second_at_50_frames():
    instr, share = app_time.idle_share(run(1000, [5], idle_instr=130_435))["idle frame: the title"]
    assert share == pytest.approx(board_time.board_ms(130_435) / 20)
    assert 0.099 < share < 0.101


def test_the_vm_holds_the_boards_drive_and_the_stand_ins_as_bytecode():
    from tools.release.files import ours

    files = app_time.guest_files()
    drive = dict(ours())  # repository path: its path on the drive
    assert "code.py" in files and drive["lib/app.py"][:-3] + ".mpy" in files
    assert files[drive["engine/state.py"][:-3] + ".mpy"][:2] == b"C\x06"  # the release's
    assert drive["engine/state.py"] in app_time.guest_files(source="py")
    assert any(f.endswith(".bmp") for f in files)
    assert not [f for f in files if f.endswith("platform_host.py")]
    names = sorted(
        n
        for n in os.listdir(os.path.join(m4vm.ROOT, "tools", "box", "standins"))
        if n.endswith(".py")
    )
    standins = [f for f in files if f in names or f in [n[:-3] + ".mpy" for n in names]]
    assert len(standins) == len(names)  # each at the ROMFS's root, on the VM's sys.path
    assert "displayio.mpy" in standins or "displayio.py" in standins
    for f in standins:
        assert files[f][:1] == b"C" or f.endswith(".py")  # CircuitPython's mpy header


@pytest.mark.skipif(m4vm.binary() is None, reason="the M4 VM is not built (docs/BOARD.md)")
def test_the_app_boots_to_its_title_on_the_m4_vm_with_the_stand_ins_taken_out():
    figures = app_time.measure(until="boot")
    assert figures["status"] == "END"
    boot = figures["T"]["boot to the title"][0]
    assert 20e6 < boot < 400e6
    assert figures["C"]["stand-in calls"] > 100
    assert dict((name, i) for i, name in app_time.imports(figures))["app"] > 1e6
