"""tools/bench/text_figures.py (docs/LAB.md "Text on the board"): our glyph grid allocates nothing
per text change under MicroPython, a Label does, and our text code is the smaller."""

import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_text_figures():
    r = subprocess.run(
        [sys.executable, "-m", "tools.bench.text_figures"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    ours = int(re.search(r"gfx\.Text \(class \+ FONTS\)\s+(\d+)", r.stdout).group(1))
    label = int(re.search(r"Label \(label\.py \+ __init__\.py\)\s+(\d+)", r.stdout).group(1))
    assert 0 < ours < label
    m = re.search(
        r"mean per change: Label (\d+) bytes here.*about (\d+) on the board; gfx\.Text (\d+) bytes",
        r.stdout,
    )
    assert int(m.group(3)) == 0
    assert int(m.group(2)) > 500


def test_requirements_txt_names_no_board_library():
    # circup install -r reads non-comment lines as library names: there are none
    with open(os.path.join(ROOT, "requirements.txt")) as f:
        names = [ln.strip() for ln in f if ln.strip() and not ln.strip().startswith("#")]
    assert names == []
    with open(os.path.join(ROOT, "requirements-host.txt")) as f:
        host = f.read()
    assert "adafruit-circuitpython-bitmap-font" in host and "-r requirements.txt" in host
