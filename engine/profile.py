# The player's statistics, counted at a round's and a game's end, and a new game's
# start: loaded for each and let go after (lib/session.py profile), so a game's heap
# holds none of it. Seat levels are None (a person) or one of LEVELS.
from engine import const
from engine.state import new_game
from engine.savegame import seat_byte

MASK = 0xFFFFFFFF
# stats: PLAYED+k / WON+k by hardest computer level k (1 easy ..) and BY_N+n-2 /
# WON_N+n-2 by player count, for games against the computers; PLAYED+0 games with a
# person on every side (WON+0 not counted: a person wins those whoever does); best
# winning margin, sweeps, rounds
PLAYED = 0
WON = 4
BY_N = 8
WON_N = 11
MARGIN = 14
SWEEPS = 15
ROUNDS = 16
NSTATS = 17


def record_round(stats, s, seats):
    """A round just ended (before finish_round): count it and the people's sweeps."""
    stats[ROUNDS] += 1
    for seat in range(s.n):
        if seats[seat] is None:
            stats[SWEEPS] += s.sweeps[seat]


def record_game(stats, s, seats):
    """A game just ended (s.winner >= 0), counted when a person played. Against the
    computers (a side of computers only could win): played in the hardest computer's row
    and by player count, won (with the margin) when a person's side won. A person on every
    side (people only, or people with computer partners): a person wins whoever does, so
    it is counted as played in row 0, no more. A game of computers only: not counted."""
    k = 0  # the stats row: the hardest computer's seat byte
    people = 0  # a bit for each side with a person
    for seat in range(s.n):
        lv = seats[seat]
        if lv is None:
            people |= 1 << seat % s.sides
        else:
            k = max(k, seat_byte(lv))
    if not people or s.winner < 0:
        return
    if people == (1 << s.sides) - 1:
        stats[PLAYED] += 1
        return
    stats[PLAYED + k] += 1
    stats[BY_N + s.n - 2] += 1
    if people >> s.winner & 1:
        stats[WON + k] += 1
        stats[WON_N + s.n - 2] += 1
        top = -1  # the best other side's score
        for x in range(s.sides):
            if x != s.winner and s.scores[x] > top:
                top = s.scores[x]
        margin = s.scores[s.winner] - top
        if margin > stats[MARGIN]:
            stats[MARGIN] = margin


def played(stats):
    """Games the profile has played (every row of PLAYED: against the computers or not)."""
    return stats[PLAYED] + stats[PLAYED + 1] + stats[PLAYED + 2] + stats[PLAYED + 3]


_COACH_GAMES = const(5)  # games the coach and the tips speak for on "auto" (engine/settings.py)


def coaching(st, stats):
    """Whether the coach and the first-game tips speak: settings st's coach on, or on auto
    while the profile has played fewer than _COACH_GAMES games."""
    return st.coach == 1 or st.coach == 0 and played(stats) < _COACH_GAMES


def start_game(save, seed):
    """A new game as save.settings say; the seed deals it and seeds the computers."""
    st = save.settings
    save.game = new_game(st.players, seed, st.sweeps)
    save.seats = st.seats[: st.players]
    save.ai_seed = (seed * 0x2545F491 + 1) & MASK
    save.ai_count = 0
    save.recap = []
    save.cursor = -1
