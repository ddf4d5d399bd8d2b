"""Helpers for the rule tests: hand-built positions and move keys (conftest sets sys.path)."""

from tools.ref import card_names as C
from engine.movegen import legal_moves, CAPTURE, TRAIL
from engine.ai_eval import vmask
from engine.ai_know import owned_values
from engine.rng import Rng

ALL_NAMES = [C.name(c) for c in range(52)]


def split_names(text):
    """'8S 3H' -> ['8S', '3H']; lists pass through."""
    return text.split() if isinstance(text, str) else list(text)


def suit_names(suit):
    """Every card name of one suit letter, Ace to King."""
    return [r + suit for r in C.RANKS]


def position(
    players=2,
    hands=None,
    loose="",
    builds=(),
    dealer=None,
    turn=0,
    deck="",
    captured=None,
    sweeps=None,
    scores=None,
    last=None,
    sweeps_on=True,
    rest_to=None,
):
    """A docs/REFEREE.md position; every card not named goes to captured[rest_to].

    builds: list of (groups, owner) with groups like ["6S 2H", "8D"].
    """
    n = players
    sides = 2 if n == 4 else n
    hands = [split_names(h) for h in (hands or [""] * n)]
    caps = [split_names(c) for c in (captured or [""] * n)]
    bl = [{"groups": [split_names(g) for g in groups], "owner": owner} for groups, owner in builds]
    used = set(c for h in hands for c in h) | set(split_names(loose)) | set(split_names(deck))
    used |= set(c for pile in caps for c in pile)
    used |= set(c for b in bl for g in b["groups"] for c in g)
    rest = [c for c in ALL_NAMES if c not in used]
    if rest_to is None:
        rest_to = (turn + 1) % n
    caps[rest_to] = caps[rest_to] + rest
    return {
        "players": n,
        "dealer": (n - 1) if dealer is None else dealer,
        "turn": turn,
        "hands": hands,
        "loose": split_names(loose),
        "builds": bl,
        "deck": split_names(deck),
        "captured": caps,
        "sweeps": list(sweeps or [0] * n),
        "last_capturer": last,
        "scores": list(scores or [0] * sides),
        "sweeps_on": sweeps_on,
    }


def state(**kw):
    """An engine State for position(**kw), checked by tools/ref/protocol.py."""
    from tools.ref.protocol import position_to_state

    return position_to_state(position(**kw))


def table_cards(s, move):
    """The table cards (ints) a move takes or builds with, read from its masks."""
    _, _, _, lm, bm = move
    out = [s.loose[i] for i in range(len(s.loose)) if lm >> i & 1]
    for j in range(len(s.builds)):
        if bm >> j & 1:
            for g in s.builds[j][2]:
                out.extend(g)
    return out


def key(s, move):
    """A move's identity (docs/REFEREE.md): (card, kind word, build value or None, cards)."""
    card, kind, value, _, _ = move
    word = "capture" if kind == CAPTURE else "trail" if kind == TRAIL else "build"
    return (
        C.name(card),
        word,
        value if word == "build" else None,
        frozenset(C.name(c) for c in table_cards(s, move)),
    )


def K(card, kind, value=None, cards=""):
    """An expected move key written by hand: K('3H', 'build', 8, '5D')."""
    return (card, kind, value, frozenset(split_names(cards)))


def keys(s):
    """The set of legal move keys for the seat to move."""
    return set(key(s, m) for m in legal_moves(s))


def find(s, k):
    """The engine move with key k (asserting there is exactly one)."""
    found = [m for m in legal_moves(s) if key(s, m) == k]
    assert len(found) == 1, "move %r: %d matches" % (k, len(found))
    return found[0]


def do(s, card, kind, value=None, cards=""):
    """Play the legal move named by hand through engine.play.play; returns event names."""
    from engine.play import play
    from tools.ref.protocol import event_names

    return event_names(play(s, find(s, K(card, kind, value, cards))))


def names(cards):
    return sorted(C.name(c) for c in cards)


def build_view(s):
    """Builds as comparable (value, owner, sorted groups of sorted names)."""
    return sorted(
        (v, o, tuple(sorted(tuple(sorted(C.name(c) for c in g)) for g in gs)))
        for v, o, gs in s.builds
    )


def hidden_dealt_afresh(s, seed, keep=()):
    """s with the cards no seat has shown (hands and deck, less keep) dealt again
    among the same places; a build's owner keeps a card of its value."""
    t = s.copy()
    own = [owned_values(s, o) for o in range(s.n)]
    cards = [c for h in s.hands for c in h if c not in keep] + s.deck
    rng = Rng(seed)
    for _ in range(2000):
        rng.shuffle(cards)
        k = 0
        for o in range(s.n):
            h = [c for c in s.hands[o] if c in keep]
            size = len(s.hands[o]) - len(h)
            t.hands[o] = h + cards[k : k + size]
            k += size
        t.deck = cards[k:]
        if all(own[o] & ~vmask(t.hands[o]) == 0 for o in range(s.n)):
            return t
    raise AssertionError("no deal keeps the builds' owners holding")
