"""Render the named screens headless to PNG files in shots/ (1x and 4x nearest).

    PYTHONPATH=lib python3 -m tools.art.shots [--out shots] [--zoom 4]
Screens: title, opening, choice, crowded, crowded_choice, cpu_turn, last_hand, midgame, summary4,
summary, over, over4 (a partnership's), the table's telling (recap, one_move, hint, own_move,
build_colours, top_bar4, memory_line, continue_cursor, pass_recap, pass_recap_table,
rules_builds), the table's words and figures (ten: the 10 in the hand, loose and in a build;
chord: SELECT held, START, through the board's input path: the memory line and no hint),
the speed (setup_speed, fast_turn: a computer's one show at fast, pause_speed, setup_replace:
the question before a new game replaces a saved one), setup, setup4, pause (with "The game is
saved."), pass, pass_table, rules1..rulesN, controls1..controlsN, stats, stats_people (after
games with a person on every side), stats_computers (after games against the computers, and
one of computers only, not counted),
one_name (your build and your box, both P1), why (a grey card's reason), title_continue,
battery, error (the error screen: a MemoryError is raised on purpose, its traceback kept out of
the output); the table that explains itself (teaching: hint_capture, hint_build, hint_trail,
coach, tip_capture .. tip_last, near21, summary_tally, setup_coach). Prints one line: where
the shots went.
"""

import argparse
import contextlib
import io
import os
import struct
import sys
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def write_png(path, rows, zoom=1):
    # rows: 128 rows of big-endian RGB565 bytes -> an RGB PNG, scaled by zoom
    raw = bytearray()
    for row in rows:
        line = bytearray()
        for x in range(0, len(row), 2):
            v = row[x] << 8 | row[x + 1]
            r, g, b = (v >> 11) * 255 // 31, (v >> 5 & 63) * 255 // 63, (v & 31) * 255 // 31
            line += bytes((r, g, b)) * zoom
        for _ in range(zoom):
            raw += b"\0" + line
    w, h = len(rows[0]) // 2 * zoom, len(rows) * zoom

    def chunk(kind, data):
        c = kind + data
        return struct.pack(">I", len(data)) + c + struct.pack(">I", zlib.crc32(c) & 0xFFFFFFFF)

    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(png)


def new_play(app, players, seed, first=True):
    """A new game on the play screen, its seed the first from seed where P1 plays first
    (first) or a computer does; the play screen."""
    from engine.state import new_game

    while (new_game(players, seed).turn == 0) != first:
        seed += 1
    app.seed = seed
    app.game = None
    app.show("play")
    return app.screen


def crowded(state):
    # A legal-looking crowded table: 4 builds and 14 loose cards (18 items).
    from tools.ref.card_names import parse

    s = state
    used = set()
    for h in s.hands:
        used.update(h)
    pool = [c for c in range(52) if c not in used]
    builds = [
        (8, 1, ((parse("5C"), parse("3D")),)),
        (14, 0, ((parse("AH"),), (parse("9S"), parse("5S")))),
        (11, 2 % s.n, ((parse("JC"),), (parse("JD"),))),
        (6, 1, ((parse("4H"), parse("2D")),)),
    ]
    for b in builds:
        for g in b[2]:
            for c in g:
                if c in pool:
                    pool.remove(c)
    s.builds = [b for b in builds]
    s.loose = pool[:14]
    s.deck = pool[14:]
    return s


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(ROOT, "shots"))
    ap.add_argument("--zoom", type=int, default=4)
    args = ap.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    import engine.movegen  # noqa: F401  (the engine before the display, as code.py)
    from engine.state import new_game
    from tools.sim.platform_host import Scripted, frame  # (Blinka set up first: tools/sim)
    from app import App
    import intents as K
    import round_end

    p = Scripted()
    app = App(p, pace=10**9, seed=11)
    app.settings.coach = 2  # the coach and the tips off but in teaching()'s shots
    taken = []

    def shot(name):
        p.refresh()
        rows = frame(p.display)
        write_png(os.path.join(args.out, name + ".png"), rows)
        if args.zoom > 1:
            write_png(os.path.join(args.out, name + "@%dx.png" % args.zoom), rows, args.zoom)
        taken.append(name)

    def press(*intents):
        for it in intents:
            app.step(it, p.ticks())

    app.show("title")
    shot("title")
    # the person's turn at the opening table (find a seed where seat 0 starts)
    play = new_play(app, 2, 11)
    shot("opening")
    # a card with several moves, shown with its first move
    best = max(range(len(play.pick.by_card)), key=lambda i: len(play.pick.by_card[i]))
    while play.pick.cur != best:
        press(K.RIGHT)
    press(K.A)
    shot("choice")
    # a crowded table in a 4-player game
    app.settings.set_players(4)
    play = new_play(app, 4, 3)
    crowded(app.game)
    play.begin()
    shot("crowded")
    best = max(range(len(play.pick.by_card)), key=lambda i: len(play.pick.by_card[i]))
    while play.pick.cur != best:
        press(K.RIGHT)
    press(K.A, K.RIGHT)
    shot("crowded_choice")
    # a computer's turn on show
    app.settings.set_players(3)
    new_play(app, 3, 1, first=False)
    shot("cpu_turn")
    # the last hand of a round, builds on the table, the person to play
    from engine.ai import choose_move
    from engine.play import play as apply

    app.settings.set_players(2)
    for seed in range(1, 200):
        s = new_game(2, seed)
        k = 0
        while s.deck or s.turn != 0 or not s.builds:
            if s.round_over():
                break
            apply(s, choose_move(s, "hard", k))
            k += 1
        if not s.round_over() and s.builds and s.loose:
            break
    app.game = s
    app.show("play")
    shot("last_hand")
    midgame(app, shot, press)
    # a 4-player round to its end, then the summary
    s = new_game(4, 9)
    while not s.round_over():
        apply(s, choose_move(s, "medium", len(s.deck) + 1))
    app.result = round_end.finish(s)
    app.show("summary")
    shot("summary4")
    # a round played to its end, then the summary
    app.settings.set_players(3)
    app.game = new_game(3, 5)
    s = app.game
    while not s.round_over():
        apply(s, choose_move(s, "easy", len(s.deck)))
    s.scores = [14, 19, 9]
    app.result = round_end.finish(s)
    app.show("summary")
    shot("summary")
    app.result.winner = 1 if app.result.winner < 0 else app.result.winner
    app.show("over")
    shot("over")
    # a partnership wins: each side's names in their seats' colours
    s = new_game(4, 9)
    while not s.round_over():
        apply(s, choose_move(s, "medium", len(s.deck) + 1))
    app.settings.set_players(4)
    app.result = round_end.finish(s)
    app.result.scores = [17, 23]
    app.result.winner = 1
    app.show("over")
    shot("over4")
    telling(app, shot, press)
    table_words(app, shot, press)
    speed(app, shot, press)
    teaching(app, shot, press)
    extra(app, shot, press, crowded)
    big = " and name@%dx.png" % args.zoom if args.zoom > 1 else ""
    out = os.path.relpath(args.out)
    print(
        "%d screens in %s/ (name.png%s); error.png is the error screen, shown with a "
        "MemoryError raised on purpose"
        % (len(taken), args.out if out.startswith("..") else out, big)
    )
    return 0


def midgame(app, shot, press):
    # A 4-player game in progress: partners P1+P3, builds and loose cards on the table,
    # the person to play with the cursor on a card that can take something.
    from engine.state import new_game
    from engine.ai import choose_move
    from engine.play import play as apply
    import intents as K

    st = app.settings
    st.set_players(4)
    for seat, level in ((1, "medium"), (2, "hard"), (3, "easy")):
        st.set_seat(seat, level)
    for seed in range(1, 400):
        s = new_game(4, seed)
        k = 0
        while not s.round_over():
            if (
                s.turn == 0
                and len(s.hands[0]) >= 3
                and 12 <= len(s.deck) <= 32
                and s.builds
                and 4 <= len(s.loose) <= 7
                and len(set(b[0] for b in s.builds)) == len(s.builds)
            ):
                break
            apply(s, choose_move(s, "medium", k))
            k += 1
        else:
            continue
        break
    s.scores = [9, 6]
    app.game = s
    app.show("play")
    play = app.screen
    best = max(range(len(play.pick.by_card)), key=lambda i: len(play.pick.by_card[i]))
    while play.pick.cur != best:
        press(K.RIGHT)
    shot("midgame")


def told_table(app, people):
    # A 4-player table set so that, from P2 on, P2 trails, P3 captures and P4 takes
    # P3's build of 11; people: the seats played by a person besides P1. Returns
    # the play screen, the three moves played through it, P1 to play next.
    from tools.ref.card_names import parse, parse_all as cards
    from engine.state import new_game
    from engine.movegen import legal_moves, CAPTURE, TRAIL

    st = app.settings
    st.set_players(4)
    for seat in (1, 2, 3):
        st.set_seat(seat, "human" if seat in people else "medium")
    s = new_game(4, 5)
    s.hands = [
        cards("7C QD 2S 8H"),
        cards("4D KS 3C TH"),
        cards("JD 9S 5D AC"),
        cards("JC 6S 2D QS"),
    ]
    s.loose = cards("9D 3H 8C KD")
    s.builds = [(11, 2, (tuple(cards("6H 5C")),))]
    s.dealer = 0
    s.turn = 1
    s.scores = [4, 7]
    used = set(sum(s.hands, []) + s.loose + [parse("6H"), parse("5C")])
    rest = [c for c in range(52) if c not in used]
    s.deck = rest[:16]
    s.captured = [rest[16:22], rest[22:26], rest[26:30], []]
    app.game = s
    app.save.seats = st.seats[:4]
    app.show("play")
    play = app.screen
    want = ((parse("4D"), TRAIL, 0, 0), (parse("9S"), CAPTURE, 1, 0), (parse("JC"), CAPTURE, 0, 1))
    for card, kind, lm, bm in want:
        m = [
            m for m in legal_moves(s) if m[0] == card and m[1] == kind and m[3] == lm and m[4] == bm
        ]
        play.show(m[0])  # each move on show, then played
        play.apply()
    play.thinking = False
    play.ahead = None
    play.begin()  # P1's turn: the recap over the table (or the pass screen first)
    return play


def telling(app, shot, press):
    # The table telling what happened and what can be done: the moves since your last
    # turn, your own move, a one-move card, the hint, the builds' colours, one name
    # for you, the 4-player top bar, the memory line, the cursor after Continue, the
    # pass screen's recap, the rules page on builds of one value side by side.
    from tools.ref.card_names import parse_all as cards
    from engine.state import new_game
    import intents as K
    from screen_rules import page

    play = told_table(app, ())
    shot("recap")
    press(K.RIGHT)  # (the recap goes at the first key)
    # a card with one move: A shows it with A=play
    while len(play.pick.by_card[play.pick.cur]) != 1:
        press(K.RIGHT)
    press(K.A)
    shot("one_move")
    press(K.B, K.SELECT)
    shot("hint")
    press(K.A)
    shot("own_move")
    # four builds, one of each seat, one lit by the move shown
    s = new_game(4, 8)
    s.turn = 0
    s.hands = [
        cards("9C 4S KH 9H"),
        cards("2C 3C TC 5C"),
        cards("2H 3H QH 5H"),
        cards("2D 5D 6S JD"),
    ]
    s.builds = [
        (9, 0, (tuple(cards("6C 3S")),)),
        (10, 1, (tuple(cards("7S 3D")),)),
        (12, 2, (tuple(cards("8S 4D")),)),
        (11, 3, (tuple(cards("7C 4C")),)),
    ]
    s.loose = cards("6D 7H AS")
    used = set(sum(s.hands, []) + s.loose + sum([sum(map(list, b[2]), []) for b in s.builds], []))
    s.deck = [c for c in range(52) if c not in used][:20]
    s.captured = [[] for _ in range(4)]
    app.game = s
    app.show("play")
    play = app.screen
    press(K.B)  # (no recap: a table just dealt)
    while play.pick.cur != 0:
        press(K.RIGHT)
    press(K.A)
    while not play.pick.moves[play.pick.by_card[0][play.pick.k]][4]:
        press(K.RIGHT)
    shot("build_colours")
    # the 4-player top bar at its fullest: four cards, the dealer, sweeps
    s.dealer = 1
    s.sweeps = [0, 2, 0, 1]
    s.scores = [12, 17]
    play.draw()
    play.pick.paint()
    shot("top_bar4")
    # the memory line (SELECT held + START): the table keeps a row free for it
    s.hands[0] = cards("7C QD 6C AH")
    s.sweeps = [0, 0, 0, 0]
    crowded(s)
    play.begin()
    press(K.DEBUG)
    shot("memory_line")
    press(K.DEBUG)
    # the cursor after the pause menu's Title and Continue: on the card it was on
    play = new_play(app, 4, 3)
    while play.pick.cur != 2:
        press(K.RIGHT)
    press(K.START)
    app.screen.menu.row = 4  # Title
    press(K.A)
    app.show("title")
    app.resume()
    shot("continue_cursor")
    # pass and play: P3 a person too; P1's pass screen says what happened since
    told_table(app, (2,))
    shot("pass_recap")
    press(K.A)
    shot("pass_recap_table")
    app.help = "Rules"
    app.show("rules")
    n = page("rules", 0)[0]
    for i in range(n):
        if page("rules", i)[1][0] == "Builds side by side":
            app.screen.page = i
    app.screen.draw()
    shot("rules_builds")
    app.game = None
    app.show("title")


def table_words(app, shot, press):
    # The table's words and figures: the 10 in every place a card is drawn (the hand, a
    # loose card, a build of 10, beside every other rank); the memory line's chord.
    from tools.ref.card_names import parse_all as cards
    from engine.state import new_game

    st = app.settings
    st.set_players(2)
    st.set_seat(1, "medium")
    s = new_game(2, 4)
    s.turn = 0
    s.dealer = 1
    s.hands = [cards("TD TC QS AC"), cards("2D 3S 7S 8C")]
    s.loose = cards("AS 2C 3H 4D 5S 6C 7H 8D 9S TH JC QH KD")
    s.builds = [
        (10, 1, (tuple(cards("6S 4C")),)),
        (14, 0, (tuple(cards("AH")), tuple(cards("9D 5D")))),
    ]
    used = set(sum(s.hands, []) + s.loose + cards("6S 4C AH 9D 5D"))
    s.deck = [c for c in range(52) if c not in used]
    s.captured = [[], []]
    app.game = s
    app.show("play")
    shot("ten")
    # the memory line's chord through the board's input path (intents.read): SELECT held,
    # START pressed and let go, SELECT let go: the memory line, and no hint
    from tools.sim.window import KeyQueue, Event, KEYMAP
    import intents as K

    keys, event, rep = KeyQueue(), Event(), K.Repeat()
    for number, down in ((3, True), (2, True), (2, False), (3, False)):
        keys.put(number, down)
        press(K.read(keys, event, rep, KEYMAP, app.platform.ticks()))
    shot("chord")
    press(K.DEBUG)  # (the memory line off)
    app.game = None
    app.show("title")


def stats_from_games(app, shot):
    # Statistics from nothing, as the game-over screen counts games (engine/profile.py):
    # people only (2 players), and people with computer partners (a person on every side);
    # then a person against the computers, won and lost, and computers only (not counted).
    from engine.profile import record_game
    from engine.state import new_game

    def finished(players, winner, scores):
        g = new_game(players, 1)
        g.winner = winner
        g.scores = scores
        return g

    sv = app.save.stats
    for name, games in (
        (
            "stats_people",
            ((2, 1, [14, 21], [None, None]), (4, 0, [23, 12], [None, None, "hard", "easy"])),
        ),
        (
            "stats_computers",
            (
                (3, 0, [22, 15, 18], [None, "easy", "hard"]),
                (2, 1, [12, 21], [None, "medium"]),
                (2, 0, [21, 5], ["hard", "easy"]),
            ),
        ),
    ):
        sv[:] = [0] * len(sv)
        for players, winner, scores, seats in games:
            record_game(sv, finished(players, winner, scores), seats)
        app.show("title")
        app.show("stats")
        shot(name)


def extra(app, shot, press, crowded):
    # the menus, pass and play, rules, statistics, a grey card explained
    from engine.profile import PLAYED, WON, BY_N, WON_N, MARGIN, SWEEPS, ROUNDS
    import intents as K
    from screen_rules import page

    st = app.settings
    st.set_players(3)
    st.set_seat(1, "hard")
    st.set_seat(2, "human")
    app.show("title")
    app.show("setup")
    shot("setup")
    st.set_players(4)
    st.set_seat(1, "easy")
    st.set_seat(2, "human")
    st.set_seat(3, "medium")
    app.screen.draw()
    press(K.DOWN, K.DOWN, K.DOWN)
    shot("setup4")
    # a 4-seat game with P1 and P3 people: the pass screen, then P1's table
    new_play(app, 4, 3)
    shot("pass")
    press(K.A)
    shot("pass_table")
    from store import Store

    app.store = Store(bytearray(8192))  # a board's nvm: the pause menu saves into it
    press(K.START, 0)  # the menu, and on the next step the save it reports
    shot("pause")
    press(K.B)
    for pages, item in (("rules", "Rules"), ("controls", "Controls")):
        for i in range(page(pages, 0)[0]):
            app.help = item  # the menu item that opens these pages
            app.show("rules")
            app.screen.page = i
            app.screen.draw()
            shot("%s%d" % (pages, i + 1))
    sv = app.save.stats
    for k, v in (
        (PLAYED + 1, 7),
        (WON + 1, 5),
        (PLAYED + 2, 12),
        (WON + 2, 6),
        (PLAYED + 3, 9),
        (WON + 3, 2),
        (BY_N, 15),
        (WON_N, 8),
        (BY_N + 1, 6),
        (WON_N + 1, 3),
        (BY_N + 2, 7),
        (WON_N + 2, 2),
        (PLAYED, 4),
        (MARGIN, 9),
        (SWEEPS, 23),
        (ROUNDS, 71),
    ):
        sv[k] = v
    app.show("stats")
    shot("stats")
    stats_from_games(app, shot)
    # the title's Board check: running, then its report's two pages (here the desktop's
    # figures: the host's clocks, no heap figures on CPython); its report to the console kept
    # out of the run's output
    # (it lets the game's modules go and loads its own: what the run imported is put back
    # after, for a caller in the same process, such as host_tests/test_pictures.py)
    app.show("title")
    modules = dict(sys.modules)
    engine = dict(vars(sys.modules["engine"]))
    with contextlib.redirect_stdout(io.StringIO()):
        app.show("check")
        shot("check_running")
        while app.screen.stage < 2:
            press(0)
    shot("check1")
    press(K.RIGHT)
    shot("check2")
    press(K.B)
    sys.modules.clear()
    sys.modules.update(modules)
    for k, v in engine.items():
        setattr(sys.modules["engine"], k, v)
    # a card with no legal move, explained: P1 owns a build, holds another card
    from tools.ref.card_names import parse

    st.set_players(2)
    st.set_seat(1, "medium")
    new_play(app, 2, 1)
    s = app.game
    s.hands[0] = [parse(c) for c in ("8H", "5C", "KD", "2S")]
    s.hands[1] = [parse(c) for c in ("4H", "9C", "JD", "3S")]
    s.builds = [(8, 0, ((parse("6D"), parse("2D")),))]
    s.loose = [parse(c) for c in ("KS", "7C", "5D")]
    play = app.screen
    play.begin()
    while play.pick.cur != 3:
        press(K.RIGHT)
    shot("one_name")  # your build and your box: P1 both
    press(K.A)
    shot("why")
    app.resume = lambda: None
    app.save.game = s
    app.show("title")
    shot("title_continue")
    # on battery, running low: the mark in the table's corner (red), then the
    # screen any exception ends on
    app.game = s
    app.show("play")
    p = app.platform
    p.mv = 3500
    p.drain = 0
    app.battery.due = 0
    press(0)
    shot("battery")
    import screen_error

    with contextlib.redirect_stderr(io.StringIO()):  # its traceback: not a failure here
        screen_error.crash(app, MemoryError("memory allocation failed"))
    shot("error")


def speed(app, shot, press):
    # the computers' speed: its row on the setup, a computer's one show at fast (its move
    # played at once, its result on show), its row on the pause menu; then the question
    # before a new game replaces the saved one
    import intents as K

    st = app.settings
    st.set_players(2)
    st.set_seat(1, "medium")
    app.save.game = None
    app.show("setup")
    while app.screen.menu.row != 7:
        press(K.DOWN)
    press(K.RIGHT)
    shot("setup_speed")
    play = new_play(app, 2, 5, first=False)
    while play.then != play.events:
        press(0)
    shot("fast_turn")
    press(K.START, 0)
    while app.screen.row != 3:
        press(K.DOWN)
    shot("pause_speed")
    press(K.DOWN, K.A, K.START)
    shot("setup_replace")
    press(K.B, K.B, K.B)
    st.speed = 1


def teaching(app, shot, press):
    # The table that explains itself: the hint's reason on a capture, a build and a trail;
    # the coach's line on the turn after a flagged move; each first-game tip; the summary's
    # near-21 line and the coach's tally; the setup's Coach row.
    from tools.ref.card_names import parse, parse_all as cards
    from engine.state import State
    import intents as K
    import round_end

    # lib/tips.py's kinds of tip (bit k of Settings.tips), all of them
    TIP_KINDS = dict(
        T_CAPTURE=0, T_BUILD=1, T_RAISE=2, T_TAKE_BUILD=3, T_SWEEP=4, T_HOLD=5, T_LAST=6
    )
    ALL_TIPS = 127
    st = app.settings
    st.set_players(2)
    st.set_seat(1, "medium")
    st.coach = 1
    st.tips = ALL_TIPS

    def table(mine, theirs, loose, builds=(), last=False):
        s = State(2)
        s.dealer = 1
        s.turn = 0
        s.hands = [cards(mine), cards(theirs)]
        s.loose = cards(loose)
        s.builds = list(builds)
        used = set(s.loose + s.hands[0] + s.hands[1])
        for b in s.builds:
            for g in b[2]:
                used.update(g)
        rest = [c for c in range(52) if c not in used]
        if last:  # the last hand: the rest taken already
            s.captured = [rest[:20], rest[20:]]
        else:
            s.deck = rest
        s.scores = [6, 9]
        app.game = s
        app.save.seats = [None, "medium"]
        app.save.recap = []  # (no moves since P1's last turn: a new table)
        app.show("play")
        return app.screen

    table("TS 4H 7C JD", "2H 5H 6H 8H", "TD 9C QH")
    press(K.SELECT)
    shot("hint_capture")
    table("3H 8C KD 6S", "2H 4H 9H 7H", "5H JC QD")
    press(K.SELECT)
    shot("hint_build")
    table("2S 9C QD JH", "2H 4H 6H 7H", "KC 5H")
    press(K.SELECT)
    shot("hint_trail")
    # the coach: the Big Casino left for a trail; on P1's next turn, what was better
    play = table("TS 4H 7C JD", "2H 5H 6H 8H", "TD 9C QH")
    play.commit([m for m in play.pick.moves if m[0] == parse("4H") and m[1] == 4][0])
    for _ in range(200):
        if app.screen.mode == 0:
            break
        press(K.A)
    shot("coach")
    # each tip, the first time its kind of move is possible
    for name, k, spec in (
        ("capture", TIP_KINDS["T_CAPTURE"], ("5C 8D KS 2H", "2D 4D 6D 7D", "5H JC", (), False)),
        ("build", TIP_KINDS["T_BUILD"], ("3H 8C KD 6S", "2D 4D 9D 7D", "5H JC", (), False)),
        (
            "raise",
            TIP_KINDS["T_RAISE"],
            ("2H 9C KS 6S", "2D 4D 8D 5D", "JC", [(7, 1, ((parse("4C"), parse("3C")),))], False),
        ),
        (
            "take_build",
            TIP_KINDS["T_TAKE_BUILD"],
            ("7D 9C KS 6S", "2D 4D 8D 5D", "JC", [(7, 1, ((parse("4C"), parse("3C")),))], False),
        ),
        ("sweep", TIP_KINDS["T_SWEEP"], ("5C 9C KS 6S", "2D 4D 8D 3D", "5H", (), False)),
        (
            "hold",
            TIP_KINDS["T_HOLD"],
            ("8C 2D KS 6S", "2H 4D 9D 3D", "JC", [(8, 0, ((parse("5H"), parse("3H")),))], False),
        ),
        ("last", TIP_KINDS["T_LAST"], ("5C 9C KS 6S", "2D 4D 8D 3D", "5H JC QH", (), True)),
    ):
        st.tips = ALL_TIPS & ~(1 << k)
        table(*spec)
        press(0)  # the turn's first step without a key: its tip
        shot("tip_" + name)
    st.tips = ALL_TIPS
    # the summary: P1 on 20 held there (Little Casino not taken); the coach's tally
    s = State(2)
    s.scores = [20, 5]
    s.hands = [[], []]
    rest = [c for c in range(52) if c != 4]
    s.captured = [rest[:40], rest[40:] + [4]]
    app.result = round_end.finish(s)
    app.show("summary")
    shot("near21")
    s = State(2)
    s.scores = [12, 9]
    s.hands = [[], []]
    s.captured = [list(range(0, 52, 2)), list(range(1, 52, 2))]
    app.result = round_end.finish(s)
    app.result.tally = [2, 153]
    app.show("summary")
    shot("summary_tally")
    app.save.game = None
    app.game = None
    app.show("setup")
    while app.screen.menu.row != 8:
        press(K.DOWN)
    shot("setup_coach")
    press(K.B)
    st.coach = 2


if __name__ == "__main__":
    sys.exit(main())
