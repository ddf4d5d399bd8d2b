"""The engine's cards with the host's extras: card names ("TD", "2S": PROTOCOL.md, the
tools and the tests) and rank(). The board never names a card so (lib/words.py draws its
own glyphs), so these stay out of its resident code in engine/cards.py."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from engine.cards import BIG_CASINO, LITTLE_CASINO, ACES, worth, group_value  # noqa: E402,F401

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
