"""The referee remembers what the plays it applied say of the hands (ai_hard.observe), so
hard's `ai` answers read them as at a table. Only public facts key them."""

import json

from tools.ref import ai_request
from tools.ref import serve as referee
from casino_helpers import hidden_dealt_afresh
from engine.ai import choose_move
from engine.ai_hard import observe
from engine.play import apply_move
from engine.state import new_game
from tools.ref.protocol import json_to_move, move_to_json, position_to_state, state_to_position


def ask(**req):
    return referee.answer(json.dumps(req))


def marks_for(pos):
    """the marks the referee gives an ai request for pos"""
    t = position_to_state(pos)
    ai_request.recall(t)
    return t.unlikely


def referee_round(players, seed):
    """A round played through the referee (hard at even seats, medium at odd ones)
    beside the same round at a table, where every play is observed. Yields the
    referee's position and the table's state before each move."""
    pos = ask(cmd="new", players=players, seed=seed)["position"]
    s = position_to_state(pos)
    k = 0
    while not s.round_over():
        yield pos, s
        level = "medium" if s.turn % 2 else "hard"
        m = ask(cmd="ai", position=pos, level=level, seed=k)["move"]
        move = json_to_move(s, m)
        observe(s, move)
        apply_move(s, move)
        pos = ask(cmd="apply", position=pos, move=m)["position"]
        k += 1


def test_the_referee_reads_the_plays_it_applied_as_a_table_does():
    marked = 0
    for players in (2, 3, 4):
        for seed in (11, 12):
            for pos, s in referee_round(players, seed):
                assert marks_for(pos) == s.unlikely
                marked += any(s.unlikely)
    assert marked > 50


def test_hard_answers_with_the_marks():
    differs = 0
    for seed in (21, 22, 23):
        for i, (pos, s) in enumerate(referee_round(2, seed)):
            a = ask(cmd="ai", position=pos, level="hard", seed=i)["move"]
            assert a == move_to_json(s, choose_move(s, "hard", i))
            bare = position_to_state(pos)  # the same position, no plays read
            differs += a != move_to_json(bare, choose_move(bare, "hard", i))
    assert differs  # the marks did change an answer


def test_hidden_cards_dealt_otherwise_find_the_same_marks():
    for i, (pos, s) in enumerate(referee_round(2, 31)):
        other = hidden_dealt_afresh(position_to_state(pos), i, keep=s.hands[s.turn])
        assert marks_for(state_to_position(other)) == s.unlikely


def test_a_position_the_referee_did_not_reach_reads_no_marks():
    positions = [pos for pos, s in referee_round(2, 41) if any(s.unlikely)]
    assert positions
    for pos in positions:
        assert not any(marks_for(dict(pos, scores=[1, 0])))  # another game's score
        assert not any(marks_for(dict(pos, dealer=1 - pos["dealer"])))
    assert not any(marks_for(state_to_position(new_game(2, 41))))


def test_memory_is_bounded(monkeypatch):
    monkeypatch.setattr(ai_request, "KEEP", 5)
    monkeypatch.setattr(ai_request, "_marks", {})
    for _pos, _s in referee_round(2, 51):
        assert len(ai_request._marks) <= 5
    assert len(ai_request._marks) == 5
