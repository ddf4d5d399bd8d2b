# The table tells what happened and what can be done: the moves since your last
# turn (over the table until a key, and on the pass screen), your own move shown
# as long as a computer's, build colours apart from the highlight, a grey card's
# reason from the engine, A=play on a card's move, the hint named as the chooser
# names a move, one name for you, "saved" on the pause menu, the memory line
# over nothing, the 4-player top bar with room, the cursor kept over Continue.
from app_helpers import make_app, press, frame, pixel, rgb565, K
from tools.ref.card_names import parse, parse_all as cards
from engine.movegen import legal_moves, trail_blocker, CAPTURE, TRAIL
from engine.state import new_game
from words import card_name, move_name, recap, why
import gfx

CHOOSE = 0


def told_table(people=(), pace=1000):
    # 4 players, P2 to play: P2 trails 4D, P3 takes 9D with 9S, P4 takes P3's
    # build of 11 with JC (played through the table's commit), then P1's turn
    app, p = make_app(4, 5, pace)
    st = app.settings
    for seat in (1, 2, 3):
        st.set_seat(seat, "human" if seat in people else "easy")
    s = new_game(4, 5)
    s.hands = [
        cards("7C QD 2S 8H"),
        cards("4D KS 3C TH"),
        cards("JD 9S 5D AC"),
        cards("JC 6S 2D QS"),
    ]
    s.loose = cards("9D 3H 8C KD")
    s.builds = [(11, 2, (tuple(cards("6H 5C")),))]
    s.turn = 1
    used = set(sum(s.hands, []) + s.loose + cards("6H 5C"))
    rest = [c for c in range(52) if c not in used]
    s.deck, s.captured = rest[:16], [rest[16:], [], [], []]
    app.game = s
    app.save.seats = st.seats[:4]
    app.saved = app.count = 0
    app.show("play")
    play = app.screen
    for card, kind, lm, bm in (("4D", TRAIL, 0, 0), ("9S", CAPTURE, 1, 0), ("JC", CAPTURE, 0, 1)):
        m = [
            m
            for m in legal_moves(s)
            if m[0] == parse(card) and m[1] == kind and m[3] == lm and m[4] == bm
        ]
        play.show(m[0])  # each move on show, then played
        play.apply()
    play.thinking = False
    play.ahead = None
    play.begin()
    p.refresh()
    return app, p, play


RECAP = ["P2 4\x83 trail", "P3 9\x80 capture 9", "P4 J\x81 capture 11 (P3's build)"]


def band_lines(g):
    # a recap band's lines (hud_view.box), read back from their glyph tiles (0: the space)
    return ["".join(chr(t[i] + 32) for i in range(31)).rstrip() for t in g[1:]]


def box_lines(hud):
    return band_lines(hud.box) if hud.box is not None else []


def test_the_moves_since_your_last_turn_show_until_a_key_and_again_on_b():
    app, p, play = told_table()
    assert play.mode == CHOOSE and play.s.turn == 0
    assert box_lines(play.hud) == RECAP
    rows = frame(p.display)
    # each line in its mover's colour, the box down to the status line (over the table's foot)
    for i, seat in enumerate((1, 2, 3)):
        y = 88 - 8 * (3 - i) + 1
        inks = set(pixel(rows, x, yy) for x in range(2, 40) for yy in range(y, y + 7))
        assert inks == {rgb565(gfx.BLACK), rgb565(gfx.SEAT[seat])}, i
    press(app, p, K.RIGHT)  # the first key: it goes, the key acts
    assert play.hud.box is None and play.pick.cur == 1
    press(app, p, K.B)  # B on the hand: again
    assert box_lines(play.hud) == RECAP
    press(app, p, K.B)  # and B hides it
    assert play.hud.box is None
    press(app, p, K.B)
    press(app, p, K.A)  # A hides it and steps into the card's moves
    assert play.hud.box is None and play.pick.mode == 1


def test_the_recap_keeps_the_last_moves_of_the_round_and_names_your_build():
    app, p, play = told_table()
    assert [t[:5] for t in play.log] == [
        (1, parse("4D"), TRAIL, 0, -1),
        (2, parse("9S"), CAPTURE, 9, -1),
        (3, parse("JC"), CAPTURE, 11, 2),
    ]
    assert recap(play.log, 2)[2] == "P4 J\x81 capture 11 (your build)"
    assert recap([(3, parse("TD"), CAPTURE, 10, 2, 1)], 0) == ["P4 10\x83 capture 10 (P3's) SWEEP"]
    assert max(len(t) for t in recap(play.log, 0)) <= 31
    m = [m for m in legal_moves(play.s) if m[0] == parse("7C")][0]
    press(app, p, K.A)
    play.commit(m)  # P1's own move joins it (played on the next step); at most n-1 kept
    press(app, p, 0)
    assert [t[0] for t in play.log] == [2, 3, 0]


def test_the_pass_screen_says_what_happened_since_your_last_turn():
    app, p, play = told_table(people=(2,))
    assert app.name == "pass" and app.passing == 0
    band = app.screen.group[-1]
    assert band_lines(band) == RECAP
    assert app.screen.head.text.strip() == "since your last turn:"
    rows = frame(p.display)
    y = band.y + 8 * 2 + 1
    assert rgb565(gfx.SEAT[3]) in set(pixel(rows, x, y + 3) for x in range(2, 40))
    press(app, p, K.A)  # P1's table: the recap again
    assert app.name == "play" and box_lines(app.screen.hud) == RECAP


def test_the_recap_starts_empty_each_round():
    app, p = make_app(2, 3)
    press(app, p, K.START)
    play = app.screen
    assert play.log == []
    for _ in range(3000):
        if app.name == "summary":
            break
        if app.name == "play" and play.mode == CHOOSE:
            assert 0 < len(play.log) <= 1
            press(app, p, K.A)
        press(app, p, K.A)
    assert app.name == "summary" and play.log == []


def test_your_own_move_shows_as_long_as_a_computers():
    app, p, play = told_table(pace=1000)
    m = [m for m in legal_moves(play.s) if m[0] == parse("7C") and m[1] == CAPTURE][0]
    while play.pick.cur != 0:
        press(app, p, K.RIGHT)
    press(app, p, K.A)
    while play.pick.moves[play.pick.by_card[0][play.pick.k]] != m:
        press(app, p, K.RIGHT)
    press(app, p, K.A)  # on show
    assert play.hud.status.text.strip() == "P1 7\x81 capture 7"
    press(app, p, 0)  # played on the next step
    assert play.hud.status.text.strip() == "P1 7\x81 capture 7"
    assert play.due - app.now == 1000  # the pace, not half of it
    for _ in range(8):  # still on show within the pace
        press(app, p, 0)
        if play.then != play.events:
            break
        assert play.hud.status.text.strip().startswith("P1 7\x81")


def test_a_builds_paper_cannot_be_read_as_the_highlight():
    # every seat's build is dark paper under white figures; the lit item is yellow
    def far(a, b):
        return sum(abs((a >> k & 255) - (b >> k & 255)) for k in (0, 8, 16))

    for seat in range(4):
        pal = gfx.P_BUILD[seat]
        assert far(pal[2], gfx.YELLOW) > 300 and far(pal[2], 0xFFFFFF) > 300, seat
        assert pal[3] == gfx.WHITE and pal[1] == gfx.SEAT[seat]
    app, p = make_app(4, 8)
    press(app, p, K.START)
    play = app.screen
    s = play.s
    s.builds = [(9, 3, (tuple(cards("6C 3S")),))]
    play.draw()
    play.table.mark(0, 0)
    p.refresh()
    t = play.table.pool[0]
    rows = frame(p.display)
    lab = play.table.labels[0]
    assert lab.pixel_shader[1] == gfx.WHITE
    paper = pixel(rows, t.x + 9, t.y + 12)
    assert paper == rgb565(gfx.SEAT[3] >> 1 & 0x7F7F7F)
    play.table.mark(0, 1)  # lit: yellow, its owner in black
    p.refresh()
    rows = frame(p.display)
    assert pixel(rows, t.x + 9, t.y + 12) == rgb565(gfx.YELLOW)
    assert lab.pixel_shader[1] == gfx.BLACK


def test_a_grey_cards_reason_comes_from_the_engine():
    s = new_game(2, 1)
    s.turn = 0
    s.hands[0] = cards("4C AH")
    s.loose = cards("9D")
    s.builds = [(14, 0, ((parse("AS"),), tuple(cards("9S 5S"))))]
    assert trail_blocker(s, parse("4C")) == 14
    assert why(s, parse("4C")) == "you own a build of 14:\ntake it or add to it first"
    assert not [m for m in legal_moves(s) if m[0] == parse("4C")]
    s.builds = []
    s.loose = cards("4D")
    assert trail_blocker(s, parse("4C")) == -4
    assert why(s, parse("4C")) == "4\x81 matches a loose 4:\nyou must take it or build"


def test_a_cards_moves_say_a_plays_them_even_a_lone_one():
    app, p, play = told_table()
    press(app, p, K.RIGHT)
    press(app, p, K.RIGHT)  # 2S: its one move, a trail
    assert len(play.pick.by_card[2]) == 1
    press(app, p, K.A)
    assert play.hud.status.text.strip() == "trail A=play"
    press(app, p, K.B)
    press(app, p, K.LEFT)  # QD: two moves
    press(app, p, K.A)
    assert play.hud.status.text.strip().endswith("(1/%d) A=play" % len(play.pick.by_card[1]))


def test_the_hint_is_named_as_the_chooser_names_it_and_marked():
    app, p, play = told_table()
    press(app, p, K.SELECT)
    pick = play.pick
    m = pick.moves[pick.by_card[pick.cur][pick.k]]
    text = play.hud.status.text.strip()
    # "hint: 7♣ capture 7": the card the cursor is on, then its move as the chooser names it
    card = play.s.hands[0][pick.cur]
    assert text == "hint: %s %s" % (card_name(card), move_name(m)) and len(text) <= 26
    press(app, p, K.RIGHT)  # stepping on: the chooser's own line
    assert not play.hud.status.text.startswith("hint")


def test_one_name_for_the_person_everywhere():
    app, p = make_app(2, 1)
    press(app, p, K.START)
    play = app.screen
    while play.mode != CHOOSE:
        press(app, p, K.A)
    s = play.s
    seat = s.turn
    assert seat == 0 and app.settings.humans() == 1
    assert play.hud.mine[0].text.split()[0] == "P1"
    s.builds = [(8, 0, (tuple(cards("6D 2D")),))]
    play.draw()
    lab = play.table.labels[0]
    assert lab[0] == ord("P") - 32 and lab[1] == ord("1") - 32  # its build: P1
    from words import side_name

    assert side_name(s, 0) == "P1"
    texts = [play.hud.mine[0].text] + [a.text for a, b in play.hud.panels]
    assert not [t for t in texts if "You" in t]


def test_the_pause_menu_says_the_game_is_saved():
    from tools.soak.fake_nvm import Nvm

    app, p = make_app(2, 1)
    p.bytes = Nvm()
    app.open_save()
    press(app, p, K.START)
    press(app, p, K.START)
    assert app.name == "pause" and app.screen.note.text.strip() == ""  # not yet
    press(app, p, 0)  # saved on the next step
    assert app.name == "pause" and app.screen.note.text.strip() == "The game is saved."
    press(app, p, K.DOWN)
    press(app, p, K.A)  # Rules, then back: still saved
    press(app, p, K.B)
    assert app.name == "pause" and app.screen.note.text.strip() == "The game is saved."
    # a store that fails: NOT SAVED over the screen, nothing said on the menu
    press(app, p, K.B)

    def fail(data):
        raise OSError(5)

    app.store.save = fail
    press(app, p, K.START)
    press(app, p, 0)
    assert app.name == "pause" and app.screen.note.text.strip() == ""
    # a platform without a store saves nothing, and says nothing
    app, p = make_app(2, 1)
    press(app, p, K.START)
    press(app, p, K.START)
    assert app.name == "pause" and app.screen.note.text.strip() == ""


def test_the_memory_line_covers_nothing_on_the_table():
    app, p, play = told_table()
    s = play.s
    used = set(c for h in s.hands for c in h)
    s.loose = [c for c in range(52) if c not in used][:17]  # a table of three rows
    play.draw()
    assert len(set(play.table.pool[i].y for i in range(play.table.shown))) == 3
    press(app, p, K.DEBUG)  # on: a row kept free under the top bar
    band = app.overlay.bands[0]
    assert not band.hidden and band.y == 19
    tiles = [play.table.pool[i] for i in range(play.table.shown)]
    assert min(t.y for t in tiles) >= 28 and max(t.y for t in tiles) + 22 <= 88
    rows = frame(p.display)
    assert len(set(t.y for t in tiles)) == 2
    # the top bar's scores and the status line show as without it
    assert set(pixel(rows, x, 3) for x in range(2, 20)) >= {rgb565(gfx.SEAT[1])}
    app.show("pause")
    p.refresh()
    assert band.y == 19 or app.overlay.tick(app.now) is False
    app.step(0, app.now + 1)
    assert band.y == 0  # over other screens, at the top
    app.show("play")
    play = app.screen
    tiles = [play.table.pool[i] for i in range(play.table.shown)]
    assert min(t.y for t in tiles) >= 28  # (the table made again: room kept)
    press(app, p, K.DEBUG)  # off: the table's three rows again
    assert band.hidden and len(set(t.y for t in tiles)) == 3


def test_the_memory_chord_on_the_table_shows_the_memory_line_and_no_hint():
    # the board's keys through the board's input path (intents.read, as platform_device and
    # the simulator's window read them): SELECT held, START pressed and let go, SELECT let
    # go: the memory line, the chooser untouched; SELECT alone, let go: the hint
    from tools.sim.window import KeyQueue, Event, KEYMAP

    app, p, play = told_table()
    press(app, p, K.RIGHT)  # (the recap goes at the first key)
    keys, event, rep = KeyQueue(), Event(), K.Repeat()
    said = play.hud.status.text
    pick = play.pick
    for number, down in ((3, True), (2, True), (2, False), (3, False)):
        keys.put(number, down)
        press(app, p, K.read(keys, event, rep, KEYMAP, p.ticks()))
    assert app.overlay is not None and app.overlay.mem  # the memory line on
    assert play.hud.status.text == said and pick.mode == 0 and pick.cur == 1  # nothing else
    keys.put(3, True)
    press(app, p, K.read(keys, event, rep, KEYMAP, p.ticks()))
    assert play.hud.status.text == said  # SELECT down: not yet
    keys.put(3, False)
    press(app, p, K.read(keys, event, rep, KEYMAP, p.ticks()))
    assert play.hud.status.text.startswith("hint: ") and pick.mode == 1


def test_the_four_player_top_bar_leaves_room_between_names():
    app, p, play = told_table()
    s = play.s
    s.dealer, s.sweeps, s.scores = 1, [0, 2, 0, 1], [12, 17]
    play.hud.think(3, "P4")
    play.draw()
    hud = play.hud
    spans = []
    for a, b in hud.panels:
        for t in (a, b):
            text = t.text.rstrip()
            assert len(text) <= t.width, text  # nothing cut
        n = max(len(a.text.rstrip()), len(b.text.rstrip()))
        spans.append((a.grid.x, a.grid.x + 5 * n - 1))  # a glyph's last column blank
    assert [a.text.strip() for a, b in hud.panels][1] == "P3 partner"
    for left, right in zip(spans, spans[1:]):
        assert right[0] - left[1] >= 6, spans
    assert spans[-1][1] <= 160
    hud.think(1, "P2")  # the lit bar of a seat thinking: apart too
    a = hud.panels[0][0]
    assert a.grid.x + 5 * a.width + 5 <= hud.panels[1][0].grid.x


def test_continue_puts_the_cursor_back_on_its_card():
    app, p = make_app(2, 3)
    press(app, p, K.START)
    play = app.screen
    while play.mode != CHOOSE:
        press(app, p, K.A)
    while play.pick.cur != 2:
        press(app, p, K.RIGHT)
    card = play.s.hands[0][2]
    press(app, p, K.START)
    for _ in range(5):
        press(app, p, K.DOWN)  # Title
    press(app, p, K.A)
    assert app.name == "title" and app.table is None
    press(app, p, K.START)  # Continue
    play = app.screen
    assert app.name == "play" and play.mode == CHOOSE
    assert play.s.hands[0][play.pick.cur] == card and play.pick.cur == 2
    # a new game: its own first card, not the last game's
    import session

    session.new_game(app)
    assert "play" not in app.rows


def test_the_rules_explain_builds_of_one_value_side_by_side():
    from screen_rules import page

    n = page("rules", 0)[0]
    text = " ".join(" ".join(page("rules", k)[1]) for k in range(n))
    assert "Builds of the same value may lie side by side" in text
    assert "An add joins one of them." in text
    assert card_name(parse("JC")) == "J\x81"


def test_the_guide_explains_the_memory_line():
    import os
    from app_helpers import ROOT

    with open(os.path.join(ROOT, "docs", "PLAYING.md"), encoding="utf-8") as f:
        guide = " ".join(f.read().split())
    for point in (
        "shows the memory line",
        "SELECT held, then START",
        "Space held, then Enter",
        "free and used",
        "The same keys hide it",
        "The game is saved.",
    ):
        assert point in guide, point
