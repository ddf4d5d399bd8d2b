# Whole games through the headless app's buttons as a tools/soak.py driver: 2, 3 and
# 4 players, sweeps on and off, every move checked, a power cut and Continue half way.
import subprocess
import sys
import os

import soak
import soak_app

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def teardown_function(_):
    from engine.play import play
    soak_app.install(play)


def test_short_app_soak_passes():
    lines = []
    totals, failures = soak.soak(soak_app.driver, 18, 3, resume_every=3, out=lines.append)
    assert failures == [], lines
    assert totals["games"] == 18 and all(totals["by_players"][n] == 6 for n in (2, 3, 4))
    assert totals["rounds"] >= 18 and totals["moves"] > 18 * 40


def test_soak_runs_the_app_driver_from_its_command_line():
    done = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "soak.py"), "--games", "2",
                           "--seed", "4", "--driver", "soak_app:driver", "--resume-every", "1"],
                          capture_output=True, text=True, timeout=300, cwd=ROOT,
                          env=dict(os.environ, PYTHONPATH=os.path.join(ROOT, "tools")))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "played 2 games" in done.stdout and "failures: 0" in done.stdout
