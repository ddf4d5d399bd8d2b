# The first-game tips: the first time each kind of move is possible for a person (a
# capture, a build, a raise, taking a build, a sweep, a card held by the hold rule, the
# last capture taking the leftovers) a tip names it, once per profile (Settings.tips).
# Loaded for a person's turn while some tip is unseen and the coach is on, let go after.
# Each line fits the 31 characters of a 5x7 line (the recap's box).
from micropython import const
from engine.cards import VALUE

_CAPTURE = const(0)  # engine.movegen.CAPTURE
_CREATE = const(1)  # engine.movegen.CREATE
_ADD = const(2)  # engine.movegen.ADD
_TRAIL = const(4)  # engine.movegen.TRAIL
_CARD = const(0)  # a move's fields (engine.movegen)
_KIND = const(1)
_LOOSE = const(3)
_BUILDS = const(4)
_B_VALUE = const(0)  # a build's fields (engine.state)
_B_OWNER = const(1)

# the first-game tips, by kind (bit k of Settings.tips: shown once per profile; the
# kinds' numbers below, private: a module's global name is a qstr the board keeps)
TIPS = (
    ("TIP: play a card of a table", "card's value to capture it"),
    ("TIP: build: add to table cards", "to make a value you hold"),
    ("TIP: raise: add to a rival's", "lone build; it becomes yours"),
    ("TIP: a build is taken by a", "card of its value, by anyone"),
    ("TIP: take every table card", "for a SWEEP: a point"),
    ("TIP: hold rule: keep a card", "of your build's value"),
    ("TIP: the round's last capture", "takes the cards left on table"),
)
_T_CAPTURE = const(0)
_T_BUILD = const(1)
_T_RAISE = const(2)
_T_TAKE_BUILD = const(3)
_T_SWEEP = const(4)
_T_HOLD = const(5)
_T_LAST = const(6)
_ALL_TIPS = const(127)


def sweeps(s, m):
    """Whether capture m clears the table for a sweep (engine/play.py is_sweep's rule)."""
    if m[_KIND] != _CAPTURE or not s.sweeps_on:
        return False
    if m[_LOOSE] != (1 << len(s.loose)) - 1 or m[_BUILDS] != (1 << len(s.builds)) - 1:
        return False
    return bool(s.deck) or sum(map(len, s.hands)) > 1


def tip(s, moves, seen):
    """The first-game tip for the seat to play (its legal moves: the engine's list)
    whose bit is not in seen: (bit, lines), or None."""
    have = 0
    for m in moves:
        kind = m[_KIND]
        if kind == _CAPTURE:
            have |= 1 << _T_CAPTURE
            if m[_BUILDS]:
                have |= 1 << _T_TAKE_BUILD
            if sweeps(s, m):
                have |= 1 << _T_SWEEP
            if not s.deck:
                have |= 1 << _T_LAST
        elif kind == _CREATE or kind == _ADD:
            have |= 1 << _T_BUILD
        elif kind != _TRAIL:
            have |= 1 << _T_RAISE
    # the hold rule: a card of the value of a build the seat owns whose every legal move
    # (the engine's list) takes or raises that build: the card is held for it
    for j in range(len(s.builds)):
        b = s.builds[j]
        if b[_B_OWNER] == s.turn:
            for c in s.hands[s.turn]:
                if VALUE[c] == b[_B_VALUE]:
                    held = True
                    for m in moves:
                        if m[_CARD] == c and not m[_BUILDS] >> j & 1:
                            held = False
                    if held:
                        have |= 1 << _T_HOLD
    have &= ~seen
    for k in range(len(TIPS)):
        if have >> k & 1:
            return k, TIPS[k]
    return None


def shown(s, moves, st):
    """tip's lines (a list, [] for none) for settings st's unseen tips, the tip marked
    seen in st.tips (once per profile: saved with the settings)"""
    t = tip(s, moves, st.tips)
    if t is None:
        return []
    st.tips |= 1 << t[0]
    return list(t[1])
