# Budgets for the device-side code: every module of lib/ and code.py compiles in
# a 32 KB MicroPython heap, and lib/ keeps to the CircuitPython subset.
import os
import re
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MICROPYTHON = os.path.join(os.path.dirname(sys.executable), "micropython")
OURS = ["code.py"] + ["lib/" + f for f in (
    "app.py", "gfx.py", "intents.py", "settings.py", "words.py", "table_view.py",
    "hand_view.py", "hud_view.py", "chooser.py", "round_end.py", "screen_title.py",
    "screen_play.py", "screen_summary.py", "screen_over.py", "platform_device.py",
    "play_view.py", "explain.py", "feedback.py", "device_fx.py", "menu.py",
    "screen_setup.py", "screen_pause.py", "screen_pass.py", "screen_rules.py", "screen_stats.py")]
FORBIDDEN = r"\b(itertools|functools|dataclasses|enum|typing|abc|copy)\b\s*(import|$)|" \
            r"^\s*import\s+(itertools|functools|dataclasses|enum|typing|abc|copy)\b|" \
            r"\.(ljust|rjust|zfill|title)\(|__slots__"


@pytest.mark.skipif(not os.path.exists(MICROPYTHON), reason="no micropython")
@pytest.mark.parametrize("path", OURS)
def test_compiles_in_32k(path):
    code = "compile(open(%r).read(), %r, 'exec')" % (path, path)
    r = subprocess.run([MICROPYTHON, "-X", "heapsize=32k", "-c", code], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr


@pytest.mark.parametrize("path", OURS)
def test_circuitpython_subset(path):
    text = open(os.path.join(ROOT, path)).read()
    for n, line in enumerate(text.split("\n")):
        assert not re.search(FORBIDDEN, line), "%s:%d %s" % (path, n + 1, line)
