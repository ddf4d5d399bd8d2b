# The setup: the seats (a computer's level or a person), the player count,
# sweeps on or off, mute, the computers' speed. One object serves the setup screen, the new game
# and the save's settings section (engine/profile.py reads and writes it).
from engine import const

LEVELS = ("easy", "medium", "hard")
HUMAN = "human"
CHOICES = LEVELS + (HUMAN,)  # what a seat of the setup steps through
# how fast the computers play (Settings.speed is the index): how long each move
# shows is the play screen's (lib/play_view.py SHOWS)
SPEEDS = ("slow", "normal", "fast", "instant")
FAST = const(2)  # SPEEDS' "fast": from here on a computer's move is played at once
# the coach and the first-game tips (Settings.coach is the index): "auto" is on while
# the profile has played fewer than engine/profile.py's _COACH_GAMES games
COACHES = ("auto", "on", "off")


class Settings:
    # Seat 0 is always a person (P1, holding the board first); every other
    # seat is a computer's level or None, another person passing the board.
    def __init__(self):
        self.sweeps = True
        self.mute = False
        self.speed = 1  # SPEEDS' "normal"
        self.coach = 0  # COACHES' "auto"
        self.tips = 0  # bit k: lib/teach.py's tip k has been shown (once per profile)
        self.seats = [None, "medium", "medium", "medium"]
        self.version = (0, 0, 0)  # the game's release that wrote the save
        self.set_players(2)

    def set_players(self, n):
        """n players: each seat's kind and level from its choice."""
        self.players = n
        self.kinds = []
        self.levels = []
        for lv in self.seats[:n]:
            self.kinds.append(HUMAN if lv is None else "cpu")
            self.levels.append(lv or "medium")

    def set_seat(self, seat, choice):
        """choice: a level, or HUMAN for a person"""
        if seat:
            self.seats[seat] = None if choice == HUMAN else choice
            self.set_players(self.players)

    def choice(self, seat):
        """What a seat is set to: a level, or HUMAN."""
        return self.seats[seat] or HUMAN

    def humans(self):
        """How many seats people play."""
        return self.kinds.count(HUMAN)

    def seat_levels(self):
        """the seats in play: None (a person) or a level"""
        return self.seats[: self.players]
