# Cards are ints 0..51: rank index (0 = Ace .. 12 = King) times 4 plus suit
# (0 spades, 1 clubs, 2 hearts, 3 diamonds). Small ints never allocate. Their
# names ("TD") are the host's: tools/ref/card_names.py.
BIG_CASINO = 39  # TD
LITTLE_CASINO = 4  # 2S
ACES = (0, 1, 2, 3)  # AS AC AH AD: the scoring order of the Aces


# each card's rank, what it counts in a sum of two or more cards: Ace 1 .. King 13
RANK = bytes((c >> 2) + 1 for c in range(52))
# each card's value, what it captures and a lone card's worth ("Aces"): its rank, an Ace 14
VALUE = bytes(14 if c < 4 else (c >> 2) + 1 for c in range(52))


def worth(card):
    """What the card captures, and a lone card's worth as a group: its rank, an Ace 14."""
    return VALUE[card]


def group_value(group):
    """A group's worth: a lone card its worth (Ace 14), else the sum of ranks (Aces 1)."""
    if len(group) == 1:
        return VALUE[group[0]]
    total = 0
    for c in group:
        total += RANK[c]
    return total
