"""Tournament mechanics: seating and mirroring, counting, intervals (not the figures)."""

import argparse

import pytest

from tools.strength import tournament as T
from engine.movegen import legal_moves
from engine.state import new_game


@pytest.mark.parametrize("n", (2, 3, 4))
def test_seating_is_mirrored(n):
    a = T.seating(n, False)
    b = T.seating(n, True)
    assert len(a) == n and set(a) == {0, 1}
    assert [1 - x for x in a] == b
    if n == 4:  # partners (seats 0+2, 1+3) are the same player
        assert a[0] == a[2] and a[1] == a[3] and a[0] != a[1]


def test_run_plays_each_deal_twice_with_seats_swapped(monkeypatch):
    calls = []

    def fake(names, n, seed, swapped, sweeps_on=True, max_rounds=T.MAX_ROUNDS):
        calls.append((names, n, seed, swapped, sweeps_on))
        return {
            "winner": 0,
            "points": [1, 2],
            "side_rounds": [1, 1],
            "rounds": 1,
            "times": [[0.001], [0.002]],
        }

    monkeypatch.setattr(T, "play_game", fake)
    results = T.run("easy", "random", 3, n=3, first_seed=10)
    assert len(results) == 6
    assert calls == [
        (("easy", "random"), 3, seed, sw, True) for seed in (10, 11, 12) for sw in (False, True)
    ]


def test_mirrored_games_share_the_deal():
    g1 = new_game(2, 77)
    g2 = new_game(2, 77)
    assert g1.hands == g2.hands and g1.loose == g2.loose and g1.deck == g2.deck


@pytest.mark.parametrize("n", (2, 3, 4))
def test_play_game_counts(n):
    r = T.play_game(("greedy", "random"), n, 5, False)
    assert r["winner"] in (0, 1, None)
    assert r["rounds"] >= 1
    sides = 2 if n == 4 else n
    assert sum(r["side_rounds"]) == r["rounds"] * sides
    # every side's round points are counted once
    assert r["points"][0] >= 0 and r["points"][1] >= 0
    # every decision is timed, each seat plays 4 cards a hand
    assert (len(r["times"][0]) + len(r["times"][1])) % (4 * n) == 0
    seats = T.seating(n, False)
    per = [seats.count(0), seats.count(1)]
    assert len(r["times"][0]) * per[1] == len(r["times"][1]) * per[0]


def test_swapped_game_moves_the_winner():
    # the same players on the same deal: the two games are independent plays,
    # but each result names players (0/1), not seats
    a = T.play_game(("random", "random"), 2, 3, False)
    b = T.play_game(("random", "random"), 2, 3, False)
    assert a["winner"] == b["winner"] and a["points"] == b["points"]  # deterministic


def test_tally_counts_wins_draws_points_and_times():
    rs = [
        {"winner": 0, "points": [10, 2], "side_rounds": [1, 1], "times": [[1.0], [2.0]]},
        {"winner": 1, "points": [3, 9], "side_rounds": [1, 1], "times": [[3.0], [4.0]]},
        {"winner": None, "points": [5, 5], "side_rounds": [2, 2], "times": [[], [5.0]]},
    ]
    t = T.tally(rs)
    assert t["wins"] == 1.5 and t["games"] == 3
    assert t["ppr"] == [18 / 4, 16 / 4]
    assert sorted(t["times"][0]) == [1.0, 3.0] and sorted(t["times"][1]) == [2.0, 4.0, 5.0]


def test_wilson_interval():
    p, lo, hi = T.wilson(50, 100)
    assert p == 0.5 and lo < 0.5 < hi and abs((0.5 - lo) - (hi - 0.5)) < 1e-9
    assert 0.39 < lo < 0.41
    p, lo, hi = T.wilson(100, 100)
    assert p == 1.0 and hi == pytest.approx(1.0) and 0.95 < lo < 0.97
    assert T.wilson(0, 0) == (0.0, 0.0, 1.0)


def test_median():
    assert T.median([]) == 0.0
    assert T.median([3, 1, 2]) == 2
    assert T.median([4, 1, 3, 2]) == 2.5


def test_builtin_players_are_legal():
    s = new_game(3, 8)
    for name in T.PLAYERS:
        assert T.player(name)(s, 4) in legal_moves(s)
    with pytest.raises(ValueError):
        T.player("nobody")


def test_main_prints_a_report(capsys):
    T.main(["greedy", "random", "-n", "2", "--players", "2"])
    out = capsys.readouterr().out
    assert "greedy vs random: 4 games" in out and "95% interval" in out
    assert out.count("decision ms") == 2
    assert "greedy's points/round less random's" in out


def test_rounds_mode_plays_one_round_a_game():
    results = T.run("greedy", "random", 2, max_rounds=1)
    assert len(results) == 4
    for r in results:
        assert r["rounds"] == 1
        assert sum(r["side_rounds"]) == 2


def test_deal_differences_pair_the_mirrored_games():
    def game(p0, p1, rounds):
        return {"points": [p0, p1], "rounds": rounds}

    results = [game(7, 4, 1), game(5, 6, 1), game(20, 10, 2), game(9, 12, 3)]
    # deal 1: (3 - 1) / 2 rounds; deal 2: (10 - 3) / 5 rounds
    assert T.deal_differences(results) == [1.0, 7 / 5]


def test_mean_interval():
    mu, half = T.mean_interval([1.0, 3.0])
    # standard deviation sqrt(2), over sqrt(2) values: a standard error of 1
    assert mu == 2.0 and abs(half - 1.96) < 1e-9
    assert T.mean_interval([2.5]) == (2.5, 0.0)


def test_save_then_against_the_same_run_is_no_change(tmp_path, capsys, monkeypatch):
    f = str(tmp_path / "diffs.txt")
    T.main(["greedy", "random", "-n", "3", "--rounds", "--save", f])
    first = capsys.readouterr().out
    assert "greedy vs random: 6 first rounds" in first and "wins" not in first
    assert "greedy's points/round less random's" in first
    with open(f) as fh:
        assert len(fh.read().split()) == 3
    T.main(["greedy", "random", "-n", "3", "--rounds", "--against", f])
    out = capsys.readouterr().out
    assert "change against %s: +0.000 points/round (95%% interval +-0.000)" % f in out
    # against two files (main's and a release's): the change against each
    g = str(tmp_path / "other.txt")
    with open(g, "w") as fh:
        fh.write("1.0\n1.0\n1.0\n")
    T.main(["greedy", "random", "-n", "3", "--rounds", "--against", f, "--against", g])
    out = capsys.readouterr().out
    assert "change against %s: +0.000" % f in out and "change against %s: " % g in out
    assert out.count("change against") == 2
    # a file of another run's length is refused before any game is played
    monkeypatch.setattr(T, "run", lambda *a, **k: pytest.fail("played"))
    with pytest.raises(SystemExit):
        T.main(["greedy", "random", "-n", "2", "--rounds", "--against", f])


def test_mc_player_takes_its_playouts_from_the_name():
    s = new_game(2, 8)
    calls = []
    from tools.strength import mc_player

    real = mc_player.choose

    def spy(state, seed, playouts=mc_player.PLAYOUTS):
        calls.append(playouts)
        return real(state, seed, playouts)

    mc_player.choose = spy
    try:
        assert T.player("mc:30")(s, 4) in legal_moves(s)
        assert T.player("mc")(s, 4) in legal_moves(s)
    finally:
        mc_player.choose = real
    assert calls == [30, mc_player.PLAYOUTS]
    for bad in ("mc:x", "mc:-", "mcx"):
        with pytest.raises(ValueError):
            T.player(bad)
    with pytest.raises(SystemExit):
        T.main(["mc:x", "random"])


def _stops(*args):
    raise StopIteration


def test_a_stopiteration_in_a_game_is_an_error_not_a_shorter_run(monkeypatch):
    # a StopIteration leaking out of a pool's job would end pool.map early,
    # silently: fewer games than deals
    monkeypatch.setattr(T, "play_game", _stops)
    with pytest.raises(RuntimeError):
        T.run("greedy", "random", 2, jobs=2)


def test_a_level_plays_with_named_constants_and_the_others_keep_the_engine_s():
    from engine import ai_hard, ai_play

    card, threat = ai_hard.CARD, ai_play.THREAT
    pairs = T.constants("ai_hard.CARD=41,ai_play.THREAT[3]=7")
    T.set_constants(pairs)
    try:
        assert ai_hard.CARD == 41 and ai_play.THREAT[3] == 7 and ai_play.THREAT[2] == threat[2]
    finally:
        T.set_constants(())
    assert ai_hard.CARD == card and ai_play.THREAT == threat
    s = new_game(2, 5)
    same = T.player("hard@ai_hard.CARD=%d" % card)
    assert same(s, 9) == T.player("hard")(s, 9)
    assert ai_hard.CARD == card
    for bad in ("hard@ai_hard.NOPE=1", "hard@ai_hard.CARD", "hard@ai_play.THREAT[9]=1"):
        with pytest.raises(argparse.ArgumentTypeError):
            T.player_name(bad)


def test_the_tuner_moves_its_constants_within_their_bounds(capsys):
    from engine import ai_medium
    from tools.strength import tune

    theirs = ai_medium.THEIRS
    names, last, mean = tune.tune(
        "medium", [("ai_medium.THEIRS", 1, theirs, theirs + 1)], 2, 2, 2, "random", 5, 1, 50.0
    )
    assert names == ["ai_medium.THEIRS"] and theirs <= last[0] <= theirs + 1
    out = capsys.readouterr().out
    assert out.count("points/round (95% interval") == 2
    assert ai_medium.THEIRS == theirs


def test_recorded_command_leaves_out_the_files_beside_it():
    words = "hard medium -n 500 --save /tmp/a.txt --against /tmp/b.txt --against=/tmp/c.txt"
    words += " --record strength:x --jobs 2"
    assert T.measuring(words.split()) == "hard medium -n 500 --jobs 2".split()
