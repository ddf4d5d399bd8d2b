"""docs/REFEREE.md's JSON shapes <-> engine state and move tuples (host side only)."""

from engine.movegen import CAPTURE, TRAIL, legal_moves
from engine.state import State
from tools.ref import card_names as C

FIELDS = (
    "players",
    "dealer",
    "turn",
    "hands",
    "loose",
    "builds",
    "deck",
    "captured",
    "sweeps",
    "last_capturer",
    "scores",
    "sweeps_on",
)
KIND_NAMES = ("capture", "build", "build", "build", "trail")
# engine.play's event bits (EV_CAPTURE = 1 .. EV_ROUND_OVER = 64), by name
EVENT_NAMES = ("capture", "build", "trail", "sweep", "deal", "last", "round_over")


def event_names(events):
    # the names of the bits set in play()'s events, in bit order
    return [EVENT_NAMES[i] for i in range(len(EVENT_NAMES)) if events >> i & 1]


class BadRequest(ValueError):
    pass


def _int(value, what, low, high=None):
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadRequest("%s must be a whole number" % what)
    if value < low or (high is not None and value > high):
        raise BadRequest("%s out of range: %d" % (what, value))
    return value


def _list(value, what, length=None):
    if not isinstance(value, list):
        raise BadRequest("%s must be a list" % what)
    if length is not None and len(value) != length:
        raise BadRequest("%s must have %d entries, not %d" % (what, length, len(value)))
    return value


def _cards(value, what):
    out = []
    for name in _list(value, what):
        try:
            out.append(C.parse(name))
        except ValueError as e:
            raise BadRequest("%s: %s" % (what, e)) from None
    return out


def position_to_state(p):
    """Check a position against docs/REFEREE.md's rules of shape and build the state."""
    if not isinstance(p, dict):
        raise BadRequest("position must be an object")
    for f in FIELDS:
        if f not in p:
            raise BadRequest("position is missing %r" % f)
    n = _int(p["players"], "players", 2, 4)
    if not isinstance(p["sweeps_on"], bool):
        raise BadRequest("sweeps_on must be true or false")
    s = State(n, p["sweeps_on"])
    s.dealer = _int(p["dealer"], "dealer", 0, n - 1)
    s.turn = _int(p["turn"], "turn", 0, n - 1)
    s.hands = [_cards(h, "hands[%d]" % i) for i, h in enumerate(_list(p["hands"], "hands", n))]
    for i, h in enumerate(s.hands):
        if len(h) > 4:
            raise BadRequest("hands[%d] has %d cards, more than 4" % (i, len(h)))
    s.loose = _cards(p["loose"], "loose")
    s.deck = _cards(p["deck"], "deck")
    if len(s.deck) % (4 * n):
        raise BadRequest("deck of %d cards is not a whole number of hands" % len(s.deck))
    s.captured = [
        _cards(c, "captured[%d]" % i) for i, c in enumerate(_list(p["captured"], "captured", n))
    ]
    s.sweeps = [_int(v, "sweeps", 0) for v in _list(p["sweeps"], "sweeps", n)]
    s.scores = [_int(v, "scores", 0) for v in _list(p["scores"], "scores", s.sides)]
    last = p["last_capturer"]
    s.last = -1 if last is None else _int(last, "last_capturer", 0, n - 1)
    s.builds = [_build(b, n, i) for i, b in enumerate(_list(p["builds"], "builds"))]
    seen = {}
    everything = [c for h in s.hands for c in h] + s.loose + s.deck
    everything += [c for pile in s.captured for c in pile]
    everything += [c for b in s.builds for g in b[2] for c in g]
    for c in everything:
        if c in seen:
            raise BadRequest("card %s appears twice" % C.name(c))
        seen[c] = True
    if len(seen) != 52:
        missing = [C.name(c) for c in range(52) if c not in seen]
        raise BadRequest(
            "%d cards instead of 52; missing %s" % (len(everything), " ".join(missing))
        )
    for value, owner, _ in s.builds:
        if not any(C.worth(c) == value for c in s.hands[owner]):
            raise BadRequest(
                "impossible position: seat %d owns a build of %d "
                "without holding a card of that value" % (owner, value)
            )
    if not any(s.hands) and s.deck:
        s.deal_hand()  # every hand played out: the next hand is dealt
    if not s.hands[s.turn] and any(s.hands):
        raise BadRequest("impossible position: seat %d to move holds no card" % s.turn)
    return s


def _build(b, n, i):
    what = "builds[%d]" % i
    if not isinstance(b, dict) or "groups" not in b or "owner" not in b:
        raise BadRequest("%s needs groups and owner" % what)
    owner = _int(b["owner"], what + " owner", 0, n - 1)
    groups = []
    for g in _list(b["groups"], what + " groups"):
        g = _cards(g, what)
        if not g:
            raise BadRequest("%s has an empty group" % what)
        groups.append(tuple(g))
    if not groups:
        raise BadRequest("%s has no groups" % what)
    values = set(C.group_value(g) for g in groups)
    if len(values) != 1:
        raise BadRequest("%s: groups of different values %s" % (what, sorted(values)))
    value = values.pop()
    if not 2 <= value <= 14:
        raise BadRequest("%s: value %d outside 2 to 14" % (what, value))
    if sum(len(g) for g in groups) < 2:
        raise BadRequest("%s has fewer than two cards" % what)
    if "value" in b and b["value"] != value:
        raise BadRequest("%s: value %r but its groups are worth %d" % (what, b["value"], value))
    return (value, owner, tuple(groups))


def state_to_position(s):
    def names(cards):
        return [C.name(c) for c in cards]

    return {
        "players": s.n,
        "dealer": s.dealer,
        "turn": s.turn,
        "hands": [names(h) for h in s.hands],
        "loose": names(s.loose),
        "builds": [{"groups": [names(g) for g in b[2]], "owner": b[1]} for b in s.builds],
        "deck": names(s.deck),
        "captured": [names(c) for c in s.captured],
        "sweeps": list(s.sweeps),
        "last_capturer": None if s.last < 0 else s.last,
        "scores": list(s.scores),
        "sweeps_on": s.sweeps_on,
    }


def move_cards(s, move):
    """The table cards a move takes or builds with, as card ints."""
    _, _, _, lm, bm = move
    out = [s.loose[i] for i in range(len(s.loose)) if lm >> i & 1]
    for j in range(len(s.builds)):
        if bm >> j & 1:
            out.extend(c for g in s.builds[j][2] for c in g)
    return out


def move_to_json(s, move):
    card, kind, value, _, _ = move
    m = {"card": C.name(card), "kind": KIND_NAMES[kind]}
    if kind != TRAIL:
        if kind != CAPTURE:
            m["value"] = value
        m["cards"] = [C.name(c) for c in move_cards(s, move)]
    return m


def _key(s, move):
    card, kind, value, _, _ = move
    return (
        card,
        KIND_NAMES[kind],
        value if KIND_NAMES[kind] == "build" else None,
        frozenset(move_cards(s, move)),
    )


def json_to_move(s, m):
    """Find the legal move a JSON move names; BadRequest if it is malformed or illegal."""
    if not isinstance(m, dict):
        raise BadRequest("move must be an object")
    if "card" not in m or "kind" not in m:
        raise BadRequest("move needs card and kind")
    try:
        card = C.parse(m["card"])
    except ValueError as e:
        raise BadRequest("move: %s" % e) from None
    kind = m["kind"]
    if kind not in ("capture", "build", "trail"):
        raise BadRequest("move kind must be capture, build or trail, not %r" % (kind,))
    table = _cards(m.get("cards", []), "move cards")
    if len(set(table)) != len(table):
        raise BadRequest("move lists a card twice")
    value = None
    if kind == "build":
        if "value" not in m:
            raise BadRequest("a build move needs its value")
        value = _int(m["value"], "move value", 0)
    elif kind == "trail" and table:
        raise BadRequest("a trail takes no table cards")
    if card not in s.hands[s.turn]:
        raise BadRequest("illegal move: seat %d does not hold %s" % (s.turn, C.name(card)))
    want = (card, kind, value, frozenset(table))
    for move in legal_moves(s):
        if _key(s, move) == want:
            return move
    raise BadRequest("illegal move: %s" % describe(m))


def describe(m):
    text = "%s %s" % (m.get("kind"), m.get("card"))
    if m.get("cards"):
        text += " with " + " ".join(str(c) for c in m["cards"])
    if m.get("value") is not None:
        text += " for %s" % m["value"]
    return text
