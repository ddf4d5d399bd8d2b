# What the table's labels look like, read back pixel by pixel from the headless display:
# the round scores' heads in each side's colour, the setup's partnerships in the seats'
# colours, the viewer's box clear of the bottom row, the seats' names and scores alike.
from app_helpers import make_app, press, frame, pixel, rgb565, K
import gfx
import round_end
import screen_summary
from engine.state import new_game
from engine.ai import choose_move
from engine.play import play as apply


def colours(rows, x0, y0, x1, y1, ground):
    # the colours other than the ground in a box of the screen (x1, y1 excluded)
    out = set()
    for y in range(y0, y1):
        for x in range(x0, x1):
            c = pixel(rows, x, y)
            if c != rgb565(ground):
                out.add(c)
    return out


def played_round(n, seed):
    s = new_game(n, seed)
    while not s.round_over():
        apply(s, choose_move(s, "easy", len(s.deck)))
    return round_end.finish(s)


def test_round_scores_heads_are_in_each_sides_colour():
    for n in (3, 4):
        app, p = make_app(n)
        app.result = played_round(n, 5)
        app.show("summary")
        p.refresh()
        rows = frame(p.display)
        top = screen_summary.TOP
        for side in range(app.result.sides):
            x0 = 2 + (10 + 7 * side) * 5
            assert colours(rows, x0, top, x0 + 35, top + 7, gfx.BAR) == {rgb565(gfx.SEAT[side])}


def test_setup_shows_the_partnerships_in_the_seats_colours():
    app, p = make_app(4)
    app.show("setup")
    p.refresh()
    rows = frame(p.display)
    y = 112
    # "P1+P3  vs  P2+P4" from x 40, 5 pixels a character: each name in its seat's colour
    for seat, x in ((0, 40), (2, 55), (1, 95), (3, 110)):
        assert colours(rows, x, y, x + 10, y + 7, gfx.BAR) == {rgb565(gfx.SEAT[seat])}, seat
    assert colours(rows, 75, y, 85, y + 7, gfx.BAR) == {rgb565(gfx.WHITE)}  # "vs"
    assert not colours(rows, 65, y, 75, y + 7, gfx.BAR)  # a space each side
    assert not colours(rows, 85, y, 95, y + 7, gfx.BAR)
    app.settings.set_players(3)
    app.screen.draw()
    p.refresh()
    rows = frame(p.display)
    assert not colours(rows, 0, y, 160, y + 7, gfx.BAR)  # 3 players, one person: nothing


def last_hand():
    # a 2-player table in the round's last hand, the person to play
    app, p = make_app(2)
    for seed in range(1, 100):
        s = new_game(2, seed)
        k = 0
        while (s.deck or s.turn != 0) and not s.round_over():
            apply(s, choose_move(s, "easy", k))
            k += 1
        if not s.round_over():
            break
    app.game = s
    app.show("play")
    p.refresh()
    return app, p


def test_the_viewers_box_keeps_off_the_bottom_row_and_its_lines_apart():
    app, p = last_hand()
    hud = app.screen.hud
    assert [t.text.strip() for t in hud.mine][2] == "LAST"
    rows = frame(p.display)
    box = (123, 98, 160, 128)
    assert rgb565(gfx.YELLOW) in colours(rows, 123, 118, 160, 125, gfx.BAR)  # LAST, yellow
    assert not colours(rows, 123, 125, 160, 128, gfx.BAR)  # the bottom rows: no ink
    for t in hud.mine:  # 7 rows of glyph, 2 between
        y = t.grid.y
        assert box[1] <= y and y + 7 + 2 <= box[3] - 1
    ys = sorted(t.grid.y for t in hud.mine)
    assert all(b - a >= 9 for a, b in zip(ys, ys[1:]))


def my_turn(app, p):
    # the first computers' moves played out: the person to choose
    while app.screen.mode != 0:
        press(app, p, 0)


def test_names_and_scores_read_alike_and_the_partner_is_named():
    app, p = make_app(2)
    press(app, p, K.START)
    my_turn(app, p)
    hud = app.screen.hud
    top = [a.text.strip() for a, b in hud.panels]
    assert top == ["P2 0"]  # as the box's "P1     0"
    assert hud.mine[0].text.split() == ["P1", "0"]
    app, p = make_app(4)
    press(app, p, K.START)
    my_turn(app, p)
    top = [a.text.strip() for a, b in app.screen.hud.panels]
    assert top == ["P2 0", "P3 partner", "P4 0"]
