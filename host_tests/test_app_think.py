# A computer thinks while the last move is on show: its search runs on the step after that
# move is drawn (screen_play.expect/think), the show's wait shortened by the search's time,
# and its name bar says it is thinking before the search starts. The search decides what a
# search started after the show decides: the same state, level and seed.
import pytest

from app_helpers import make_app, K
from engine.codec import encode
from tools.sim.platform_host import Scripted
from app import App
import screen_play

REAL = screen_play.choose_move


def frames(app, p, n, until=None):
    """n frames of the loop (the person plays each card's first move at once), or until
    until() holds."""
    for _ in range(n):
        scr = app.screen
        intent = 0
        if app.name == "play" and scr.mode == 0:  # the person's turn: A, A
            intent = K.A
        elif app.name in ("summary", "over"):
            intent = K.A
        app.step(intent, p.ticks())
        p.refresh()
        if until is not None and until():
            return


def searches(monkeypatch, spent=0, p=None, log=None):
    """Every computer search through the play screen: (state, level, seed, move); spent ms
    of the platform's clock each."""
    done = [] if log is None else log

    def spy(state, level, seed, stop=None):
        move = REAL(state, level, seed, stop)
        done.append((encode(state), level, seed, move))
        if spent:
            p.t += spent
        return move

    monkeypatch.setattr(screen_play, "choose_move", spy)
    return done


@pytest.mark.parametrize(
    "players,levels,seed",
    [(2, ["hard"], 4), (3, ["medium", "hard"], 9), (4, ["easy", "hard", "medium"], 2)],
)
def test_a_search_during_the_show_decides_what_one_after_it_decides(
    monkeypatch, players, levels, seed
):
    # At each computer's move, as it is about to show: a search of that state (a copy: the
    # hand's plays, s.was, with it) with the same level and seed chooses the move the
    # search during the last show chose, and the state is the one it searched.
    app, p = make_app(players, seed, pace=900)
    app.settings.seats[1:players] = levels
    app.settings.set_players(players)
    done = searches(monkeypatch)
    shown = []
    real_begin = screen_play.Screen.begin

    def begin(self):
        if self.ahead is not None:  # a computer's move about to show
            state, level, seed_, move = done[-1]
            shown.append(
                (
                    state == encode(self.s),
                    move == self.ahead,
                    REAL(self.s.copy(), level, seed_) == move,
                )
            )
        real_begin(self)

    monkeypatch.setattr(screen_play.Screen, "begin", begin)
    app.game = None
    app.show("play")
    frames(app, p, 2500, lambda: app.name != "play")
    assert len(shown) >= 10 and len(done) == len(shown)
    assert set(shown) == {(True, True, True)}


def test_the_thinking_notice_is_on_screen_before_the_search_starts(monkeypatch):
    app, p = make_app(2, 5, pace=900)
    app.settings.seats[1] = "hard"
    seen = []  # P2's bar at each refresh
    due = []  # and whether P2's search or its move is due
    real_refresh = p.refresh

    def refresh():
        t = app.table
        if t is not None and t.group is not None:
            seen.append(t.hud.panels[0][0].text)
            due.append(t.thinking or t.ahead is not None)
        real_refresh()

    p.refresh = refresh
    at_search = []

    def spy(state, level, seed, stop=None):
        at_search.append(seen[-1])  # what the last refresh put on screen
        return REAL(state, level, seed, stop)

    monkeypatch.setattr(screen_play, "choose_move", spy)
    app.game = None
    app.show("play")
    p.refresh()
    frames(app, p, 600, lambda: len(at_search) >= 6)
    assert len(at_search) >= 6 and set(at_search) == {"P2 thinks"}
    # on screen from the search's notice until the move shows, and only then
    assert [text == "P2 thinks" for text in seen] == due and 0 < due.count(True) < len(due)


def test_a_long_search_shortens_the_wait_it_runs_in_and_the_move_still_shows_a_pace(monkeypatch):
    p = Scripted(step=20)
    app = App(p, pace=900, seed=3)
    app.settings.coach = 2  # off: (its look runs on a step of its own, in the wait)
    app.settings.set_players(2)
    app.settings.seats[1] = "medium"
    app.show("title")
    done = searches(monkeypatch, spent=1500, p=p)
    times = {"commit": [], "show": [], "apply": []}
    real_commit = screen_play.Screen.commit
    real_begin = screen_play.Screen.begin
    real_apply = screen_play.Screen.apply

    def commit(self, move):
        if self.s.turn == 0:
            times["commit"].append(p.t)
        real_commit(self, move)

    def begin(self):
        if self.ahead is not None:
            times["show"].append(p.t)
        real_begin(self)

    def apply(self):
        if self.s.turn != 0:  # a computer's move (the person's plays on the step after A)
            times["apply"].append(p.t)
        real_apply(self)

    monkeypatch.setattr(screen_play.Screen, "commit", commit)
    monkeypatch.setattr(screen_play.Screen, "begin", begin)
    monkeypatch.setattr(screen_play.Screen, "apply", apply)
    app.game = None
    app.show("play")
    frames(app, p, 800, lambda: len(times["commit"]) >= 4)
    assert len(done) >= 3
    for shown, applied in zip(times["show"], times["apply"]):
        assert applied - shown >= 900  # the move on show a whole pace
    for moved in times["commit"][:3]:
        after = [t for t in times["show"] if t > moved][0]
        # the person's move on show for half a pace, the search's 1.5 s within it
        assert after - moved <= 1500 + 3 * 20
