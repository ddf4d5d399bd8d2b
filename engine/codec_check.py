# The validation of a decoded state record: engine/codec.py's decode() calls check().
# Its own module so that each of the two compiles in a small heap on the board.
from engine.cards import group_value, worth


def check(s):
    # What a decoded record must satisfy to be a position the engine can play:
    # seats in range, hands of at most 4, whole hands in the deck, builds whose
    # groups agree and whose owner holds their value, every card once.
    n = s.n
    if not (s.dealer < n and s.turn < n and -1 <= s.last < n and -1 <= s.winner < s.sides):
        raise ValueError("seat out of range")
    if len(s.deck) % (4 * n):
        raise ValueError("deck is not whole hands")
    for h in s.hands:
        if len(h) > 4:
            raise ValueError("hand of more than 4 cards")
    seen = bytearray(52)
    lists = s.hands + s.captured + [s.loose, s.deck]
    for value, owner, groups in s.builds:
        if owner >= n or not 2 <= value <= 14 or not groups:
            raise ValueError("bad build")
        size = 0
        for g in groups:
            if not g or group_value(g) != value:
                raise ValueError("bad build")
            size += len(g)
        if size < 2 or not _holds(s.hands[owner], value):
            raise ValueError("bad build")
        lists.extend(groups)
    for cards in lists:
        for c in cards:
            if c >= 52 or seen[c]:
                raise ValueError("card missing or twice")
            seen[c] = 1
    if sum(seen) != 52:
        raise ValueError("card missing or twice")
    if s.hands[s.turn] == [] and not s.round_over():
        raise ValueError("seat to move holds no card")


def _holds(hand, value):
    for c in hand:
        if worth(c) == value:
            return True
    return False
