"""SELECT's hint: the hard player's move, its card and the move as the chooser names it, marked
as a hint ("hint: J♣ capture 11"), in one status line; the table shows what it takes."""

from app_helpers import make_app, press, K
from engine.ai import choose_move
from engine.codec import encode
from engine.movegen import legal_moves
from engine.play import apply_move
from engine.state import new_game
from words import card_name, move_name

STATUS = 26  # characters on the status line (lib/hud_view.py)


def test_every_move_has_a_short_hint_line():
    for players in (2, 3, 4):
        s = new_game(players, players * 7)
        k = 0
        while not s.round_over():
            for m in legal_moves(s):
                assert len("hint: %s %s" % (card_name(m[0]), move_name(m))) <= STATUS, m
            apply_move(s, choose_move(s, "easy", k))
            k += 1


def test_the_hint_is_the_hard_players_move_and_lit_on_the_table():
    app, p = make_app(2, 11)
    press(app, p, K.START)
    play = app.screen
    while play.mode != 0:
        press(app, p, K.A)
    s = play.s
    before = encode(s)
    want = choose_move(s.copy(), "hard", app.save.ai_seed ^ len(s.deck))
    press(app, p, K.SELECT)
    pick = play.pick
    got = pick.moves[pick.by_card[pick.cur][pick.k]]
    assert got == want and encode(s) == before  # nothing played
    assert play.hud.status.text.strip() == "hint: %s %s" % (card_name(want[0]), move_name(want))
    nb = len(s.builds)
    lit_b = sum(1 << j for j in range(nb) if play.table.modes[j] == 1)
    lit_l = sum(1 << i for i in range(len(s.loose)) if play.table.modes[nb + i] == 1)
    assert (lit_l, lit_b) == (want[3], want[4])
