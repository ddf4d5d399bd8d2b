# The game settings in one small object: what the title (and later the setup
# screens) edit and what a new game is started from.
LEVELS = ("easy", "medium", "hard")
HUMAN = "human"
CPU = "cpu"


class Settings:
    def __init__(self):
        self.sweeps_on = True
        self.level = "medium"
        self.set_players(2)

    def set_players(self, n):
        # seat 0 is the person holding the board; the others are computers
        self.players = n
        self.kinds = [HUMAN] + [CPU] * (n - 1)
        self.levels = [self.level] * n

    def set_level(self, level):
        self.level = level
        self.levels = [level] * self.players

    def name(self, seat):
        return "P%d" % (seat + 1)
