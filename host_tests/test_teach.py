# The table that explains itself (issue 66): the hint's words against the engine's own
# scoring, the coach on a named mistake and a named close call, the tips once per profile
# across a restart, pass and play keeping one person's coaching from another, the coach
# never changing a computer's move, the near-21 line, and every new line's width.
import random

from app_helpers import make_app, press, K
from tools.soak.app_driver import boot, step
from tools.soak.fake_nvm import Nvm
from engine.state import State, new_game
from engine.movegen import capped_moves, CAPTURE, TRAIL
from engine.play import play, EV_SWEEP
from engine.ai import choose_move
from engine.cards import BIG_CASINO, LITTLE_CASINO
from engine.scoring import score_round
from engine.settings import COACHES
from engine import ai_medium
import round_end
import screen_summary
import coach
import teach
import tips

ON = COACHES.index("on")
# lib/tips.py's kinds of tip (bit k of Settings.tips), all of them
TIP_KINDS = dict(T_CAPTURE=0, T_BUILD=1, T_RAISE=2, T_TAKE_BUILD=3, T_SWEEP=4, T_HOLD=5, T_LAST=6)
ALL_TIPS = 127


def card(name):
    # "TD" -> the engine's int (rank index * 4 + suit: S C H D)
    ranks = "A23456789TJQK"
    return ranks.index(name[0]) * 4 + "SCHD".index(name[1])


def position(mine, theirs, loose, turn=0, builds=()):
    # a 2-player table mid-round: the rest of the pack in the deck, nothing captured
    s = State(2)
    s.dealer = 1 - turn
    s.turn = turn
    hands = [[card(c) for c in mine], [card(c) for c in theirs]]
    if turn:
        hands.reverse()
    s.hands = hands
    s.loose = [card(c) for c in loose]
    s.builds = list(builds)
    used = set(s.loose + hands[0] + hands[1])
    for b in s.builds:
        for g in b[2]:
            used.update(g)
    s.deck = [c for c in range(52) if c not in used]
    return s


def positions(n=12):
    # every position of n games between medium players, 2, 3 and 4 players
    for seed in range(n):
        s = new_game(2 + seed % 3, seed)
        while not s.round_over():
            yield s
            play(s, choose_move(s, "medium", seed))


def test_the_hints_words_name_the_points_the_engine_counts_for_the_move():
    seen = 0
    for s in positions():
        for m in capped_moves(s):
            if m[1] != CAPTURE:
                continue
            t = s.copy()
            before = len(t.captured[t.turn])
            ev = play(t, m)
            got = t.captured[s.turn][before:]
            if ev & 64:  # the round's end: the leftovers too
                continue
            n, spades, big, little, aces, sweep = teach.points(s, m)
            assert n == len(got)
            assert spades == sum(1 for c in got if c & 3 == 0)
            assert big == (BIG_CASINO in got) and little == (LITTLE_CASINO in got)
            assert sorted(aces) == sorted(c for c in got if c < 4)
            assert sweep == bool(ev & EV_SWEEP)
            words = teach.takes_words(s, m)
            assert words.startswith("SWEEP: takes " if sweep else "takes ")
            assert ("%d cards" % len(got)) in words
            if BIG_CASINO in got:
                assert "Big 10" in words
            if LITTLE_CASINO in got and len(words) < 22:
                assert "Little 2" in words
            seen += 1
    assert seen > 200


def test_the_reason_of_a_capture_a_build_and_a_trail():
    # P1 holds 10S, 8C, 3H, KD; the table 10D (Big Casino), 5H, 3C
    s = position(["TS", "8C", "3H", "KD"], ["2H", "4H", "6H", "7H"], ["TD", "5H", "3C"])
    moves = capped_moves(s)
    big = [m for m in moves if m[0] == card("TS") and m[1] == CAPTURE][0]
    lines = teach.reason(s, big, moves)
    assert lines[0].startswith("takes 2 cards") and "Big 10" in lines[0] and "1 spade" in lines[0]
    assert lines[1].startswith("leaves P2 ")
    build = [m for m in moves if m[0] == card("3H") and m[1] == 1 and m[2] == 8][0]
    lines = teach.reason(s, build, moves)
    assert lines[0] == "build 8 for your 8\x81 next turn"
    s = position(["2S", "9C", "QD", "JH"], ["2H", "4H", "6H", "7H"], ["KC", "5H"])
    moves = capped_moves(s)
    assert all(m[1] == TRAIL for m in moves)
    t = [m for m in moves if m[0] == card("9C")][0]
    lines = teach.reason(s, t, moves)
    assert lines[0] == "9\x81 is worth least to give"  # (the 2S is Little Casino, a spade)


def test_the_coach_flags_a_known_mistake_and_stays_quiet_on_a_close_call():
    # the mistake: the table's 10D (Big Casino, 2 points) left for a trail of the 4H
    s = position(["TS", "4H", "7C", "JD"], ["2H", "5H", "6H", "8H"], ["TD", "9C", "QH"])
    moves = capped_moves(s)
    trail = [m for m in moves if m[0] == card("4H") and m[1] == TRAIL][0]
    h = choose_move(s, "hard", 7)
    assert h[0] == card("TS")
    r = teach.coach(s, trail, h)
    assert r is not None and r[0] >= teach.MARGIN
    assert r[1][0].startswith("better: 10\x80 capture 10")
    assert "Big 10" in r[1][1]
    # the close call: the 5C or the 6D taking a lone card of the same worth, hard and
    # medium's scores a few centipoints apart
    s = position(["5C", "6D", "9S", "JH"], ["2H", "3H", "4H", "8H"], ["5H", "6H", "KC"])
    moves = capped_moves(s)
    five = [m for m in moves if m[0] == card("5C") and m[1] == CAPTURE][0]
    six = [m for m in moves if m[0] == card("6D") and m[1] == CAPTURE][0]
    w, p = teach.view(s)
    a, b = ai_medium.scores(s, [five, six], w, p)
    assert abs(a - b) < teach.MARGIN
    assert teach.coach(s, five, six) is None and teach.coach(s, six, five) is None
    assert teach.coach(s, five, five) is None  # hard's own move: nothing to say


def test_each_tip_shows_once_and_only_when_its_move_is_possible():
    s = position(["TS", "4H", "7C", "3D"], ["2H", "5H", "6H", "8H"], ["TD", "4C", "3S"])
    moves = capped_moves(s)
    k, lines = tips.tip(s, moves, 0)
    assert k == TIP_KINDS["T_CAPTURE"] and lines[0].startswith("TIP: ")
    seen = 1 << k
    k, _ = tips.tip(s, moves, seen)
    assert k == TIP_KINDS["T_BUILD"]  # 3D on the 4C makes 7 (the 7C held)
    assert tips.tip(s, moves, ALL_TIPS) is None
    t = s.copy()
    t.deck = []  # the last hand: the last capture takes the leftovers
    k, _ = tips.tip(
        t, capped_moves(t), seen | 1 << TIP_KINDS["T_BUILD"] | 1 << TIP_KINDS["T_SWEEP"]
    )
    assert k == TIP_KINDS["T_LAST"]


def test_a_tip_is_shown_once_per_profile_and_remembered_after_a_restart():
    nvm = Nvm()
    app, p = boot(nvm, 4)
    app.settings.coach = ON
    step(app, p, K.START)
    for _ in range(400):
        if app.name == "play" and app.screen.mode == 0:
            break
        step(app, p, K.A if app.name == "pass" else 0)
    pick = app.screen.pick
    assert pick.tipping and not [t for t in pick.extra if t.startswith("TIP: ")]
    step(app, p)  # the turn's first step without a key: the tip
    shown = [t for t in pick.extra if t.startswith("TIP: ")]
    assert len(shown) == 1 and app.settings.tips
    k = [i for i in range(len(tips.TIPS)) if tips.TIPS[i][0] == shown[0]][0]
    assert app.settings.tips == 1 << k
    step(app, p, K.START)  # the pause menu: saved
    step(app, p)
    again, q = boot(nvm, 9)
    assert again.settings.tips == 1 << k and COACHES[again.settings.coach] == "on"
    step(again, q, K.A)  # Continue: the same position, the tip not again
    for _ in range(400):
        if again.name == "play" and again.screen.mode == 0:
            break
        step(again, q, K.A if again.name == "pass" else 0)
    step(again, q)
    assert not again.screen.pick.tipping and shown[0] not in again.screen.pick.extra


def worst(s):
    # the person's move medium scores lowest (a mistake more often than not)
    moves = capped_moves(s)
    w, p = teach.view(s)
    sc = ai_medium.scores(s, moves, w, p)
    return moves[sc.index(min(sc))]


def test_pass_and_play_keeps_one_persons_coaching_from_another():
    app, p = make_app(2, 5, coach="on")
    app.settings.set_seat(1, "human")
    press(app, p, K.START)
    heard = {0: 0, 1: 0}
    for _ in range(3000):
        if app.name == "pass":
            # the pass screen runs the last mover's coach; it never shows its lines
            press(app, p, 0)
            assert not any(t.startswith("better: ") for t in box_text(app.screen.group))
            press(app, p, K.A)
            continue
        if app.name != "play":
            press(app, p, K.A)
            if app.name == "title":
                break
            continue
        play_ = app.screen
        if play_.mode != 0:
            press(app, p, 0)
            continue
        seat = play_.pick.seat
        other = 1 - seat
        mine = [t for t in play_.pick.extra if t.startswith("better: ")]
        if mine:
            heard[seat] += 1
        # the other person's note waits for their turn, never shown here
        if other in app.notes:
            assert app.notes[other][0] not in play_.pick.extra
        play_.commit(worst(play_.s))
        if heard[0] and heard[1]:
            break
    assert heard[0] and heard[1]


def box_text(group):
    # the recap box's lines on the pass screen, as set
    out = []
    for layer in group:
        for sub in getattr(layer, "__iter__", lambda: iter(()))():
            t = getattr(sub, "text", None)
            if t:
                out.append(t)
    return out


def computers_moves(coach):
    app, p = make_app(3, 11, coach=coach)
    app.settings.set_seat(1, "hard")
    app.settings.set_seat(2, "medium")
    press(app, p, K.START)
    played = []
    real = app.screen.play_move

    def spy():
        m = app.screen.pending
        if app.screen.s.turn != 0:
            played.append(m)
        real()

    app.screen.play_move = spy
    flagged = 0  # (the tally starts again each round)
    for _ in range(4000):
        if app.name != "play":
            break
        if app.screen.mode == 0:
            app.screen.commit(worst(app.screen.s))
        else:
            press(app, p, 0)
        flagged = max(flagged, app.tally[0])
    return played, flagged


def test_the_coach_never_changes_a_computers_move():
    off, _ = computers_moves("off")
    on, flagged = computers_moves("on")
    assert len(off) > 20 and on == off
    assert flagged >= 1  # it did speak: the worst moves were flagged


def test_the_summary_says_when_the_near_21_rule_held_a_side_and_why():
    # P1's side on 20 takes most cards and Big Casino but not Little Casino: held at 20
    s = State(2)
    s.scores = [20, 5]
    s.hands = [[], []]
    s.deck = []
    s.loose = []
    rest = [c for c in range(52) if c != LITTLE_CASINO]
    s.captured = [rest[:40], rest[40:] + [LITTLE_CASINO]]
    points, scores, winner, items, _ = score_round(s)
    assert points[0] > 0 and scores[0] == 20 and winner < 0
    r = round_end.finish(s)
    assert screen_summary.held(r) == [2, -1]
    lines = screen_summary.notes(r)
    assert lines == ["P1 held at 20: needed Little 2\x80"]
    r.tally = [2, 153]
    assert screen_summary.notes(r)[1] == "coach: 2 moves cost 1.5 points"


def test_every_new_line_fits_its_text():
    rnd = random.Random(3)
    k = 0
    for s in positions(9):
        moves = capped_moves(s)
        for m in rnd.sample(moves, min(3, len(moves))):
            for t in teach.reason(s, m, moves):
                assert len(t) <= 31, t
            k += 1
        h = moves[0]
        r = teach.coach(s, moves[-1], h)
        if r is not None:
            for t in coach.said(r[1], r[0]):
                assert len(t) <= 31, t
    assert k > 100
    for a, b in tips.TIPS:
        assert len(a) <= 31 and len(b) <= 31
    r = round_end.Result()
    r.n, r.sides, r.tally = 4, 2, [12, 2345]
    r.points = [3, 3]
    r.scores = [20, 20]
    r.items = [-1] * 8
    for k in range(3):
        r.start = [18 + k, 18 + k]
        for t in screen_summary.notes(r):
            assert len(t) <= 32, t
    for t in ("auto", "on", "off"):
        assert len("< " + t + " >") <= 13  # the setup's value column


def first_turn():
    # a 2-player game with the coach on, at the person's first turn
    app, p = make_app(2, 5, coach="on")
    press(app, p, K.START)
    for _ in range(200):
        if app.name == "play" and app.screen.mode == 0:
            break
        press(app, p, K.A if app.name != "play" else 0)
    return app, p


def test_the_coach_looks_on_the_step_after_the_key_before_the_move_is_played():
    # the key only shows the move; the next step is the coach's search (on the game as it
    # was: the move not yet played); the one after plays it
    from engine.codec import encode

    app, p = first_turn()
    play_ = app.screen
    before = encode(play_.s)
    pick = play_.pick
    press(app, p, K.A)  # the cursor's card: its first move
    press(app, p, K.A)  # played: the key shows it
    assert app.coach_job is not None and encode(play_.s) == before
    press(app, p, 0)  # the coach's step
    assert app.coach_job is None and encode(play_.s) == before
    press(app, p, 0)  # the play
    assert encode(play_.s) != before and pick.moves is None


def think(app, p, steps=12):
    # the person thinks: idle steps (the scripted clock's 100 ms each) until the coach's
    # look ahead is made, or steps run out
    for _ in range(steps):
        pre = app.coach_pre
        if pre is not None and pre[1] is not None:
            return True
        press(app, p, 0)
    return False


def test_the_coach_looks_ahead_while_the_person_thinks_and_says_what_it_would_after():
    # the look made on the idle steps of the person's turn leaves a lookup for the step
    # after their key (no search there), and says what hard's choice and teach.coach say
    # of the move on the position it was chosen in
    import engine.ai

    app, p = make_app(2, 5, coach="on")
    press(app, p, K.START)
    searches = []
    real = engine.ai.choose_move

    def counted(s, level, seed, stop=None):
        searches.append(level)
        return real(s, level, seed, stop)

    engine.ai.choose_move = counted
    try:
        turns = flagged = 0
        for _ in range(3000):
            if app.name != "play":
                break
            play_ = app.screen
            if play_.mode != 0:
                press(app, p, 0)
                continue
            s = play_.s
            move = worst(s)
            h = real(s, "hard", app.save.ai_seed ^ 0x5EED ^ len(s.deck))
            expected = teach.coach(s, move, h)
            assert think(app, p)
            assert app.coach_pre[0] == h
            had = list(app.tally)
            app.notes.pop(s.turn, None)
            seat = s.turn
            play_.commit(move)
            del searches[:]
            press(app, p, 0)  # the coach's step: a lookup, no search
            assert "hard" not in searches and app.coach_pre is None
            if expected is None:
                assert app.tally == had and seat not in app.notes
            else:
                flagged += 1
                assert app.notes[seat] == coach.said(expected[1], expected[0])
                assert app.tally == [had[0] + 1, had[1] + expected[0]]
            turns += 1
            if turns == 12:
                break
    finally:
        engine.ai.choose_move = real
    assert turns == 12 and flagged >= 2


def test_a_key_stops_the_look_ahead_and_nothing_half_made_is_kept():
    app, p = first_turn()
    calls = []
    p.waiting = lambda: calls.append(1) or len(calls) > 3  # a key comes mid-search
    for _ in range(6):
        press(app, p, 0)
    assert len(calls) > 3 and app.coach_pre is None  # stopped: nothing kept
    del p.waiting  # the person thinks on: the look is made again, whole
    assert think(app, p)
    s = app.screen.s
    assert app.coach_pre[0] == choose_move(s, "hard", app.save.ai_seed ^ 0x5EED ^ len(s.deck))
    press(app, p, K.RIGHT)  # a key: the look made stays for this turn
    assert app.coach_pre is not None and app.coach_pre[1] is not None


def test_the_hold_rule_tip_comes_when_the_engine_holds_a_card_for_a_build():
    # P1 owns a build of 8 (3H + 5C): one 8 in hand is held for it (its every legal move
    # takes the build); with a second 8 neither is held
    build = (8, 0, ((card("3H"), card("5C")),))
    hold = 1 << TIP_KINDS["T_HOLD"]
    others = ALL_TIPS & ~hold
    s = position(["8S", "2D", "KC", "JH"], ["2H", "4H", "6H", "9H"], ["8D", "7C"], builds=[build])
    moves = capped_moves(s)
    assert all(m[4] & 1 for m in moves if m[0] == card("8S"))
    assert tips.tip(s, moves, others)[0] == TIP_KINDS["T_HOLD"]
    s = position(["8S", "8C", "KC", "JH"], ["2H", "4H", "6H", "9H"], ["8D", "7C"], builds=[build])
    moves = capped_moves(s)
    assert any(not m[4] & 1 for m in moves if m[0] == card("8C"))  # the 8D alone: legal
    assert tips.tip(s, moves, others) is None
