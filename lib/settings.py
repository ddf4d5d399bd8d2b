# The game settings in one small object: what the setup screen edits, what a
# new game is started from, and what the save's settings section remembers.
# Seat 0 is always a person (P1, holding the board first); every other seat
# is a computer of a level or another person passing the board.
LEVELS = ("easy", "medium", "hard")
HUMAN = "human"
CPU = "cpu"
CHOICES = LEVELS + (HUMAN,)      # what a seat of the setup steps through


class Settings:
    def __init__(self):
        self.sweeps_on = True
        self.mute = False
        self.level = "medium"
        self.seats = [None, "medium", "medium", "medium"]    # None: a person
        self.set_players(2)

    def set_players(self, n):
        self.players = n
        self.kinds = [HUMAN if lv is None else CPU for lv in self.seats[:n]]
        self.levels = [lv or self.level for lv in self.seats[:n]]

    def set_level(self, level):
        # every computer seat plays at this level
        self.level = level
        for k in range(1, 4):
            if self.seats[k] is not None:
                self.seats[k] = level
        self.set_players(self.players)

    def set_seat(self, seat, choice):
        # choice: a level, or HUMAN for a person
        if seat:
            self.seats[seat] = None if choice == HUMAN else choice
            self.set_players(self.players)

    def choice(self, seat):
        lv = self.seats[seat]
        return HUMAN if lv is None else lv

    def humans(self):
        return self.kinds.count(HUMAN)

    def seat_levels(self):
        # the save's view of the seats in play: None (a person) or a level
        return self.seats[:self.players]

    def name(self, seat):
        return "P%d" % (seat + 1)

    def load(self, st):
        # from the save's settings (engine.profile.Settings)
        self.sweeps_on = bool(st.sweeps)
        self.mute = bool(st.mute)
        seats = list(st.seats[:4])
        while len(seats) < 4:
            seats.append("medium")
        seats[0] = None
        self.seats = seats
        self.set_players(st.players if st.players in (2, 3, 4) else 2)

    def store(self, st):
        # into the save's settings, to be written with the save
        st.players = self.players
        st.sweeps = self.sweeps_on
        st.mute = self.mute
        st.seats = self.seats[:]
