# Reading the save (engine/savegame.py says its layout): the payload's sections, the
# settings' bytes. Only boot and Continue read a save: this module is loaded for that and
# let go after (lib/session.py), not kept in a game's heap.
from engine import const
from engine.codec import decode
from engine.movegen import each_move
from engine.settings import Settings, LEVELS, SPEEDS, COACHES
from engine.savegame import Save, VERSION, SETTINGS, STATS, GAME, TABLE

_NSTATS = const(17)  # engine.profile.NSTATS


def level_of(b):
    """The level a saved seat byte names (None: a person); ValueError if none."""
    if b > len(LEVELS):
        raise ValueError("bad seat")
    return LEVELS[b - 1] if b else None


def read_settings(b):
    """Settings from their saved bytes; ValueError if they are not valid."""
    st = Settings()
    if len(b) < 7 or b[0] not in (2, 3, 4) or b[1] > 1 or b[2] > 1:
        raise ValueError("bad settings")
    st.sweeps = b[1] == 1
    st.mute = b[2] == 1
    st.seats = []
    for x in b[3:7]:
        st.seats.append(level_of(x))
    st.seats[0] = None  # P1 holds the board: always a person
    st.set_players(b[0])
    if len(b) >= 10:
        st.version = (b[7], b[8], b[9])
    if len(b) >= 11:
        if b[10] >= len(SPEEDS):
            raise ValueError("bad settings")
        st.speed = b[10]
    if len(b) >= 12:
        if b[11] >= len(COACHES):
            raise ValueError("bad settings")
        st.coach = b[11]
    if len(b) >= 14:
        st.tips = b[12] << 8 | b[13]
    return st


def unpack(data):
    """bytes -> Save. ValueError if the payload's frame is malformed (version,
    section lengths, a repeated section); a section whose body cannot be
    read is left at its default and its bit set in save.lost."""
    if not data or data[0] != VERSION:
        raise ValueError("bad save")
    save = Save()
    seen = 0
    i = 1
    while i < len(data):
        tag = data[i]
        end = i + 3 + int.from_bytes(data[i + 1 : i + 3], "big")
        if end > len(data) or seen >> tag & 1:  # cut short, or twice
            raise ValueError("bad save")
        seen |= 1 << tag
        body = data[i + 3 : end]
        i = end
        try:
            if tag == SETTINGS:
                save.settings = read_settings(body)
            elif tag == STATS:
                n = len(body)
                if n & 1:
                    raise ValueError("bad save")
                for k in range(min(n // 2, _NSTATS)):
                    save.stats[k] = body[2 * k] << 8 | body[2 * k + 1]
            elif tag == GAME:
                # seat count n, the seats, the computers' seed and count,
                # then the state (too short a body fails in decode)
                n = body[0]
                seats = []
                for b in body[1 : n + 1]:
                    seats.append(level_of(b))
                g = decode(body[n + 9 :])
                # one seat per player, and a move to make in a game going on
                if g.n != n or g.winner < 0 and not g.round_over() and not any(each_move(g)):
                    raise ValueError("bad save")
                save.seats = seats
                save.ai_seed = int.from_bytes(body[n + 1 : n + 5], "big")
                save.ai_count = int.from_bytes(body[n + 5 : n + 9], "big")
                save.game = g
            elif tag == TABLE:
                recap = []
                for k in range(1, len(body), 6):
                    # (a move cut short: ValueError here)
                    seat, card, kind, value, owner, sweep = body[k : k + 6]
                    if seat > 3 or card > 51 or kind > 4 or owner > 4 or sweep > 1:
                        raise ValueError("bad save")
                    recap.append((seat, card, kind, value, owner - 1, sweep))
                save.recap = recap
                save.cursor = body[0] if body[0] < 52 else -1
        except (ValueError, IndexError, KeyError, TypeError):
            save.lost |= 1 << tag
    return save
