# The board check (lib/check.py, lib/screen_check.py) and its host tool (tools/check/report.py):
# the check run through the app on the desktop's platform (the host's clocks), its report's
# format and its pages' fit on the screen, the save and the statistics untouched, the chord at
# boot, and the tool reading a report: the box's, a board's that differs from the model, and
# pastes cut short or garbled.
import io
import os
import sys

import pytest

from app_helpers import K, ROOT, make_app
from tools.check import report as tool
from tools.soak.fake_nvm import Nvm
import check
import check_model
import gfx

REPORTS = os.path.join(ROOT, "host_tests", "check_reports")


@pytest.fixture(autouse=True)
def modules_kept():
    """The modules as they were before each test: the check lets a game's modules and its own
    go (and loads them), which other tests' imports must not see."""
    kept = dict(sys.modules)
    engine = sys.modules["engine"]
    attrs = dict(vars(engine))
    yield
    sys.modules.clear()
    sys.modules.update(kept)
    for k, v in attrs.items():
        setattr(engine, k, v)


def run_check(app, p):
    """The title's Board check chosen and run to its report (its module loaded by the app,
    as on the board)."""
    sys.modules.pop("check", None)
    app.show("title")
    items = app.screen.items
    while items[app.screen.menu.row] != "Board check":
        app.step(K.DOWN, p.ticks())
    app.step(K.A, p.ticks())
    assert app.name == "check"
    for _ in range(400):
        if app.screen.stage == 2:
            break
        app.step(0, p.ticks())
    assert app.screen.stage == 2


def printed(capsys):
    out = capsys.readouterr().out.splitlines()
    start = out.index(check.BEGIN)
    return out[start : out.index(check.END) + 1]


def test_the_check_runs_in_the_app_and_its_report_reads_back(capsys):
    app, p = make_app()
    run_check(app, p)
    lines = printed(capsys)
    assert lines[1] == "format %d" % check.FORMAT
    names = [ln.split()[0] for ln in lines[1:-1]]
    for name in ("game", "board", "firmware", "game_hands", "flash_write_us", "bench", "model"):
        assert name in names, name
    rep = tool.read("\n".join(lines))
    assert rep["fields"]["game"] == open(os.path.join(ROOT, "VERSION")).read().strip()
    assert rep["fields"]["game_hands"] == check.HANDS and rep["fields"]["game_moves"] > 0
    # every level on every bench position, timed on the host's clock
    assert len(rep["bench"]) == 3 * len(check.BENCH)
    assert sum(us for _, _, _, us in rep["bench"]) > 0
    assert {(b[0], b[1]) for b in rep["bench"]} == set(check.BENCH)
    # every line of its screen within its Text (gfx.Text.set drops what is past it)
    scr = app.screen
    for _ in (0, 1):  # both pages
        for t in [scr.title, scr.help] + scr.lines:
            assert len(t.text) <= t.width, t.text
        app.step(K.RIGHT, p.ticks())
    # the pages, then back: the check's modules go
    app.step(K.RIGHT, p.ticks())
    assert app.screen.k == 1 and app.screen.lines[0].text.startswith("bench")
    app.step(K.B, p.ticks())
    assert app.name == "title"
    assert "check" not in sys.modules and "screen_check" not in sys.modules
    sys.modules["check"] = check  # (this module's import, for the tests after)


def test_the_check_leaves_the_save_and_the_statistics_byte_for_byte(capsys):
    # a save with a game in it and statistics, on the nvm's stand-in: every byte the same after
    app, p = make_app()
    p.bytes = nvm = Nvm()
    app.open_save()
    app.save.stats[0] = 7
    app.save.stats[16] = 5
    app.game = None
    app.show("play")  # a new game, saved
    assert app.save.game is not None
    app.persist()
    app.show("title")
    before = bytes(nvm.data) if hasattr(nvm, "data") else bytes(nvm[0 : len(nvm)])
    stats = list(app.save.stats)
    saved = app.last
    assert "screen_play" in sys.modules
    run_check(app, p)
    assert "screen_play" not in sys.modules  # what the game left loaded went first
    after = bytes(nvm.data) if hasattr(nvm, "data") else bytes(nvm[0 : len(nvm)])
    assert after == before
    assert app.save.stats == stats and app.last == saved
    rep = tool.read("\n".join(printed(capsys)))
    f = rep["fields"]
    assert f["save_bytes"] > f["settings_bytes"] > 0 and f["flash_write_us"] >= 0
    sys.modules["check"] = check


def test_every_page_line_fits_the_screen():
    # a report of the widest figures: every line within the screen's 31 characters of font 5
    c = check.Check(None)
    c.r.update(
        game="10.20.30",
        board="pybadge_with_a_long_board_name",
        machine="Adafruit PyGamer with samd51j19 and more",
        firmware="circuitpython 10.2.1-beta.3-long",
        battery_mv=4218,
        boot_ms=99999,
        table_ms=99999,
        title_free=9999999,
        title_alloc=999999,
        game_low_free=9999999,
        game_high_alloc=999999,
        game_hands=3,
        save_bytes=256,
        flash_write_us=999999,
    )
    for players, seed in check.BENCH:
        for i in range(3):
            c.times.append((players, seed, i, 9999999))
    name, tw, th = gfx.FONTS[5]
    for k in (0, 1):
        lines = check.page(c, k)
        assert len(lines) <= 11
        for line in lines:
            assert 2 + len(line) * tw <= 160, line
            assert len(line) <= 31, line


def test_the_model_covers_the_bench_and_the_bench_is_positions_mps(monkeypatch):
    assert sorted((c[0], c[1]) for c in check_model.COUNTS) == sorted(check.BENCH)
    assert check_model.BOOT_K > 0 and check_model.TABLE_K > 0 and check_model.MODEL
    monkeypatch.syspath_prepend(os.path.join(ROOT, "tools", "bench"))
    import positions_mp
    from engine.codec import encode
    from engine.state import new_game

    for players, seed in check.BENCH:
        kind, s, k = next(positions_mp.game_positions(players, seed))
        assert k == seed * 1000  # the decision's seed the M4 VM's figures give it
        assert encode(s) == encode(new_game(players, seed))


def test_the_model_tool_writes_what_the_check_reads():
    from tools.check import model

    assert model.bench_positions() == check.BENCH
    text = model.text("M4 VM at abc", 21000, 30000, [((2, 1), [300, 400, 33000])], ["a note"])
    ns = {}
    exec(compile(text, "check_model.py", "exec"), ns)
    assert ns["MODEL"] == "M4 VM at abc" and ns["COUNTS"] == ((2, 1, 300, 400, 33000),)


def test_the_chord_at_boot(monkeypatch):
    from test_app_clock import device

    d, sup, keys, nvm = device(monkeypatch, 0)
    monkeypatch.setattr(sys.modules["platform_device"].time, "sleep", lambda s: None)
    keys.events.queue = [(2, True), (3, True)]  # START and SELECT held as the board starts
    assert d.chord() and keys.events.queue == []
    keys.events.queue = [(2, True)]
    assert not d.chord()
    keys.events.queue = [(3, True), (3, False), (1, True)]
    assert not d.chord()


def test_the_console_check_without_the_game(capsys):
    # SELECT + START at boot: the check before the game loads, to the console
    from tools.sim.platform_host import Scripted

    p = Scripted(nvm=Nvm())
    check.console(p)
    lines = printed(capsys)
    rep = tool.read("\n".join(lines))
    assert "boot_ms" not in rep["fields"] and len(rep["bench"]) == 3 * len(check.BENCH)
    assert rep["fields"]["game_moves"] > 0


def tool_main(text=None, path=None):
    if path is None:
        path = "-"
    out, err = io.StringIO(), io.StringIO()
    if text is not None:
        old = sys.stdin
        sys.stdin = io.StringIO(text)
        try:
            status = tool.main([path], out=out, err=err)
        finally:
            sys.stdin = old
    else:
        status = tool.main([path], out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def test_the_tool_prints_a_board_that_differs_from_the_model():
    status, out, err = tool_main(path=os.path.join(REPORTS, "other_board.txt"))
    assert status == 0 and err == ""
    rows = {ln[:34].strip(): ln[34:].split() for ln in out.splitlines() if len(ln) > 34}
    # boot: 812 ms on the board against the model's instructions at CPI 1.6 x 1.15: the ratio,
    # and the board's cycles an instruction (the collector's share in them)
    model_ms = check_model.BOOT_K * 1000 * 1.6 * 1.15 / 120000
    ratio = 812.0 / model_ms
    assert rows["boot to the title, ms"] == [
        "812.0",
        "%.1f" % model_ms,
        "%.2f" % ratio,
        "%.2f" % (ratio * 1.6 * 1.15),
    ]
    board, model, ratio, cpi = (float(x) for x in rows["bench, hard in all, ms"][:4])
    hard_k = sum(row[4] for row in check_model.COUNTS)
    assert model == pytest.approx(hard_k * 1000 * 1.6 * 1.15 / 120000, abs=0.1)
    assert ratio == pytest.approx(board / model, abs=0.01) and ratio > 1  # a slower board
    assert cpi == pytest.approx(ratio * 1.84, abs=0.01)
    assert rows["largest free block"][:2] == ["not", "given"]  # (CircuitPython has no call)
    peak, _ = tool.box_heap()  # the box's peak from the measured record
    assert rows["its game: most used"][:2] == ["88400", str(peak)]
    assert "Adafruit PyGamer with samd51j19" in out.splitlines()[0]


def test_the_tool_reads_the_boxs_report_through_its_prefix():
    status, out, err = tool_main(path=os.path.join(REPORTS, "box_seed1.txt"))
    assert status == 0, err
    assert "8-byte words" in out and "bench, every decision, ms" in out


@pytest.mark.parametrize(
    "cut, message",
    [
        (lambda t: t[: t.index("bench 3p1")], "cut short"),
        (lambda t: t.replace("boot_ms 812", "boot_ms 8l2"), "cannot be read"),
        (lambda t: t.replace("bench 2p1 hard", "bench 2p1 harder"), "cannot be read"),
        (lambda t: t.replace("format 1", "format 9"), "format 9"),
        (lambda t: "nothing of the kind\n", "no board check report"),
        (lambda t: "", "no board check report"),
        (
            lambda t: t.replace(
                "=== end of the board check ===", "=== Royal Casino board check ==="
            ),
            "cut short",
        ),
    ],
)
def test_a_paste_cut_short_or_garbled_gets_a_message_not_a_traceback(cut, message):
    with open(os.path.join(REPORTS, "other_board.txt")) as f:
        text = f.read()
    status, out, err = tool_main(text=cut(text))
    assert status == 2 and out == ""
    assert message in err and "Traceback" not in err


def test_a_missing_file_is_a_message():
    status, out, err = tool_main(path=os.path.join(REPORTS, "no such report.txt"))
    assert status == 2 and "cannot read" in err


def test_the_check_in_the_loop_on_the_desktops_real_clock(capsys):
    # the simulator's platform (tools/sim/window.py: RealTime over Scripted, here headless): the
    # app's own loop from the title, the boot and the first new game's table on the real clock
    import time

    from app import App
    from tools.sim.platform_host import RealTime, Scripted

    class Desk(RealTime, Scripted):
        pass

    p = Desk(nvm=Nvm())
    p.t0 = time.monotonic()
    app = App(p, seed=1)
    keys = [K.START]  # a new game as set up: its first table

    def source():
        if keys:
            return keys.pop(0)
        if app.name == "play":  # back to the title, then the check
            app.show("title")
            keys.extend([K.UP, K.A])
            return 0
        if app.name == "check" and app.screen.stage == 2:
            return K.STOP
        return 0

    p.source = source
    sys.modules.pop("check", None)
    app.run()
    rep = tool.read("\n".join(printed(capsys)))
    f = rep["fields"]
    assert 0 <= f["boot_ms"] < 60000 and 0 <= f["table_ms"] < 60000
    assert app.up == f["boot_ms"] and app.tabled == f["table_ms"]
    sys.modules["check"] = check


def test_the_console_check_reports_what_failed(capsys, monkeypatch):
    # a board that does not reach the title: the engine's load failing in the bench still gives
    # a report, the error in it and what was measured before
    from tools.sim.platform_host import Scripted

    def bench(self):
        raise ImportError("incompatible .mpy file")
        yield

    monkeypatch.setattr(check.Check, "bench", bench)
    check.console(Scripted(nvm=Nvm()))
    rep = tool.read("\n".join(printed(capsys)))
    assert rep["fields"]["error"] == "bench: ImportError incompatible .mpy file"
    assert "flash_write_us" in rep["fields"] and rep["bench"] == []
    out = "\n".join(tool.table(rep, tool.model()))
    assert "the check stopped at an error: bench: ImportError" in out


def test_a_flash_that_refuses_the_write_is_reported(capsys):
    # the firmware's "Unable to write to nvm." (tools/soak/fake_nvm.py's fail): in the report,
    # the check goes on, and nothing in the flash changed
    from tools.sim.platform_host import Scripted

    nvm = Nvm()
    nvm.fail = True
    before = bytes(nvm.data)
    check.console(Scripted(nvm=nvm))
    rep = tool.read("\n".join(printed(capsys)))
    assert rep["fields"]["flash_error"] == "Unable to write to nvm."
    assert rep["fields"]["flash_write_us"] == -1 and len(rep["bench"]) == 18
    assert bytes(nvm.data) == before
    assert "the flash's write failed" in "\n".join(tool.table(rep, tool.model()))


def test_the_tool_reads_mem_infos_largest_free_block_where_it_was_printed():
    # MicroPython's micropython.mem_info() (the box's) before the report: its blocks of 4 words
    with open(os.path.join(REPORTS, "other_board.txt")) as f:
        text = f.read()
    info = " No. of 1-blocks: 901, 2-blocks: 260, max blk sz: 128, max free sz: 1234\n"
    text = text.replace(
        "=== Royal Casino board check ===", info + "=== Royal Casino board check ==="
    )
    rep = tool.read(text)
    assert rep["largest"] == 1234 * 16
    rep = tool.read(text.replace("word_bytes 4", "word_bytes 8"))
    assert rep["largest"] == 1234 * 32
    assert tool.read(text.replace("max free sz: 1234", "max free sz: ?"))["largest"] is None


def test_the_screen_while_the_check_runs_fits(capsys):
    # the progress lines of each stage within their Texts
    app, p = make_app()
    sys.modules.pop("check", None)
    app.show("check")
    seen = set()
    while app.screen.stage < 2:
        scr = app.screen
        for t in [scr.title, scr.help] + scr.lines:
            assert len(t.text) <= t.width, t.text
        seen.add(scr.stage)
        app.step(0, p.ticks())
    assert seen == {0, 1}
    sys.modules["check"] = check


def test_b_stops_the_bench_and_any_key_the_game(capsys):
    app, p = make_app()
    sys.modules.pop("check", None)
    app.show("check")
    app.step(0, p.ticks())
    app.step(K.B, p.ticks())  # the bench stopped: the report of what was measured
    assert app.screen.stage == 2 and len(app.screen.check.times) == 1
    assert app.screen.check.moves == 0 and app.name == "check"
    app.show("title")
    app.show("check")
    while app.screen.stage == 0:
        app.step(0, p.ticks())
    app.step(0, p.ticks())
    app.step(K.LEFT, p.ticks())  # any key ends its game early
    c = app.screen.check
    assert app.screen.stage == 2 and c.moves == 1 and c.r["game_moves"] == 1
    sys.modules["check"] = check


def test_the_check_on_the_m4_vm_counts_what_the_model_counts():
    # The check run end to end on the M4 VM (tools/check/model.py --check): there its clock
    # counts 1,000 instructions a microsecond, so each bench decision's microseconds are its
    # thousands of instructions, within a few percent of the model's counts for it (its own
    # heap and collections around each decision differ from model_mp.py's)
    with open(os.path.join(REPORTS, "m4vm_console.txt")) as f:
        rep = tool.read(f.read())
    counts = {(c[0], c[1]): c[2:] for c in check_model.COUNTS}
    for players, seed, level, us in rep["bench"]:
        k = counts[(players, seed)][tool.LEVELS.index(level)]
        assert abs(us - k) <= k * 0.05, (players, seed, level, us, k)
    assert rep["largest"] == 2097 * 16 and rep["fields"]["firmware"] == "circuitpython 10.2.1"


def test_the_tool_reads_every_name_the_board_prints():
    """The board's report (check.NAMES, FORMAT) and the host's reader of that format
    (report.INTS, TEXTS, FORMATS) are two sides of one format: each name the board prints is one
    the reader takes, as a number or as text, and no name is both."""
    assert check.FORMAT in tool.FORMATS
    assert set(check.NAMES) <= set(tool.INTS) | set(tool.TEXTS)
    assert not set(tool.INTS) & set(tool.TEXTS)
