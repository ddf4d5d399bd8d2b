# Legal-move generation timing over a fixed, seeded set of positions; runs
# unchanged under CPython and MicroPython, from the repository root:
#   MICROPYPATH=tools/bench micropython -m movegen_mp     (or python3 -m tools.bench.movegen_mp)
# Prints one line per set: name, positions, mean and max microseconds, moves.
import gc
import time

from engine.movegen import legal_moves
from engine.play import apply_move
from engine.rng import Rng
from engine.state import State, new_game

if hasattr(time, "ticks_us"):
    now_us = time.ticks_us
    since = time.ticks_diff
else:

    def now_us():
        return int(time.perf_counter() * 1000000)

    def since(a, b):
        return a - b


def game_positions(count, seed):
    # Positions met in random play, 2 to 4 players.
    out = []
    rng = Rng(seed)
    g = 0
    while len(out) < count:
        s = new_game(2 + g % 3, seed + g)
        g += 1
        while not s.round_over() and len(out) < count:
            out.append(s.copy())
            moves = legal_moves(s)
            apply_move(s, moves[rng.below(len(moves))])
    return out


def crowded_position(rng, items, with_deck=False):
    # A legal position with `items` table items: loose cards plus a few builds,
    # each build's owner holding a card of its value.
    n = 2 + rng.below(3)
    s = State(n)
    deck = list(range(52))
    rng.shuffle(deck)
    s.dealer = rng.below(n)
    s.turn = (s.dealer + 1) % n
    for seat in range(n):
        s.hands[seat] = deck[:4]
        del deck[:4]
    held = {}
    for seat in range(n):
        for c in s.hands[seat]:
            r = (c >> 2) + 1
            held[14 if r == 1 else r] = seat
    builds = []
    tries = 0
    while len(builds) < items // 4 and tries < 40:
        tries += 1
        a, b = deck[0], deck[1]
        value = (a >> 2) + (b >> 2) + 2
        if value in held and value <= 14:
            builds.append((value, held[value], ((a, b),)))
            del deck[:2]
        else:
            deck.append(deck.pop(0))
    s.builds = builds
    # loose cards of distinct ranks, as play leaves them (a trail may not
    # join a loose card of its rank)
    k = items - len(builds)
    ranks = 0
    loose = []
    rest = []
    for c in deck:
        if len(loose) < k and not ranks >> (c >> 2) & 1:
            ranks |= 1 << (c >> 2)
            loose.append(c)
        else:
            rest.append(c)
    s.loose = loose
    if with_deck and n > 2 and rng.below(2):  # 3-4 players: a deck half the time
        s.deck = rest[: 4 * n]
        rest = rest[4 * n :]
    s.captured[0] = rest
    return s


def crowded_positions(count, seed, items):
    rng = Rng(seed)
    return [crowded_position(rng, items) for _ in range(count)]


def measure(name, positions, repeat):
    # Per position the fastest of `repeat` runs: the figure least disturbed
    # by other load on the machine.
    total = 0
    worst = 0
    moves = 0
    for s in positions:
        gc.collect()  # time the generator, not a collection it happens to trigger
        best = None
        for _ in range(repeat):
            t0 = now_us()
            ms = legal_moves(s)
            dt = since(now_us(), t0)
            if best is None or dt < best:
                best = dt
        total += best
        if best > worst:
            worst = best
        moves += len(ms)
    n = len(positions)
    print(
        "%s positions %d mean_us %.1f max_us %.1f mean_moves %.1f"
        % (name, n, total / n, worst, moves / n)
    )


def main():
    measure("game", game_positions(300, 11), 5)
    measure("crowded12", crowded_positions(100, 21, 12), 5)
    measure("crowded16", crowded_positions(100, 31, 16), 5)


if __name__ == "__main__":
    main()
