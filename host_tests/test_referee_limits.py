"""The referee never hangs: a crafted position with an astronomical number of
legal moves gets an error within the time limit, and the next line is answered."""

import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RANKS = "A23456789TJQK"


def crowded_position():
    # 36 small loose cards: valid in shape, never met in play, and the
    # number of disjoint ways to capture with a Queen explodes.
    cards = [r + s for r in RANKS for s in "SCHD"]
    hands = [["KS", "KH", "KC", "KD"], ["QS", "QH", "QC", "QD"]]
    held = set(hands[0] + hands[1])
    loose = [c for c in cards if c not in held and c[0] in "A23456789"]
    rest = [c for c in cards if c not in held and c not in loose]
    return {
        "players": 2,
        "dealer": 0,
        "turn": 1,
        "hands": hands,
        "loose": loose,
        "builds": [],
        "deck": [],
        "captured": [rest, []],
        "sweeps": [0, 0],
        "last_capturer": None,
        "scores": [0, 0],
        "sweeps_on": True,
    }


def test_too_complex_position_is_an_error_not_a_hang():
    lines = [
        json.dumps({"cmd": "legal", "position": crowded_position()}),
        json.dumps({"cmd": "new", "players": 2, "seed": 4}),
    ]
    env = dict(os.environ, REFEREE_LIMIT_SECONDS="1")
    start = time.time()
    done = subprocess.run(
        [sys.executable, os.path.join(ROOT, "tools", "referee.py")],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == 2
    assert "too long" in answers[0]["error"]
    assert "position" in answers[1]
    assert time.time() - start < 30
