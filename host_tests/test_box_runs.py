# tools/box/runs.py: the 20 runs the budgets are judged on, and its verdict.

from tools.box import runs as box_runs
from tools.box import run as boardbox
from tools.box.run import BUDGETS


def test_the_runs_are_twenty_different_ones_over_every_player_count():
    assert len(box_runs.RUNS) == 20 and len(set(box_runs.RUNS)) == 20
    counts = set()
    for _seed, players, games in box_runs.RUNS:
        counts.update(int(n) for n in players.split(","))
        assert games >= 3
    assert counts == {2, 3, 4}


def test_figures_reads_boardboxs_last_line():
    f = boardbox.figures("boardbox ok vm=cp10 games=3 peak_app_bytes=89680 boot_ms=13.5 x=y")
    assert f == {"vm": "cp10", "games": 3, "peak_app_bytes": 89680, "boot_ms": 13.5, "x": "y"}


def verdict(monkeypatch, capsys, lines, vm="cp10"):
    def fake(vm_, heap, run):
        seed = run[0]
        rc, line = lines.get(
            seed, (0, "boardbox ok vm=%s peak_app_bytes=1000 pystack_max=900" % vm_)
        )
        return run, rc, line

    monkeypatch.setattr(box_runs, "one", fake)
    rc = box_runs.main(["--vm", vm])
    return rc, capsys.readouterr().out.strip().splitlines()[-1]


def test_every_run_within_budget_is_ok(monkeypatch, capsys):
    rc, last = verdict(monkeypatch, capsys, {})
    assert rc == 0 and last.startswith("box_runs ok vm=cp10 runs=20 failed=0")


def test_one_run_over_the_budget_or_failed_is_over(monkeypatch, capsys):
    name, limit = BUDGETS["cp10"]
    over = {5: (0, "boardbox ok vm=cp10 %s=%d pystack_max=900" % (name, limit + 1))}
    rc, last = verdict(monkeypatch, capsys, over)
    assert rc == 1 and last.startswith("box_runs OVER") and "%s_max=%d" % (name, limit + 1) in last
    rc, last = verdict(monkeypatch, capsys, {7: (1, "boardbox FAILED vm=cp10 heap=196608: x")})
    assert rc == 1 and "failed=2" in last  # seed 7 is in two of the runs


def test_the_pystack_budget_judges_cp9(monkeypatch, capsys):
    name, limit = BUDGETS["cp9"]
    assert name == "pystack_max"
    rc, last = verdict(
        monkeypatch, capsys, {3: (0, "boardbox ok pystack_max=%d" % (limit + 8))}, vm="cp9"
    )
    assert rc == 1 and "pystack_max=%d" % (limit + 8) in last
