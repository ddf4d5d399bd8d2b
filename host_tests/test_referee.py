"""tools/referee.py as a subprocess (docs/REFEREE.md): whole games, shape of answers, bad lines."""

import copy
import json
import os
import random
import subprocess
import sys

import pytest

from casino_helpers import position, ALL_NAMES

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REFEREE = os.path.join(ROOT, "tools", "referee.py")


class Referee:
    """One referee process, one request line in, one answer line out."""

    def __init__(self):
        self.p = subprocess.Popen(
            [sys.executable, REFEREE], stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=ROOT
        )

    def raw(self, data):
        self.p.stdin.write(data if data.endswith(b"\n") else data + b"\n")
        self.p.stdin.flush()
        line = self.p.stdout.readline()
        assert line, "the referee died"
        return json.loads(line)

    def ask(self, req):
        return self.raw(json.dumps(req).encode())

    def close(self):
        self.p.stdin.close()
        assert self.p.wait(timeout=10) == 0


@pytest.fixture
def ref():
    r = Referee()
    yield r
    r.close()


# ---------------------------------------------------------------- shape checks


def card_ok(name):
    return isinstance(name, str) and name in ALL_NAMES


def rank_sum(group):
    if len(group) == 1:
        r = "A23456789TJQK".index(group[0][0]) + 1
        return 14 if r == 1 else r
    return sum("A23456789TJQK".index(c[0]) + 1 for c in group)


def check_shape(p):
    """docs/REFEREE.md's rules of shape, checked independently of tools/ref/protocol.py."""
    n = p["players"]
    assert n in (2, 3, 4)
    sides = 2 if n == 4 else n
    assert 0 <= p["dealer"] < n and 0 <= p["turn"] < n
    assert len(p["hands"]) == n and len(p["captured"]) == n and len(p["sweeps"]) == n
    assert len(p["scores"]) == sides
    assert all(len(h) <= 4 for h in p["hands"])
    assert len(p["deck"]) % (4 * n) == 0
    assert all(x >= 0 for x in p["sweeps"] + p["scores"])
    assert p["last_capturer"] is None or 0 <= p["last_capturer"] < n
    assert isinstance(p["sweeps_on"], bool)
    every = [c for h in p["hands"] for c in h] + p["loose"] + p["deck"]
    every += [c for pile in p["captured"] for c in pile]
    for b in p["builds"]:
        assert 0 <= b["owner"] < n
        values = set(rank_sum(g) for g in b["groups"])
        assert len(values) == 1 and all(g for g in b["groups"])
        value = values.pop()
        assert 2 <= value <= 14
        assert sum(len(g) for g in b["groups"]) >= 2
        # the owner keeps a card of the value (hold rule)
        assert any(rank_sum([c]) == value for c in p["hands"][b["owner"]])
        every += [c for g in b["groups"] for c in g]
    assert all(card_ok(c) for c in every)
    assert sorted(every) == sorted(ALL_NAMES)


def move_id(m):
    return (
        m["card"],
        m["kind"],
        m.get("value") if m["kind"] == "build" else None,
        frozenset(m.get("cards", [])),
    )


def expected_score(p):
    """Items and points of a finished round (RULES 7), for start scores below 18."""
    n, sides = p["players"], (2 if p["players"] == 4 else p["players"])
    piles = [[] for _ in range(sides)]
    for seat in range(n):
        piles[seat % sides] += p["captured"][seat]
    if p["loose"]:
        taker = p["last_capturer"] if p["last_capturer"] is not None else p["dealer"]
        piles[taker % sides] += p["loose"]

    def most(counts):
        top = max(counts)
        return counts.index(top) if counts.count(top) == 1 else None

    def owner(card):
        return [k for k in range(sides) if card in piles[k]][0]

    swept = [0] * sides
    for seat in range(n):
        swept[seat % sides] += p["sweeps"][seat]
    if not p["sweeps_on"]:
        swept = [0] * sides
    net = [max(0, swept[k] - max(swept[o] for o in range(sides) if o != k)) for k in range(sides)]
    items = {
        "most_cards": most([len(x) for x in piles]),
        "most_spades": most([sum(1 for c in x if c[1] == "S") for x in piles]),
        "big_casino": owner("TD"),
        "little_casino": owner("2S"),
        "aces": {a: owner(a) for a in ("AS", "AC", "AH", "AD")},
        "sweeps": net,
    }
    points = net[:]
    for k, worth in (
        ("most_cards", 3),
        ("most_spades", 1),
        ("big_casino", 2),
        ("little_casino", 1),
    ):
        if items[k] is not None:
            points[items[k]] += worth
    for a in items["aces"].values():
        points[a] += 1
    return items, points


def next_round(p, scores, rng):
    """The next round's position laid out as `new` does, dealer + 1."""
    n = p["players"]
    dealer = (p["dealer"] + 1) % n
    pack = ALL_NAMES[:]
    rng.shuffle(pack)
    hands = [None] * n
    for k in range(n):
        hands[(dealer + 1 + k) % n] = pack[4 * k : 4 * k + 4]
    return {
        "players": n,
        "dealer": dealer,
        "turn": (dealer + 1) % n,
        "hands": hands,
        "loose": pack[4 * n : 4 * n + 4],
        "builds": [],
        "deck": pack[4 * n + 4 :],
        "captured": [[] for _ in range(n)],
        "sweeps": [0] * n,
        "last_capturer": None,
        "scores": scores,
        "sweeps_on": p["sweeps_on"],
    }


# ---------------------------------------------------------------- whole games


@pytest.mark.parametrize("players,sweeps_on", [(2, True), (3, False), (4, True)])
def test_whole_games_through_the_referee(ref, players, sweeps_on):
    rng = random.Random(players)
    for seed in range(2):
        p = ref.ask({"cmd": "new", "players": players, "seed": seed, "sweeps_on": sweeps_on})
        p = p["position"]
        check_shape(p)
        assert all(len(h) == 4 for h in p["hands"]) and len(p["loose"]) == 4
        assert p["turn"] == (p["dealer"] + 1) % players
        rounds = 0
        while True:
            while any(p["hands"]) or p["deck"]:
                moves = ref.ask({"cmd": "legal", "position": p})["moves"]
                ids = [move_id(m) for m in moves]
                assert ids and len(set(ids)) == len(ids)
                for m in moves:
                    assert m["card"] in p["hands"][p["turn"]]
                m = rng.choice(moves)
                got = ref.ask({"cmd": "apply", "position": p, "move": m})
                assert "error" not in got, got
                before, p = p, got["position"]
                check_shape(p)
                assert m["card"] not in [c for h in p["hands"] for c in h]
                if m["kind"] == "capture":
                    assert "capture" in got["events"]
                    assert p["last_capturer"] == before["turn"]
                    pile = set(p["captured"][before["turn"]])
                    assert {m["card"]} | set(m["cards"]) <= pile
                if "sweep" in got["events"]:
                    assert sweeps_on and not p["loose"] and not p["builds"]
                if "round_over" in got["events"]:
                    assert not p["loose"] and not p["builds"]
            start = p["scores"]
            sc = ref.ask({"cmd": "score", "position": p})
            assert "error" not in sc, sc
            items, points = expected_score(p)
            if max(start) >= 18:  # near 21: sweeps of such sides are not scored
                del items["sweeps"], sc["items"]["sweeps"]
            assert sc["items"] == items
            if max(start) < 18:
                assert sc["points"] == points
                total = [start[k] + points[k] for k in range(len(start))]
                assert sc["scores"] == total
                top = max(total)
                if top >= 21 and total.count(top) == 1:
                    assert sc["winner"] == total.index(top)
                else:
                    assert sc["winner"] is None
            rounds += 1
            if sc["winner"] is not None or rounds >= 30:
                break
            p = next_round(p, sc["scores"], rng)
        assert sc["winner"] is not None


def test_legal_answer_matches_a_hand_worked_position(ref):
    # RULES 4.1 example: 8S takes 8H (forced) with optional 5C+3D and the build 6S+2H
    p = position(hands=["8S", "8D"], loose="5C 3D 8H", builds=[(["6S 2H"], 1)])
    got = ref.ask({"cmd": "legal", "position": p})
    want = {
        ("8S", "capture", None, frozenset(x.split()))
        for x in ("8H", "8H 5C 3D", "8H 6S 2H", "8H 5C 3D 6S 2H")
    }
    assert set(move_id(m) for m in got["moves"]) == want


def test_apply_gives_leftovers_and_round_over(ref):
    p = position(dealer=1, turn=1, hands=["", "KD"], loose="2C 3C", last=0)
    got = ref.ask({"cmd": "apply", "position": p, "move": {"card": "KD", "kind": "trail"}})
    assert "round_over" in got["events"]
    assert {"2C", "3C", "KD"} <= set(got["position"]["captured"][0])
    assert got["position"]["loose"] == []


def test_apply_deals_the_next_hand_from_dealer_plus_one(ref):
    deck = "2C 2D 2H 3C 3D 3H 4C 4D".split()
    p = position(dealer=0, turn=0, hands=["KD", ""], loose="9S", deck=" ".join(deck))
    got = ref.ask({"cmd": "apply", "position": p, "move": {"card": "KD", "kind": "trail"}})
    q = got["position"]
    assert "deal" in got["events"] and "last" in got["events"]
    assert sorted(q["hands"][1]) == sorted(deck[:4]) and sorted(q["hands"][0]) == sorted(deck[4:])
    assert q["turn"] == 1 and q["deck"] == []


def test_score_answer_for_a_hand_worked_round(ref):
    # seat 0: 13 spades + TD AC AH; seat 1 the rest: 7 and 4 points (RULES 7)
    caps = [[r + "S" for r in "A23456789TJQK"] + ["TD", "AC", "AH"], []]
    p = position(hands=["", ""], captured=caps, rest_to=1, scores=[18, 3], sweeps=[2, 1])
    got = ref.ask({"cmd": "score", "position": p})
    assert got["items"] == {
        "most_cards": 1,
        "most_spades": 0,
        "big_casino": 0,
        "little_casino": 0,
        "sweeps": [0, 0],
        "aces": {"AS": 0, "AC": 0, "AH": 0, "AD": 1},
    }
    # seat 0 on 18 without most cards: no sweeps, 18 + 7 stops at 20
    assert got["points"] == [7, 4] and got["scores"] == [20, 7] and got["winner"] is None


def test_score_ignores_sweeps_when_they_are_off(ref):
    p = position(hands=["", ""], rest_to=1, sweeps=[3, 0], sweeps_on=False)
    got = ref.ask({"cmd": "score", "position": p})
    assert got["items"]["sweeps"] == [0, 0] and sum(got["points"]) == 11


def test_apply_without_sweeps_counts_none(ref):
    p = position(hands=["9S 4C", "KD"], loose="5C 4D", sweeps_on=False)
    got = ref.ask(
        {
            "cmd": "apply",
            "position": p,
            "move": {"card": "9S", "kind": "capture", "cards": ["5C", "4D"]},
        }
    )
    assert "sweep" not in got["events"] and got["position"]["sweeps"] == [0, 0]


# ---------------------------------------------------------------- bad lines


def good():
    return position(hands=["8S 3H", "KD"], loose="5C 8D")


def with_(change):
    p = good()
    change(p)
    return {"cmd": "legal", "position": p}


def _set(field, value):
    def f(p):
        p[field] = value

    return f


def _move_card(src, dst):
    def f(p):
        p["captured"][1].remove(src)
        dst(p)

    return f


def _build(groups, owner=1):
    def f(p):
        names = [c for g in groups for c in g]
        for c in names:
            p["captured"][1].remove(c)
        p["builds"].append({"groups": groups, "owner": owner})

    return f


BAD = {
    "not json": b"{nope",
    "not an object": b"[1, 2]",
    "a number": b"7",
    "unknown cmd": json.dumps({"cmd": "fly"}).encode(),
    "cmd a list": json.dumps({"cmd": ["legal"]}).encode(),
    "cmd an object": json.dumps({"cmd": {}}).encode(),
    "no cmd": json.dumps({"position": good()}).encode(),
    "missing position": json.dumps({"cmd": "legal"}).encode(),
    "blank line": b"",
    "spaces": b"   ",
    "non utf8": b'\xff\xfe{"cmd": "new"}',
    "new players 5": json.dumps({"cmd": "new", "players": 5, "seed": 1}).encode(),
    "new seed text": json.dumps({"cmd": "new", "players": 2, "seed": "x"}).encode(),
}

BAD_POSITIONS = {
    "missing field": lambda p: p.pop("deck"),
    "players 5": _set("players", 5),
    "players 1": _set("players", 1),
    "players true": _set("players", True),
    "turn out of range": _set("turn", 2),
    "dealer negative": _set("dealer", -1),
    "last capturer out of range": _set("last_capturer", 2),
    "hands wrong length": lambda p: p["hands"].append([]),
    "captured wrong length": lambda p: p["captured"].pop(),
    "sweeps wrong length": _set("sweeps", [0]),
    "scores wrong length": _set("scores", [0, 0, 0]),
    "unknown card": lambda p: p["loose"].append("1S"),
    "card not a string": lambda p: p["loose"].append(7),
    "lower-case card": lambda p: p["hands"][0].__setitem__(0, "8s"),
    "51 cards": lambda p: p["captured"][1].pop(),
    "53 cards": lambda p: p["loose"].append(p["captured"][1][0]),
    "a card twice": _move_card("2C", lambda p: p["captured"][0].extend(["2C", "5C"])),
    "hand of 5": lambda p: [p["hands"][1].append(p["captured"][1].pop()) for _ in range(4)],
    "deck not whole hands": lambda p: (
        p["deck"].extend(p["captured"][1][:4]) or p["captured"].__setitem__(1, p["captured"][1][4:])
    ),
    "build empty group": _build([["6S", "2H"], []]),
    "build groups differ": _build([["6S", "2H"], ["7C"]]),
    "build value 15": _build([["KS", "2H"]]),
    "build one card": _build([["8H"]]),
    "build no groups": lambda p: p["builds"].append({"groups": [], "owner": 1}),
    "build owner out of range": _build([["6S", "2H"]], owner=2),
    "build not an object": lambda p: p["builds"].append("8"),
    "negative sweeps": _set("sweeps", [0, -1]),
    "negative scores": _set("scores", [-2, 0]),
    "sweeps_on not a bool": _set("sweeps_on", "yes"),
    "hands not a list": _set("hands", "8S"),
}

BAD_MOVES = {
    "illegal trail": {"card": "8S", "kind": "trail"},  # loose 8D forces a capture
    "card not held": {"card": "KD", "kind": "trail"},
    "unknown kind": {"card": "3H", "kind": "steal"},
    "wrong value": {"card": "3H", "kind": "build", "value": 9, "cards": ["5C"]},
    "build without value": {"card": "3H", "kind": "build", "cards": ["5C"]},
    "capture of nothing": {"card": "3H", "kind": "capture", "cards": []},
    "capture wrong cards": {"card": "8S", "kind": "capture", "cards": ["5C"]},
    "card twice": {"card": "8S", "kind": "capture", "cards": ["8D", "8D"]},
    "move not an object": ["8S", "capture"],
    "move missing": None,
}


def bad_lines():
    lines = [(k, v) for k, v in BAD.items()]
    for k, change in BAD_POSITIONS.items():
        req = with_(change)
        lines.append(("position: " + k, json.dumps(req).encode()))
    for k, m in BAD_MOVES.items():
        req = {"cmd": "apply", "position": good(), "move": m}
        lines.append(("move: " + k, json.dumps(req).encode()))
    p = position(hands=["", ""])
    lines.append(
        ("legal on a finished round", json.dumps({"cmd": "legal", "position": p}).encode())
    )
    lines.append(
        ("score before the end", json.dumps({"cmd": "score", "position": good()}).encode())
    )
    return lines


def test_the_good_position_is_good(ref):
    # the base of every bad position is itself accepted
    assert "moves" in ref.ask({"cmd": "legal", "position": good()})
    assert "position" in ref.ask(
        {
            "cmd": "apply",
            "position": good(),
            "move": {"card": "8S", "kind": "capture", "cards": ["8D"]},
        }
    )


@pytest.mark.parametrize("what,line", bad_lines(), ids=[k for k, _ in bad_lines()])
def test_bad_line_gets_an_error_and_the_referee_goes_on(ref, what, line):
    got = ref.raw(line)
    assert set(got) == {"error"} and isinstance(got["error"], str) and got["error"]
    assert not got["error"].startswith("internal error"), got
    after = ref.ask({"cmd": "legal", "position": good()})
    assert "moves" in after


def test_all_bad_lines_in_one_stream():
    lines = []
    for _, line in bad_lines():
        lines.append(line)
        lines.append(json.dumps({"cmd": "new", "players": 3, "seed": 9}).encode())
    data = b"\n".join(lines) + b"\n"
    out = subprocess.run(
        [sys.executable, REFEREE], input=data, capture_output=True, timeout=60, cwd=ROOT
    )
    assert out.returncode == 0
    answers = [json.loads(x) for x in out.stdout.decode().splitlines()]
    assert len(answers) == len(lines)
    for k in range(0, len(answers), 2):
        assert "error" in answers[k]
        assert "position" in answers[k + 1]


def test_new_is_reproducible_and_valid(ref):
    a = ref.ask({"cmd": "new", "players": 4, "seed": 42, "sweeps_on": False})
    b = ref.ask({"cmd": "new", "players": 4, "seed": 42, "sweeps_on": False})
    assert a == b
    check_shape(a["position"])
    assert a["position"]["sweeps_on"] is False and a["position"]["scores"] == [0, 0]


def test_fuzzed_requests_get_a_plain_error_never_an_internal_one():
    """Random junk put anywhere in good requests: every answer names what is wrong."""
    from tools.ref.serve import answer

    rng = random.Random(5)
    junk = [
        None,
        -1,
        0,
        1,
        2,
        5,
        99,
        2**70,
        1.5,
        True,
        "",
        "x",
        "8S",
        "AS",
        [],
        {},
        ["8S"],
        [[]],
        [["8S"]],
        {"groups": [], "owner": 0},
    ]
    bases = [
        good(),
        position(
            players=4,
            hands=["6S 6H 3S 9S", "6D", "6C", "KD"],
            builds=[(["4C 2C"], 2), (["4H 2H"], 1)],
        ),
        position(hands=["", ""]),
    ]
    moves = [
        {"card": "8S", "kind": "capture", "cards": ["8D"]},
        {"card": "3H", "kind": "build", "value": 8, "cards": ["5C"]},
    ]

    def paths(o, pre=()):
        yield pre
        items = o.items() if isinstance(o, dict) else enumerate(o) if isinstance(o, list) else ()
        for k, v in items:
            yield from paths(v, pre + (k,))

    for _ in range(3000):
        req = {
            "cmd": rng.choice(["legal", "apply", "score", "new"]),
            "players": 2,
            "seed": 1,
            "position": copy.deepcopy(rng.choice(bases)),
            "move": copy.deepcopy(rng.choice(moves)),
        }
        for _ in range(rng.randint(1, 2)):
            where = rng.choice(list(paths(req))[1:])
            o = req
            for k in where[:-1]:
                o = o[k]
            if isinstance(o, dict) and rng.random() < 0.2:
                del o[where[-1]]
            else:
                o[where[-1]] = copy.deepcopy(rng.choice(junk))
        got = answer(json.dumps(req))
        if "error" in got:
            assert not got["error"].startswith("internal error"), (got, req)
