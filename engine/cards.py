# Cards are ints 0..51: rank index (0 = Ace .. 12 = King) times 4 plus suit
# (0 spades, 1 clubs, 2 hearts, 3 diamonds). Small ints never allocate.
RANKS = "A23456789TJQK"
SUITS = "SCHD"
SPADES = 0
BIG_CASINO = 39     # TD
LITTLE_CASINO = 4   # 2S
ACES = (0, 1, 2, 3)  # AS AC AH AD: the scoring order of the Aces


def rank(card):
    # 1 (Ace) .. 13 (King): also the card's worth inside a sum.
    return (card >> 2) + 1


def suit(card):
    return card & 3


def worth(card):
    # What the card captures, and a lone card's worth as a group: Ace 14.
    r = (card >> 2) + 1
    return 14 if r == 1 else r


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


def group_value(group):
    # A group's worth: a lone card its worth (Ace 14), else the sum, Aces 1.
    if len(group) == 1:
        return worth(group[0])
    total = 0
    for c in group:
        total += (c >> 2) + 1
    return total
