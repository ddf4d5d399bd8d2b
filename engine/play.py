# Applying a move: the table changes, the turn passes, hands are dealt, and the
# round ends with the leftovers going to the last capturer.
from engine import const
from engine.movegen import each_move
from engine.cards import RANK, VALUE
from engine.sums import sums_to

_CAPTURE = const(0)  # engine.movegen.CAPTURE
_CREATE = const(1)  # engine.movegen.CREATE
_ADD = const(2)  # engine.movegen.ADD
_TRAIL = const(4)  # engine.movegen.TRAIL
_CARD = const(0)  # a move's card (engine.movegen)
_B_GROUPS = const(2)  # a build's groups (engine.state)

EV_CAPTURE = 1
EV_BUILD = 2
EV_TRAIL = 4
EV_SWEEP = 8
EV_DEAL = 16
EV_LAST = 32
EV_ROUND_OVER = 64  # (their names, for the referee: tools/ref/protocol.py)


class IllegalMove(ValueError):
    pass


def split(cards, value, mask):
    """Cut the cards picked by mask into groups each worth value, or None."""
    if not mask:
        return []
    i = 0
    while not mask >> i & 1:
        i += 1
    c = cards[i]
    rest = mask & ~(1 << i)
    r = RANK[c]
    if VALUE[c] == value:
        tail = split(cards, value, rest)
        if tail is not None:
            return [(c,)] + tail
    ranks = []  # the other picked cards' ranks, and their mask bits
    bits = []
    for k in range(len(cards)):
        if rest >> k & 1:
            ranks.append(RANK[cards[k]])
            bits.append(1 << k)
    if value > r:
        for m in sums_to(ranks, bits, value - r, [], False):
            group = [c]
            for k in range(len(cards)):
                if m >> k & 1:
                    group.append(cards[k])
            tail = split(cards, value, rest & ~m)
            if tail is not None:
                return [tuple(group)] + tail
    return None


def new_groups(card, value, cards):
    """The groups a build move lays down: the played card's group first."""
    everything = cards + [card]
    groups = split(everything, value, (1 << len(everything)) - 1)
    if groups is None:
        raise IllegalMove("those cards do not make groups worth %d" % value)
    return tuple(groups)


def apply_move(s, move):
    """Apply a move taken from legal_moves(s); returns the events as bits."""
    card, kind, value, lm, bm = move
    seat = s.turn
    # (RULES.md, "Captures" and "Builds": what each kind of move does to the table)
    s.hands[seat].remove(card)
    taken = []
    if lm:
        keep = []
        for i in range(len(s.loose)):
            (taken if lm >> i & 1 else keep).append(s.loose[i])
        s.loose = keep
    if kind == _CAPTURE:
        pile = s.captured[seat]
        pile.extend(taken)
        pile.append(card)
        if bm:
            keep = []
            for j in range(len(s.builds)):
                b = s.builds[j]
                if bm >> j & 1:
                    for g in b[_B_GROUPS]:
                        pile.extend(g)
                else:
                    keep.append(b)
            s.builds = keep
        s.last = seat
        events = EV_CAPTURE
    elif kind == _TRAIL:
        s.loose.append(card)
        events = EV_TRAIL
    else:
        events = EV_BUILD
        if kind == _CREATE:
            s.builds.append((value, seat, new_groups(card, value, taken)))
        else:
            j = 0
            while not bm >> j & 1:
                j += 1
            b = s.builds[j]
            if kind == _ADD:
                groups = b[_B_GROUPS] + new_groups(card, value, taken)
            else:
                groups = (b[_B_GROUPS][0] + (card,),)
            s.builds[j] = (value, seat, groups)
    s.turn = (seat + 1) % s.n
    if kind == _CAPTURE and is_sweep(s):
        s.sweeps[seat] += 1
        events |= EV_SWEEP
    if not any(s.hands):
        if s.deck:
            s.deal_hand()
            events |= EV_DEAL
            if not s.deck:
                events |= EV_LAST
        else:
            take_leftovers(s)
            events |= EV_ROUND_OVER
    return events


def is_sweep(s):
    """After a capture: it cleared the table with sweeps on, and was not the round's last play
    (RULES.md, "Sweeps")."""
    return not s.loose and not s.builds and s.sweeps_on and (s.deck or any(s.hands))


def take_leftovers(s):
    """Loose cards left at the round's end go to the last capturer (else the dealer)."""
    if s.loose:
        s.captured[s.last if s.last >= 0 else s.dealer].extend(s.loose)
        s.loose = []


def play(s, move):
    """The checked entry point: an illegal move raises and changes nothing."""
    if s.round_over():
        raise IllegalMove("the round is over")
    # (against its card's moves, walked, not listed: a crowded table has
    # thousands; anything but a move is none of them)
    if move not in each_move(s, move[_CARD] if type(move) is tuple and move else -1):
        raise IllegalMove("not a legal move for seat %d" % s.turn)
    return apply_move(s, move)
