# What one seat can know, for the computer players: the cards it has not
# seen, the odds that a seat holds a value, and what each card is worth.
# Reads only the seat's own hand, the table, every capture pile, hand sizes
# and build owners: never another hand or the deck.
from engine import const
from engine.cards import VALUE

_BIG_CASINO = const(39)  # engine.cards.BIG_CASINO
_LITTLE_CASINO = const(4)  # engine.cards.LITTLE_CASINO
_B_VALUE = const(0)  # a build's fields (engine.state)
_B_OWNER = const(1)
_B_GROUPS = const(2)

SWEEP = 100  # centipoints: a sweep is worth one point
REDRAWS = 10  # draws again of a card marked unlikely, at most (deal)


def unseen(s, seat):
    """Cards not in this seat's hand, on the table or in any capture pile,
    in card order (so the same knowledge always gives the same list)."""
    seen = bytearray(52)
    for c in s.hands[seat]:
        seen[c] = 1
    for c in s.loose:
        seen[c] = 1
    for b in s.builds:
        for g in b[_B_GROUPS]:
            for c in g:
                seen[c] = 1
    for pile in s.captured:
        for c in pile:
            seen[c] = 1
    out = []
    for c in range(52):
        if not seen[c]:
            out.append(c)
    return out


def weights(s, seat, goals=False, spread=1, card=14):
    """Centipoints each card is worth to whoever takes it: most cards (3) and
    most spades (1) spread over the cards still in play, card each while
    most cards is open, less once decided (not with spread 0: ai_end counts
    them exactly); the casinos and Aces their points; with goals, the
    near-21 needs."""
    sides = s.sides
    cards = [0] * sides
    spades = [0] * sides
    for k in range(s.n):
        for c in s.captured[k]:
            cards[k % sides] += 1
            if c & 3 == 0:
                spades[k % sides] += 1
    undecided = max(cards) < (27 if sides == 2 else 18)
    cw = (card if undecided else 3) * spread
    sw = (2 if max(spades) >= (7 if sides == 2 else 5) else 10) * spread
    w = [cw] * 52
    for c in range(0, 52, 4):
        w[c] += sw
    w[_BIG_CASINO] += 200
    w[_LITTLE_CASINO] += 100
    for a in range(4):
        w[a] += 100
    if goals and max(s.scores) < 21:
        # near 21 a side wins only by most cards (18), Big (19) or Little
        # Casino (20): those cards decide the game, for it or against it
        for v in s.scores:
            if v == 18 and undecided:
                for c in range(52):
                    w[c] += 30
            elif v == 19:
                w[_BIG_CASINO] += 600
            elif v == 20:
                w[_LITTLE_CASINO] += 600
    return w


def owned_values(s, seat):
    """Bit v set: seat owns a build of value v, so it holds a card of value v."""
    m = 0
    for b in s.builds:
        if b[_B_OWNER] == seat:
            m |= 1 << b[_B_VALUE]
    return m


def rank_counts(cards):
    """counts by value 2..14 (an Ace counted as 14)"""
    cnt = [0] * 15
    value = VALUE
    for c in cards:
        cnt[value[c]] += 1
    return cnt


# hold_odds: the odds a seat holds none of a value, by how many cards of it are unseen,
# and (last) the total and size they are for: a deal's checks ask again and again
_NONE = [0, 0, 0, 0, 0, -1]


def hold_odds(cnt, total, size, owned, out):
    """out[v], permille: a seat with size unseen cards holds a card of value v,
    drawn from total unseen cards of which cnt[v] have value v."""
    nones = _NONE
    key = total << 8 | size
    if nones[5] != key:
        nones[5] = key
        for k in range(5):
            none = 1000
            i = 0
            while i < size and none:
                d = total - i
                if d <= 0:
                    break
                none = none * (d - k if d > k else 0) // d
                i += 1
            nones[k] = none
    for v in range(2, 15):
        out[v] = 1000 if owned >> v & 1 else 1000 - nones[cnt[v]]
    return out


def deal(s, seat, pool, rng, hands):
    """A guess at the hidden cards: fill the other seats' hands (their sizes)
    with cards drawn at random from the unseen cards in pool, each moved to
    pool's front (the rest, past the hands, is the deck: as many draws as
    cards dealt, not a shuffle of the pool). A build owner gets a card of
    its build's value first. A card an opponent's plays made unlikely
    (ai_hard.observe) is drawn again, up to REDRAWS times: the marks are
    not always right, and where they cover nearly every card, letting one
    through now and then measured stronger than never. A partner's marks
    are not followed: with them 4-player hard measured weaker against
    medium. Returns 0: the work ai_medium.deal counts for a deal with no
    check."""
    pos = 0
    for o in range(s.n):
        if o == seat:
            continue
        h = hands[o]
        del h[:]
        own = owned_values(s, o)
        for v in range(2, 15):
            if own >> v & 1 and _draw_value(pool, pos, rng, (v - 1) % 13):
                h.append(pool[pos])
                pos += 1
    u = s.unlikely
    end = len(pool)
    for o in range(s.n):
        if o != seat:
            h = hands[o]
            bit = 1 << o if (o - seat) % s.sides else 0
            while len(h) < len(s.hands[o]):
                k = pos + rng.below(end - pos)
                t = REDRAWS
                while t and u[pool[k]] & bit:
                    k = pos + rng.below(end - pos)
                    t -= 1
                pool[k], pool[pos] = pool[pos], pool[k]
                h.append(pool[pos])
                pos += 1
    return 0


def _draw_value(pool, pos, rng, q):
    # Move to pool[pos] one of pool[pos:]'s cards of card >> 2 q, at random;
    # False if it has none.
    n = 0
    for k in range(pos, len(pool)):
        if pool[k] >> 2 == q:
            n += 1
    if not n:
        return False
    n = rng.below(n) + 1
    k = pos - 1
    while n:
        k += 1
        if pool[k] >> 2 == q:
            n -= 1
    pool[k], pool[pos] = pool[pos], pool[k]
    return True
