"""The learning pipeline (tools/strength/learn) and the learned playout end (ai_play.end)."""

import pytest

from engine import ai_play, ai_sim
from engine.ai_know import weights
from engine.state import new_game

np = pytest.importorskip("numpy")

from tools.strength.learn import fit, hooks, selfplay  # noqa: E402  (after numpy's check)


def _written(seed):
    data, gaps = selfplay.record([2, 3, 4], 6, seed)
    read = {n: fit.margins(gaps, n) for n in (2, 4)}
    return fit.module_text(fit.fit(data, selfplay.FIELDS, [2, 3, 4]), "learn", seed, 6, read)


def test_a_seeded_run_writes_the_same_module_again():
    text = _written(9000001)
    assert text == _written(9000001)
    assert text != _written(9100001)
    env = {}
    exec(text, env)  # the module as the engine imports it
    for n in (2, 3, 4):
        assert len(env["END"][n]) == len(fit.FEATURES) + 1
        assert all(isinstance(x, int) for x in env["END"][n])
    for n in (2, 4):
        read = env["READ"][n]
        assert len(read) == fit.MARGINS and list(read) == sorted(read) and read[0] >= 0
    assert env["READ"][3] == ()
    assert "seed 9000001" in text


def test_a_row_says_what_came_of_its_position():
    """A row for every play but the round's last card, its hand-made value the reply's, and in
    the round's last hand the rest of the hand is the rest of the round."""
    rows, gaps = selfplay.round_rows(2, 9000003)
    at = {name: k for k, name in enumerate(selfplay.FIELDS)}
    assert len(rows) == 47  # every play but the round's last card
    for r in rows:
        assert r[at["players"]] == 2
        # the hand-made value is the reply's: its take, 3/4 of the threat against, 1/4 own next
        assert r[at["made"]] == r[at["take"]] - r[at["threat"]] * 3 // 4 + r[at["own"]] // 4
    # the round's last row's hand is the round's rest: the last hand
    assert rows[-1][at["hand"]] == rows[-1][at["round"]]
    # medium plays its best score: its plays are 0 from it, another level's not always
    levels = selfplay.seats(2, 9000003)
    assert gaps and all(g >= 0 for _, _, g in gaps)
    assert all(g == 0 for _, level, g in gaps if level == "medium")
    assert {level for _, level, _ in gaps} == set(levels)


def test_the_learned_end_is_the_best_move_or_the_sum_of_its_parts(monkeypatch):
    s = new_game(4, 5)
    me = s.turn
    w = weights(s, me, True)
    sim = ai_sim.Sim(s, [h[:] for h in s.hands])
    ai_play.work, ai_play.budget = 0, 1 << 30
    move, made = ai_play.reply(sim, me, w, 100, False, 2)
    f = hooks.parts(sim, me, w, 100, 2, move)
    # the hand-made value is the parts as reply weighs them: 3/4 of the next seat's take with
    # 2 players, in full with 4, a quarter of its own next
    assert made == f[0] - f[1] + f[2] // 4
    assert f[3] == sum(w[c] for c in s.loose) > 0 and f[4] == f[5] == 0  # no builds yet
    assert f[6] == -f[3]  # nobody has taken yet: the leftovers are not the seat's
    assert f[0] or f[1] or f[2]  # a position where the parts say something
    monkeypatch.setattr(hooks, "END", [(), (), (), (), ()])
    assert hooks.reply(sim, me, w, 100, False, 2) == (move, made)
    c = (64, -128, 32, 16, 8, -8, 4, 640)
    monkeypatch.setattr(hooks, "END", [(), (), (), (), c])
    want = (64 * f[0] - 128 * f[1] + 32 * f[2] + 16 * f[3] + 4 * f[6] + 640) >> 6
    assert hooks.reply(sim, me, w, 100, False, 2) == (move, want)
    assert hooks.reply(sim, me, w, 100, True, 2) == ai_play.reply(sim, me, w, 100, True, 2)
    assert sim.loose == s.loose and sim.hands == s.hands  # the table and hands as they were


def test_the_parts_split_the_builds_by_owner_and_the_leftovers_by_the_last_capturer():
    s = new_game(4, 5)
    w = [10] * 52
    s.loose = [0, 1]
    s.builds = [(9, 2, ((3, 5),)), (10, 1, ((6, 7),))]  # the seat's partner's, an opponent's
    s.last = 2
    sim = ai_sim.Sim(s, [h[:] for h in s.hands])
    trail = (s.hands[0][0], 4, 0, 0, 0)
    assert hooks.parts(sim, 0, w, 100, 2, trail)[3:] == [20, 20, 20, 20]
    sim.last = 3
    assert hooks.parts(sim, 0, w, 100, 2, trail)[6] == -20
    assert hooks.parts(sim, 1, w, 100, 2, trail)[4:] == [20, 20, 20]
