# The computer players' bench positions, made afresh by seed (MP + CPython): 2-player games
# over two rounds (their last hands are the endgames), 3- and 4-player rounds, and crowded
# tables of 12 and 16 items with 2-4 players (movegen_mp's, with 3-4 players a deck half
# the time). tools/bench/ai.py times the levels on them on the host's MicroPython, and
# tools/bench/board_time.py counts their instructions on the board's CPU (tools/box/m4vm.py).
from engine.state import new_game
from engine.movegen import each_move
from engine.play import apply_move
from engine.scoring import finish_round
from engine.rng import Rng
from engine.ai import choose_move
from movegen_mp import crowded_position  # (MicroPython: tools/bench on its path)

KINDS = ("2p", "2p-endgame", "3p", "4p", "crowded12", "crowded16")
# the games' set: whole games between the levels (whole_game_positions)
GAME_KINDS = ("game2p", "game2p-endgame", "game3p", "game4p")
LEVELS = ("easy", "medium", "hard")
GAME_SEED = 500  # the games' set's deals: new_game(players, GAME_SEED + seed)
GAME_ROUNDS = 12  # a game that runs longer ends there


def a_choice(s):
    """Whether the seat to move has two legal moves or more (without listing a crowded
    table's hundreds)."""
    n = 0
    for _ in each_move(s):
        n += 1
        if n == 2:
            return True
    return False


def games(seeds):
    """(players, seed) of each bench game, in order: 2*seeds 2-player games over two
    rounds, seeds 3- and 4-player games over one."""
    for players in (2, 3, 4):
        for seed in range(1, seeds * (2 if players == 2 else 1) + 1):
            yield players, seed


def game_positions(players, seed, on_play=None):
    """Each position of a bench game with two or more legal moves, as (kind, state, the
    decision's seed); after the caller is done with one the game plays on, the levels
    moving in turn, on_play(state, move) called before each play."""
    s = new_game(players, seed)
    k = 0
    rounds = 0
    while s.winner < 0 and rounds < (2 if players == 2 else 1):
        if s.round_over():
            finish_round(s)
            rounds += 1
            continue
        kind = "%dp" % players
        if players == 2 and not s.deck:
            kind = "2p-endgame"
        if a_choice(s):
            yield kind, s, seed * 1000 + k
        m = choose_move(s, ("easy", "medium", "hard")[(seed + k) % 3], k)
        if on_play is not None:
            on_play(s, m)
        apply_move(s, m)
        k += 1


def crowded_positions(seeds):
    """The crowded tables with two or more legal moves, as (kind, state, the decision's
    seed), of seeds * 12 made with 12 items, then as many with 16."""
    rng = Rng(seeds)
    for items in (12, 16):
        for i in range(seeds * 12):
            s = crowded_position(rng, items, True)
            if a_choice(s):
                yield "crowded%d" % items, s, i


def whole_game_positions(seeds, every=4, on_play=None, players=0, only=0):
    """The games' set: seeds whole games (to their winner, GAME_ROUNDS at most) for each of 2, 3
    and 4 players, each seat played by one level (seat i of game seed: LEVELS[(seed + i) % 3],
    so every pair of levels meets), as people play them. Yields every every-th position with
    two or more legal moves (the first at seed % every) as (kind, state, the decision's seed);
    the game plays on as game_positions' do, on_play(state, move) before each play. players and
    only (a seed), when given: that game alone."""
    for n in (2, 3, 4):
        for seed in range(1, seeds + 1):
            if players and (n != players or seed != only):
                continue
            s = new_game(n, GAME_SEED + seed)
            k = 0
            at = seed % every
            rounds = 0
            while s.winner < 0 and rounds < GAME_ROUNDS:
                if s.round_over():
                    finish_round(s)
                    rounds += 1
                    continue
                if a_choice(s):
                    if at == 0:
                        kind = "game%dp" % n
                        if n == 2 and not s.deck:
                            kind = "game2p-endgame"
                        yield kind, s, seed * 100000 + k
                        at = every
                    at -= 1
                m = choose_move(s, LEVELS[(seed + s.turn) % 3], seed * 100000 + k)
                if on_play is not None:
                    on_play(s, m)
                apply_move(s, m)
                k += 1
