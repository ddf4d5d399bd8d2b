# What one seat can know, for the computer players: the cards it has not
# seen, the odds that a seat holds a value, and what each card is worth.
# Reads only the seat's own hand, the table, every capture pile, hand sizes
# and build owners: never another hand or the deck.
from engine.cards import BIG_CASINO, LITTLE_CASINO

SWEEP = 100     # centipoints: a sweep is worth one point


def unseen(s, seat):
    # Cards not in this seat's hand, on the table or in any capture pile,
    # in card order (so the same knowledge always gives the same list).
    seen = bytearray(52)
    for c in s.hands[seat]:
        seen[c] = 1
    for c in s.loose:
        seen[c] = 1
    for b in s.builds:
        for g in b[2]:
            for c in g:
                seen[c] = 1
    for pile in s.captured:
        for c in pile:
            seen[c] = 1
    return [c for c in range(52) if not seen[c]]


def weights(s, seat):
    # Centipoints each card is worth to whoever takes it: most cards (3) and
    # most spades (1) spread over the cards still in play, less once decided;
    # the casinos and Aces their points.
    sides = s.sides
    cards = [0] * sides
    spades = [0] * sides
    for k in range(s.n):
        for c in s.captured[k]:
            cards[k % sides] += 1
            if c & 3 == 0:
                spades[k % sides] += 1
    need = 27 if sides == 2 else 18
    cw = 3 if max(cards) >= need else 14
    sw = 2 if max(spades) >= (7 if sides == 2 else 5) else 10
    w = [cw] * 52
    for c in range(0, 52, 4):
        w[c] += sw
    w[BIG_CASINO] += 200
    w[LITTLE_CASINO] += 100
    for a in range(4):
        w[a] += 100
    return w


def owned_values(s, seat):
    # Bit v set: seat owns a build of value v, so it holds a card of value v.
    m = 0
    for b in s.builds:
        if b[1] == seat:
            m |= 1 << b[0]
    return m


def rank_counts(cards):
    # counts by value 2..14 (an Ace counted as 14)
    cnt = [0] * 15
    for c in cards:
        r = (c >> 2) + 1
        cnt[14 if r == 1 else r] += 1
    return cnt


def hold_odds(cnt, total, size, owned, out):
    # out[v], permille: a seat with size unseen cards holds a card of value v,
    # drawn from total unseen cards of which cnt[v] have value v.
    for v in range(2, 15):
        if owned >> v & 1:
            out[v] = 1000
            continue
        k = cnt[v]
        none = 1000
        i = 0
        while i < size and none:
            d = total - i
            if d <= 0:
                break
            none = none * (d - k if d > k else 0) // d
            i += 1
        out[v] = 1000 - none
    return out
