# What the screen shows, read back pixel by pixel from the headless display:
# highlighted cards are drawn highlighted, and a cursor move repaints little.
from app_helpers import make_app, press, area, frame, pixel, rgb565, K
from tools.soak.app_driver import chosen
import gfx
from engine.state import new_game
import hand_view
import table_view


def hand_rect(j):
    # the j-th hand card on screen: x, y, width, height
    return (hand_view.X0 + j * hand_view.PITCH, hand_view.Y, 28, 28)


def table_rect(play, i):
    # the table's i-th item (an 18x22 card of two tiles)
    t = play.table.pool[i]
    return (t.x, t.y, table_view.W, 22)


def opening(players=2):
    # An app on the person's first turn (a seed where seat 0 plays first).
    seed = 1
    while new_game(players, seed).turn != 0:
        seed += 1
    app, p = make_app(players, seed)
    press(app, p, K.START)
    assert app.screen.mode == 0
    return app, p


def paper(rows, rect, dx, dy):
    return pixel(rows, rect[0] + dx, rect[1] + dy)


def test_highlighted_cards_are_drawn_highlighted():
    app, p = opening()
    play = app.screen
    pick = play.pick
    s = play.s
    # a card whose first move takes or builds on loose cards
    for i in range(len(s.hands[0])):
        ks = pick.by_card[i]
        if ks and pick.moves[ks[0]][3]:
            break
    else:
        return
    while pick.cur != i:
        press(app, p, K.RIGHT)
    rows = frame(p.display)
    for j in range(len(s.hands[0])):
        want = gfx.YELLOW if j == i else (gfx.WHITE if pick.by_card[j] else 0x9A9A9A)
        assert paper(rows, hand_rect(j), 20, 6) == rgb565(want)
    press(app, p, K.A)
    m = chosen(pick)
    rows = frame(p.display)
    nb = len(s.builds)
    for k in range(len(s.loose)):
        lit = m[3] >> k & 1
        got = paper(rows, table_rect(play, nb + k), 13, 4)
        assert got == rgb565(gfx.YELLOW if lit else gfx.WHITE), (k, lit)
    # the status line names the move
    assert play.hud.status.text.split()[0] in ("capture", "build", "raise", "trail")


def test_cursor_move_repaints_only_what_changed():
    app, p = opening()
    play = app.screen
    n = len(play.s.hands[0])
    assert n == 4
    before = frame(p.display)
    painted = press(app, p, K.RIGHT)
    after = frame(p.display)
    changed = sum(
        1 for y in range(128) for x in range(160) if pixel(before, x, y) != pixel(after, x, y)
    )
    dirty = area(painted)
    print("hand cursor: dirty %d px, changed %d px" % (dirty, changed))
    # two hand cards (28x28) and the status line (156x10), never the screen
    assert 0 < changed <= dirty <= 2 * 28 * 28 + 156 * 10
    assert dirty < 160 * 128 // 5
    press(app, p, K.A)
    painted = press(app, p, K.RIGHT)
    dirty = area(painted)
    print("move step: dirty %d px" % dirty)
    assert dirty <= len(play.s.loose + play.s.builds) * 18 * 22 + 156 * 10
    painted = press(app, p, 0)
    assert area(painted) == 0  # an idle frame repaints nothing


def test_title_settings_start_the_chosen_game():
    app, p = make_app(2, 4)
    assert app.name == "title"
    press(app, p, K.A)  # New game: the setup
    assert app.name == "setup"
    press(app, p, K.RIGHT)  # players 3
    press(app, p, K.DOWN)  # P2 (P1 is always a person)
    press(app, p, K.LEFT)  # easy
    press(app, p, K.DOWN)  # P3
    press(app, p, K.LEFT)  # easy
    press(app, p, K.DOWN)  # sweeps (no P4 with 3 players)
    press(app, p, K.A)  # sweeps off
    st = app.settings
    assert (st.players, st.sweeps) == (3, False)
    assert st.kinds == ["human", "cpu", "cpu"] and st.levels[1:] == ["easy"] * 2
    assert "3" in app.screen.vals[0].text and "off" in app.screen.vals[5].text
    press(app, p, K.START)
    assert app.name == "play" and app.game.n == 3 and not app.game.sweeps_on


def test_crowded_table_fits():
    app, p = opening(4)
    play = app.screen
    s = play.s
    used = set(c for h in s.hands for c in h)
    s.loose = [c for c in range(52) if c not in used][:30]
    play.table.show(s)
    p.refresh()
    xs = [table_rect(play, i) for i in range(30)]
    for x, y, w, h in xs:
        assert 0 <= x and x + w <= 160 and 18 <= y and y + h <= 88
    # every card's corner (rank and suit column) stays visible: pitch >= 8 px
    row0 = sorted(r[0] for r in xs if r[1] == xs[0][1])
    assert min(b - a for a, b in zip(row0, row0[1:])) >= 8


def test_a_build_tile_takes_its_new_owners_colour():
    # The same slot, the same value, another owner (a raise, or the build
    # before it taken): the tile is repainted in the new owner's colour
    # (gfx.P_BUILD), as its label says.
    import displayio
    from engine.state import State

    table = table_view.Table(displayio.Group())
    s = State(2)
    groups = (
        (7, (2 << 2 | 2, 3 << 2 | 2)),  # 7: the 3 and 4 of hearts
        (9, (3 << 2 | 3, 4 << 2 | 3)),
    )  # 9: the 4 and 5 of diamonds
    for owners in ((1,), (0,), (1, 0), (0, 1)):
        s.builds = [(v, o, (g,)) for (v, g), o in zip(groups, owners)]
        table.show(s)
        for i, o in enumerate(owners):
            assert table.pool[i].pixel_shader is gfx.P_BUILD[o], (owners, i)
        table.mark(0, 1)
        assert table.pool[0].pixel_shader is gfx.P_BUILD_HL
        table.mark(0, 0)
        assert table.pool[0].pixel_shader is gfx.P_BUILD[owners[0]]


def test_a_line_of_text_sets_a_glyph_a_character():
    # gfx.Text reads a line's UTF-8: ASCII one byte each, the card back and the suits
    # (127..131) two, a character of three or four bytes is no glyph of ours ("?")
    t = gfx.Text(5, 8, 0, 0, gfx.palette(gfx.BAR, gfx.WHITE))
    t.set("A\x7f\x80\u20ac\U0001f0a1z")
    tiles = [t.grid[i] for i in range(8)]
    space, question = 32, ord("?")
    assert tiles == [
        ord("A") - space,
        0x7F - space,
        0x80 - space,
        question - space,
        question - space,
        ord("z") - space,
        0,
        0,
    ]
    t.set("ab", center=True)  # what was there goes, the rest centred
    assert [t.grid[i] for i in range(8)] == [0, 0, 0, ord("a") - space, ord("b") - space, 0, 0, 0]
