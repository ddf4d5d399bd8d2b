"""The JSON-lines referee of docs/REFEREE.md: one request per line in, one answer per line out.

python -m tools.ref.serve        (or python3 tools/referee.py, the name docs/REFEREE.md gives)
"""

import json
import os
import signal
import sys

from engine.movegen import legal_moves
from engine.play import apply_move, take_leftovers
from engine.scoring import BIG, FIRST_ACE, LITTLE, MOST_CARDS, MOST_SPADES, score_round
from engine.state import new_game
from tools.ref import card_names as C
from tools.ref.protocol import (
    BadRequest,
    _int,
    event_names,
    json_to_move,
    move_to_json,
    position_to_state,
    state_to_position,
)


def _side(x):
    return None if x < 0 else x


def _playing(p):
    s = position_to_state(p)
    if s.round_over():
        raise BadRequest("the round is over: no cards in hands or deck")
    return s


def do_legal(req):
    s = _playing(req.get("position"))
    return {"moves": [move_to_json(s, m) for m in legal_moves(s)]}


def do_apply(req):
    from tools.ref.ai_request import reached, seen  # what the play says, for hard's answers

    s = _playing(req.get("position"))
    move = json_to_move(s, req.get("move"))
    seen(s, move)
    events = apply_move(s, move)
    reached(s)
    return {"position": state_to_position(s), "events": event_names(events)}


def do_score(req):
    s = position_to_state(req.get("position"))
    if not s.round_over():
        raise BadRequest("the round is not over: cards remain in hands or deck")
    take_leftovers(s)
    points, scores, winner, items, net = score_round(s)
    return {
        "points": points,
        "scores": scores,
        "winner": _side(winner),
        "items": {
            "most_cards": _side(items[MOST_CARDS]),
            "most_spades": _side(items[MOST_SPADES]),
            "big_casino": _side(items[BIG]),
            "little_casino": _side(items[LITTLE]),
            "aces": {C.name(a): _side(items[FIRST_ACE + a]) for a in range(4)},
            "sweeps": net,
        },
    }


def do_new(req):
    n = _int(req.get("players"), "players", 2, 4)
    seed = _int(req.get("seed"), "seed", -(1 << 63))
    sweeps_on = req.get("sweeps_on", True)
    if not isinstance(sweeps_on, bool):
        raise BadRequest("sweeps_on must be true or false")
    return {"position": state_to_position(new_game(n, seed, sweeps_on))}


def do_ai(req):
    from tools.ref.ai_request import choose  # the computer players

    return choose(req)


COMMANDS = {"legal": do_legal, "apply": do_apply, "score": do_score, "new": do_new, "ai": do_ai}


def answer(line):
    """One request line -> one answer object; never raises."""
    try:
        try:
            req = json.loads(line)
        except ValueError as e:
            raise BadRequest("not a JSON object: %s" % e) from None
        if not isinstance(req, dict):
            raise BadRequest("a request must be a JSON object")
        if "position" in req and not isinstance(req["position"], dict):
            raise BadRequest("position must be an object")
        cmd = req.get("cmd")
        handler = COMMANDS.get(cmd) if isinstance(cmd, str) else None
        if handler is None:
            raise BadRequest("unknown cmd %r" % (req.get("cmd"),))
        return handler(req)
    except BadRequest as e:
        return {"error": str(e)}
    except Exception as e:  # a bug must not kill the referee: report it and go on
        return {"error": "internal error: %s: %s" % (type(e).__name__, e)}


# A request that would run longer than this (a crafted table with an
# astronomical number of legal moves) is answered with an error instead.
LIMIT_SECONDS = float(os.environ.get("REFEREE_LIMIT_SECONDS", "20"))


class TooLong(BaseException):
    """Raised by the alarm; a BaseException so no handler's except catches it."""


def _alarm(signum, frame):
    raise TooLong()


def reply(line):
    """The answer line for one request line, within the time limit."""
    signal.setitimer(signal.ITIMER_REAL, LIMIT_SECONDS)
    try:
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError:
            return json.dumps({"error": "line is not UTF-8"})
        return json.dumps(answer(text))
    except TooLong:
        return json.dumps(
            {"error": "request takes too long (over %g s): position too complex" % LIMIT_SECONDS}
        )
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def main():
    signal.signal(signal.SIGALRM, _alarm)
    out = sys.stdout
    for raw in sys.stdin.buffer:
        out.write(reply(raw) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
