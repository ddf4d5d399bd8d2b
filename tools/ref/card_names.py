"""The engine's cards with the host's extras: card names ("TD", "2S": docs/REFEREE.md, the
tools and the tests) and rank(). The board never names a card so (lib/words.py draws its
own glyphs), so these stay out of its resident code in engine/cards.py."""

from engine.cards import (  # noqa: F401  (the engine's names, here for the tools and tests)
    ACES,
    BIG_CASINO,
    LITTLE_CASINO,
    group_value,
    worth,
)

RANKS = "A23456789TJQK"
SUITS = "SCHD"


def rank(card):
    # 1 (Ace) .. 13 (King): also the card's worth inside a sum.
    return (card >> 2) + 1


def name(card):
    return RANKS[card >> 2] + SUITS[card & 3]


def parse(text):
    # Card name -> int; raises ValueError with the bad name.
    if isinstance(text, str) and len(text) == 2:
        r = RANKS.find(text[0])
        s = SUITS.find(text[1])
        if r >= 0 and s >= 0:
            return r * 4 + s
    raise ValueError("unknown card %r" % (text,))


def parse_all(text):
    """Cards named with spaces between ("7C QD 2S") -> their ints, in order."""
    return [parse(c) for c in text.split()]
