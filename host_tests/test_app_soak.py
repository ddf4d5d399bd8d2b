# Whole games through the headless app's buttons as a tools/soak/run.py driver: 2, 3 and
# 4 players, sweeps on and off, every move checked, a power cut and Continue half way.
import subprocess
import os

from tools.soak import run as soak
from tools.box import mp
from tools.soak import app_driver as soak_app

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def teardown_function(_):
    from engine.play import play

    soak_app.install(play)


def test_short_app_soak_passes():
    lines = []
    totals, failures = soak.soak(soak_app.driver, 6, 3, resume_every=2, out=lines.append)
    assert failures == [], lines
    assert totals["games"] == 6 and all(totals["by_players"][n] == 2 for n in (2, 3, 4))
    assert totals["rounds"] >= 6 and totals["moves"] > 6 * 40


def test_soak_runs_the_app_driver_from_its_command_line():
    done = subprocess.run(
        mp.cpython(
            "tools.soak.run",
            (
                "--games",
                2,
                "--seed",
                4,
                "--driver",
                "tools.soak.app_driver:driver",
                "--resume-every",
                1,
            ),
        ),
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
        env=mp.cpython_env(),
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "played 2 games" in done.stdout and "failures: 0" in done.stdout


def test_soak_app_counts_the_writes_of_a_game():
    # a 2-player game: a save at each deal and round's end, a person's move only after a minute
    done = subprocess.run(
        mp.cpython(
            "tools.soak.app_driver",
            ("--games", 2, "--players", 2, "--seed", 7, "--resume-every", 0),
        ),
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
        env=mp.cpython_env(),
    )
    assert done.returncode == 0, done.stdout + done.stderr
    last = done.stdout.strip().splitlines()[-1]
    assert last.startswith("writes_per_game=")
    assert 10 < float(last.split("=")[1]) <= 40 - 8  # the budget, with margin
