# The pause menu, rules and controls pages, statistics after a finished game,
# Continue on the title, and the words for a card that cannot be played.
import gc
import os
import random

import pytest

from app_helpers import make_app, press, frame, pixel, rgb565, K, ROOT
from test_app_game import choose
from engine.codec import encode
from tools.ref.card_names import parse
from engine.movegen import legal_moves
from engine.profile import PLAYED, WON, BY_N, ROUNDS
from engine.state import new_game
from words import why
from screen_rules import page
import gfx


def pages(name):
    n = page(name, 0)[0]
    return [page(name, k)[1] for k in range(n)]


RULES = pages("rules")
CONTROLS = pages("controls")


def my_turn(players=2, seed=1):
    while new_game(players, seed).turn != 0:
        seed += 1
    app, p = make_app(players, seed, pace=1000)
    press(app, p, K.START)
    assert app.name == "play" and app.screen.mode == 0
    return app, p


def test_pause_resume_keeps_the_turn():
    app, p = my_turn()
    play = app.screen
    press(app, p, K.RIGHT)
    cur = play.pick.cur
    before = encode(app.game)
    press(app, p, K.START)
    assert app.name == "pause"
    press(app, p, K.B)
    assert app.name == "play" and play.mode == 0 and play.pick.cur == cur
    assert encode(app.game) == before
    press(app, p, K.START)
    press(app, p, K.A)  # Resume
    assert app.name == "play" and encode(app.game) == before


def test_the_pause_menu_opens_over_the_tables_drawing_then_lets_it_go(monkeypatch):
    import screen_play

    app, p = my_turn()
    play = app.screen
    group = play.group
    cur = play.pick.cur
    builds = []
    real = screen_play.Screen.build

    def build(self):
        builds.append(1)
        real(self)

    monkeypatch.setattr(screen_play.Screen, "build", build)
    press(app, p, K.START)
    assert app.name == "pause" and play.group is group
    assert list(app.root)[:2] == [group, app.screen.group]  # the menu over the table
    press(app, p, K.B)  # on the step that saves the game: the table's drawing is still there
    assert app.name == "play" and play.group is group and list(app.root)[:1] == [group]
    assert builds == [] and play.mode == 0
    # on the step after the save the menu lets the table's drawing go and collects: a page
    # it opens then neither lets anything of the table go nor collects, and back from the
    # page the drawing is built again under the menu
    press(app, p, K.START)
    press(app, p, K.DOWN)  # the game saved
    press(app, p, 0)
    assert app.name == "pause" and play.group is None
    collects = []
    monkeypatch.setattr(gc, "collect", lambda: collects.append(1))
    press(app, p, K.A)  # Rules
    assert app.name == "rules" and collects == []
    press(app, p, K.B)
    assert app.name == "pause" and builds == [1] and collects == [1]
    assert list(app.root)[:2] == [play.group, app.screen.group]
    assert play.pick.moves is None  # the choice not drawn under the menu's opaque screen
    press(app, p, K.B)
    assert app.name == "play" and builds == [1] and play.mode == 0 and play.pick.cur == cur
    assert play.pick.moves is not None and play.hand.modes[cur] == 1  # drawn at the close
    # left idle, the menu lets it go on its own, and back to the table builds it again,
    # the chooser as it was
    press(app, p, K.START)
    for _ in range(3):
        press(app, p, 0)
    assert app.name == "pause" and play.group is None and list(app.root)[0] is app.screen.group
    press(app, p, K.START)
    assert app.name == "play" and builds == [1, 1] and play.mode == 0 and play.pick.cur == cur
    assert list(app.root)[:1] == [play.group] and app.screen is play


def test_pause_during_a_computer_move_then_it_is_played():
    app, p = my_turn(3, 2)
    play = app.screen
    choose(app, p, random.Random(1), {"moves": 0})
    for _ in range(40):  # a computer's move on show, not yet played
        if play.mode == 2 and play.then == play.apply:
            break
        press(app, p, 0)
    assert play.then == play.apply
    before = encode(app.game)
    press(app, p, K.START)
    for _ in range(30):  # no time passes for the game in the menu
        press(app, p, 0)
    assert encode(app.game) == before
    press(app, p, K.START)
    assert app.name == "play" and play.then == play.apply
    for _ in range(20):
        press(app, p, 0)
    assert encode(app.game) != before  # then it is played


def test_pause_rules_new_game_title():
    app, p = my_turn()
    game = app.game
    press(app, p, K.START)
    press(app, p, K.DOWN)
    press(app, p, K.A)  # Rules
    assert app.name == "rules" and app.screen.title.text.strip() == RULES[0][0]
    press(app, p, K.B)
    assert app.name == "pause"
    press(app, p, K.B)
    assert app.name == "play" and app.game is game
    press(app, p, K.START)
    for _ in range(4):
        press(app, p, K.DOWN)
    press(app, p, K.A)  # New game: the setup
    assert app.name == "setup"
    press(app, p, K.B)  # back: the pause menu, the game untouched
    assert app.name == "pause" and app.game is game
    assert app.screen.menu.row == 4  # the cursor where it was
    press(app, p, K.A)
    press(app, p, K.START)  # the setup asks before the saved game goes
    assert app.name == "setup" and app.game is game
    press(app, p, K.A)  # yes: a new game
    assert app.name == "play" and app.game is not game
    press(app, p, K.START)
    press(app, p, K.UP)
    press(app, p, K.A)  # Title
    assert app.name == "title"


def test_rules_pages_step():
    app, p = make_app()
    items = [t.text.strip() for t in app.screen.menu.rows]
    assert items[0] == "New game" and "Continue" not in items  # nothing saved
    press(app, p, K.DOWN)
    press(app, p, K.A)
    scr = app.screen
    n = len(RULES)
    assert app.name == "rules" and scr.foot.text.strip().startswith("< 1/%d >" % n)
    press(app, p, K.RIGHT)
    assert scr.title.text.strip() == RULES[1][0]
    assert scr.lines[0].text.rstrip() == RULES[1][1]
    press(app, p, K.LEFT)
    press(app, p, K.LEFT)
    assert scr.title.text.strip() == RULES[-1][0]
    for shown in RULES + CONTROLS:
        assert len(shown[0]) <= 26 and len(shown) <= 12
        assert all(len(line) <= scr.lines[0].width for line in shown[1:])
    press(app, p, K.B)
    assert app.name == "title"
    press(app, p, K.DOWN)
    press(app, p, K.A)  # Controls: the buttons first
    scr = app.screen
    assert scr.title.text.strip() == "Controls" and "B: back" in scr.foot.text
    shown = [t.text.strip() for t in scr.lines]
    assert "Left/Right  step through them" in shown  # a card's moves, one by one
    release = open(os.path.join(ROOT, "VERSION")).read().strip()
    assert "version " + release not in shown
    for _ in range(len(CONTROLS) - 1):
        press(app, p, K.RIGHT)
    shown = [t.text.strip() for t in scr.lines]
    assert shown[-1] == "version " + release and shown[-2] == ""  # under the last page, apart
    assert len(CONTROLS[-1]) <= 10  # (its text leaves the last two lines free)


def test_the_pages_keep_a_margin():
    # every line of every rules and controls page in from the screen's edges: nothing but the
    # page's colour in the 8 columns at the left and the 7 at the right (the title above and
    # the foot below span the screen, centred)
    app, p = make_app()
    bar = rgb565(gfx.BAR)
    edges = list(range(8)) + list(range(153, 160))
    for item, pages in (("Rules", RULES), ("Controls", CONTROLS)):
        for i in range(len(pages)):
            app.help = item  # the menu item that opens these pages
            app.show("rules")
            app.screen.page = i
            app.screen.draw()
            p.refresh()
            rows = frame(p.display)
            assert set(pixel(rows, x, y) for x in edges for y in range(16, 115)) == {bar}, (item, i)
            inked = set(pixel(rows, x, y) for x in range(8, 153) for y in range(16, 115))
            assert rgb565(gfx.WHITE) in inked


def test_the_table_pages_explain_its_labels():
    # every label the table shows has a line on the controls' pages
    text = " ".join(" ".join(p) for p in CONTROLS)
    for label in (
        "P2 6",
        "P3 partner",
        "\x7f",
        " D ",
        "sw1",
        "14 over P3",
        "P1 9",
        "deck 16",
        "LAST",
        "(2/5) A=play",
        "hint:",
        "(P3's build)",
    ):
        assert label in text, label


def inks(rows, y):
    # the colours of a line of text 10 pixels high from y, left to right (the felt left out,
    # a colour once for each run of columns of it)
    out = []
    for x in range(160):
        for c in set(pixel(rows, x, yy) for yy in range(y, y + 10)) - {rgb565(gfx.FELT)}:
            if not out or out[-1] != c:
                out.append(c)
    return out


def test_game_over_names_each_seat_in_its_colour():
    # "P2+P4 wins", then each side's names and score: every name in its seat's colour, the
    # rest white
    import types

    seat = [rgb565(c) for c in gfx.SEAT]
    white = rgb565(gfx.WHITE)
    app, p = make_app(4)
    app.result = types.SimpleNamespace(n=4, sides=2, winner=1, scores=[17, 23])
    app.show("over")
    p.refresh()
    rows = frame(p.display)
    assert inks(rows, 44) == [seat[1], white, seat[3], white]
    assert inks(rows, 66) == [seat[0], white, seat[2], white]
    assert inks(rows, 78) == [seat[1], white, seat[3], white]
    assert app.screen.who.text.strip() == "P2+P4 wins"
    app.settings.set_players(3)
    app.result = types.SimpleNamespace(n=3, sides=3, winner=2, scores=[14, 19, 22])
    app.show("title")
    app.show("over")
    p.refresh()
    rows = frame(p.display)
    assert inks(rows, 44) == [seat[2], white]
    for i in range(3):
        assert inks(rows, 66 + 12 * i) == [seat[i], white], i
    app.settings.set_players(2)
    app.result = types.SimpleNamespace(n=2, sides=2, winner=0, scores=[21, 9])
    app.show("title")
    app.show("over")
    p.refresh()
    rows = frame(p.display)
    assert app.screen.who.text.strip() == "You win!" and inks(rows, 44) == [white]
    assert inks(rows, 66) == [seat[0], white] and inks(rows, 90) == []


def test_statistics_after_a_finished_game():
    nvm = bytearray(8192)
    app, p = make_app(2, 3)
    p.bytes = nvm
    app.open_save()
    app.settings.coach = 2  # off (the coach's look is a step of its own)
    press(app, p, K.START)
    rnd = random.Random(3)
    for _ in range(5000):
        if app.name == "play":
            if app.screen.mode == 0:
                choose(app, p, rnd, {"moves": 0})
            else:
                press(app, p, 0)
        elif app.name == "summary":
            press(app, p, K.A)
        else:
            break
    assert app.name == "over"
    stats = app.save.stats
    g = app.game
    won = g.winner == 0
    assert stats[PLAYED + 2] == 1 and stats[BY_N] == 1 and stats[WON + 2] == int(won)
    assert stats[ROUNDS] >= 1
    app.screen.enter()  # shown again: counted once
    assert stats[PLAYED + 2] == 1
    assert app.save.game is None
    press(app, p, K.A)
    assert app.name == "title"
    # kept across a power cycle, shown on the Statistics screen
    again, q = make_app(2, 3)
    q.bytes = nvm
    again.open_save()
    assert again.save.stats == stats
    press(again, q, K.UP)  # Statistics is the last item but the board check
    press(again, q, K.UP)
    press(again, q, K.A)
    assert again.name == "stats"
    assert again.screen.lines[0].text.split()[:2] == ["vs", "computers"]
    line = again.screen.lines[2].text.split()
    assert line[:3] == ["hardest", "medium", "1"] and line[3] == str(int(won))
    press(again, q, K.B)
    assert again.name == "title"


def test_statistics_read_right_for_any_table():
    # against the computers: played, won and % by the hardest one and the player count; a
    # person on every side (people only, or each with a computer partner): played, "-" for
    # won and % (a person wins whoever does), and none of it in the rows above; computers
    # only: nothing
    from engine.profile import record_game, NSTATS, WON_N, MARGIN

    def finished(players, winner, scores):
        g = new_game(players, 1)
        g.winner, g.scores = winner, scores
        return g

    app, p = make_app()
    st = app.save.stats
    record_game(st, finished(2, 1, [14, 21]), [None, None])
    record_game(st, finished(4, 0, [23, 12]), [None, None, "hard", "easy"])
    record_game(st, finished(3, 2, [12, 9, 22]), [None, None, None])
    assert st[PLAYED] == 3 and st[WON] == 0
    assert st[PLAYED + 1 : PLAYED + 4] == [0, 0, 0] and st[BY_N : BY_N + 3] == [0, 0, 0]
    assert st[WON_N : WON_N + 3] == [0, 0, 0] and st[MARGIN] == 0
    record_game(st, finished(2, 0, [21, 5]), ["hard", "easy"])  # computers only
    record_game(st, finished(4, 0, [21, 5]), ["easy", "hard", "easy", "hard"])
    assert sum(st) == 3
    app.show("stats")
    shown = [t.text.rstrip() for t in app.screen.lines]
    assert shown[7].split() == ["people", "vs", "people", "3", "-", "-"]
    assert shown[1].split() == ["hardest", "easy", "0", "0", "-"]
    assert shown[4].split() == ["2", "players", "0", "0", "-"]
    assert shown[8].split() == ["best", "winning", "margin", "-"]  # no win: no margin
    # two people and a computer, P3 wins: against the computers, won; partners P1+P3 against
    # two computers: lost
    st[:] = [0] * NSTATS
    record_game(st, finished(3, 2, [15, 18, 22]), [None, "easy", None])
    record_game(st, finished(4, 1, [10, 22]), [None, "medium", None, "easy"])
    assert st[PLAYED + 1] == 1 and st[WON + 1] == 1 and st[PLAYED] == 0
    assert st[PLAYED + 2] == 1 and st[WON + 2] == 0 and st[BY_N + 2] == 1
    app.show("title")
    app.show("stats")
    assert app.screen.lines[1].text.split() == ["hardest", "easy", "1", "1", "100"]
    assert app.screen.lines[8].text.split()[-1] == str(st[MARGIN]) != "0"
    assert app.screen.lines[7].text.split()[3] == "0"


def test_continue_only_with_a_saved_game_and_resume():
    app, p = make_app()
    app.save.game = new_game(2, 1)
    app.show("title")
    called = []
    app.resume = lambda: called.append(1)
    app.show("title")
    assert app.screen.menu.rows[0].text.strip() == "Continue"
    press(app, p, K.A)
    press(app, p, K.START)
    assert called == [1, 1]


def said(hud):
    # the status line's text, with the line over it when there is one (a grey card's reason)
    lines = [hud.status.text.rstrip()]
    if hud.over is not None:
        t = hud.over  # its line's glyph tiles (0: the space), a space first
        lines.insert(0, "".join(chr(t[i] + 32) for i in range(1, t.width)).rstrip())
    return lines


def test_a_grey_card_is_explained():
    app, p = my_turn()
    play = app.screen
    s = app.game
    s.hands[0] = [parse(c) for c in ("8H", "5C", "KD", "2S")]
    s.builds = [(8, 0, ((parse("6D"), parse("2D")),))]
    s.loose = [parse(c) for c in ("KS", "7C", "5D")]
    play.begin()
    grey = [i for i in range(4) if not play.pick.by_card[i]]
    assert grey == [3] and not [m for m in legal_moves(s) if m[0] == parse("2S")]
    while play.pick.cur != 3:
        press(app, p, K.RIGHT)
    assert play.hand.modes[3] == 1 and "A=why" in play.hud.status.text
    assert said(play.hud) == ["2\x80: no legal move  A=why"]
    before = encode(s)
    press(app, p, K.A)  # the reason in plain words, on the status line and a band over it
    assert said(play.hud) == ["you own a build of 8:", "take it or add to it first"]
    rows = frame(p.display)  # the band: black across the screen, white words, over the table
    band = set(pixel(rows, x, y) for x in range(160) for y in range(78, 88))
    assert band == {rgb565(gfx.BLACK), rgb565(gfx.WHITE)}
    assert play.pick.mode == 0 and encode(s) == before
    press(app, p, K.LEFT)  # the cursor moves on: its own line again, the band gone
    assert said(play.hud) == ["K\x83: 1 move  A=pick"] and play.pick.cur == 2
    assert rgb565(gfx.FELT) in [pixel(frame(p.display), x, 80) for x in range(160)]
    press(app, p, K.RIGHT)
    press(app, p, K.A)
    press(app, p, K.B)  # B: the recap of the moves (none yet) over the card's own line
    assert said(play.hud) == ["2\x80: no legal move  A=why"]


def test_explanations_read_the_table():
    s = new_game(2, 1)
    s.turn = 0
    s.builds = []
    s.hands[0] = [parse("5C"), parse("8D")]
    s.loose = [parse("5H"), parse("8S")]
    assert why(s, parse("5C")) == "5\x81 matches a loose 5:\nyou must take it or build"
    assert why(s, parse("8D")) == "8\x83 matches a loose 8:\nyou must take it or build"
    s.builds = [(9, 1, ((parse("4S"), parse("5S")),))]
    assert why(s, parse("5C")).startswith("5\x81 matches")  # P2's build: not ours
    s.builds = [(9, 0, ((parse("4S"), parse("5S")),))]
    assert why(s, parse("5C")) == "you own a build of 9:\ntake it or add to it first"
    s.builds = [(14, 0, ((parse("AS"),), (parse("9S"), parse("5S"))))]
    assert why(s, parse("5C")).startswith("you own a build of 14:")
    s.builds = []
    s.loose = [parse("TH")]
    assert why(s, parse("TC")) == "10\x81 matches a loose 10:\nyou must take it or build"
    s.loose = [parse("3H")]
    assert why(s, parse("TC")) == "10\x81: no legal move here"  # (the engine allows its trail)


def test_every_reason_fits_two_status_lines():
    # the longest of each: a build of 14, a 10 of a two-byte suit glyph; the status line's
    # 26 characters (lib/hud_view.py)
    s = new_game(2, 1)
    s.turn = 0
    s.hands[0] = [parse("TD"), parse("5C")]
    s.loose = [parse("TH")]
    s.builds = []
    texts = [why(s, parse("TD"))]
    s.builds = [(14, 0, ((parse("AS"),), (parse("9S"), parse("5S"))))]
    texts.append(why(s, parse("5C")))
    s.builds = []
    s.loose = []
    texts.append(why(s, parse("TD")))
    for t in texts:
        lines = t.split("\n")
        assert len(lines) <= 2 and all(len(x) <= 26 for x in lines), t


def test_the_title_and_its_pages_stay_loaded_until_a_game_and_a_page_in_a_game_goes(monkeypatch):
    # from the title to a page and back loads nothing again; a game lets them all go; a page
    # opened in a game goes when it is left
    import sys
    import builtins

    loads = []
    real = builtins.__import__

    def counted(name, *a, **k):
        if name not in sys.modules:
            loads.append(name)
        return real(name, *a, **k)

    monkeypatch.setattr(builtins, "__import__", counted)
    for m in ("screen_title", "screen_rules", "screen_stats", "menu"):
        sys.modules.pop(m, None)
    app, p = make_app(2, 1)
    app.show("title")
    press(app, p, 0)
    app.show("rules")
    press(app, p, 0)
    app.show("title")
    press(app, p, 0)
    assert app.name == "title"
    assert loads.count("screen_title") == 1 and loads.count("screen_rules") == 1
    for m in ("screen_title", "screen_rules", "menu"):
        assert m in sys.modules, m
    app.show("rules")
    press(app, p, 0)
    assert loads.count("screen_rules") == 1  # shown again: nothing loaded
    app.show("title")
    press(app, p, 0)
    press(app, p, K.START)  # a new game: the title side goes
    assert app.name == "play"
    for m in ("screen_title", "screen_rules", "menu"):
        assert m not in sys.modules, m
    press(app, p, K.START)  # the pause menu, then its Rules
    app.show("rules")
    press(app, p, 0)
    assert app.name == "rules" and "screen_rules" in sys.modules
    press(app, p, K.B)
    assert app.name == "pause" and "screen_rules" not in sys.modules


def reference_pages(text):
    # the pages as a person reads the file: "= Title" starts one, "#" lines are comments
    pages = []
    for line in text.split("\n"):
        if line.startswith("= "):
            pages.append([line[2:]])
        elif pages and not line.startswith("#"):
            pages[-1].append(line)
    for p in pages:
        while p and p[-1] == "":
            p.pop()
    marks = dict(zip(("^B", "^S", "^C", "^H", "^D"), "\x7f\x80\x81\x82\x83"))
    return [[_marked(line, marks) for line in p] for p in pages]


def _marked(line, marks):
    for k, v in marks.items():
        line = line.replace(k, v)
    return line


@pytest.mark.parametrize("piece", [1, 2, 3, 5, 7, 128])
def test_a_page_is_found_whatever_the_pieces_it_is_read_in(piece, monkeypatch, tmp_path):
    import gfx
    import screen_rules

    monkeypatch.setattr(screen_rules, "_PIECE", piece)
    for name in ("rules", "controls"):
        with open(os.path.join(ROOT, "lib", name + ".txt"), encoding="utf-8") as f:
            want = reference_pages(f.read())
        got = [screen_rules.page(name, k) for k in range(len(want))]
        assert [n for n, _ in got] == [len(want)] * len(want)
        assert [lines for _, lines in got] == want
    # a file that starts with a page, with no comment above and no line end at its end
    (tmp_path / "odd.txt").write_text("= One\na ^S\n# note\n= Two\nb\n\n= Three\nc")
    monkeypatch.setattr(gfx, "PAGES", str(tmp_path) + "/")
    assert [screen_rules.page("odd", k) for k in range(3)] == [
        (3, ["One", "a \x80"]),
        (3, ["Two", "b"]),
        (3, ["Three", "c"]),
    ]


def test_the_two_player_modules_go_at_a_table_of_more_players():
    # hard's branches and the last hand's exact search serve 2-player games only: a
    # table of 3 or 4 players lets them go, the next 2-player table loads them again
    import sys
    import engine

    app, p = make_app(2, 1)
    press(app, p, K.START)
    assert app.name == "play"
    assert "engine.ai_branches" in sys.modules and "engine.ai_end" in sys.modules
    app.show("title")
    press(app, p, 0)
    for players in (4, 3):
        app.game = app.save.game = None
        app.settings.set_players(players)
        press(app, p, K.START)
        assert app.name == "play" and app.game.n == players
        for m in ("ai_branches", "ai_end"):
            assert "engine." + m not in sys.modules and not hasattr(engine, m), m
        app.show("title")
        press(app, p, 0)
    app.game = app.save.game = None
    app.settings.set_players(2)
    press(app, p, K.START)
    assert app.name == "play" and "engine.ai_branches" in sys.modules
