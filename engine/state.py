# The whole game as a few lists of small ints. A build is a tuple
# (value, owner, groups) with groups a tuple of tuples of cards.
from engine.rng import Rng

CARDS_PER_HAND = 4
NO_SEAT = -1


class State:
    # ([seat, move, loose, builds], ...): this hand's plays, the last first,
    # with copies of the table ai_hard.observe read each on (None, None if
    # it did not read it); 2 or 4 players, for hard's deals; not saved
    was = ()

    def __init__(self, players=2, sweeps_on=True):
        if players not in (2, 3, 4):
            raise ValueError("players must be 2, 3 or 4")
        self.n = players
        self.sides = 2 if players == 4 else players
        self.sweeps_on = sweeps_on
        self.dealer = 0
        self.turn = 1 % players
        self.hands = []
        self.captured = []
        for _ in range(players):
            self.hands.append([])
            self.captured.append([])
        self.loose = []
        self.builds = []
        self.deck = []
        self.sweeps = [0] * players
        self.last = NO_SEAT  # seat of the round's last capture
        self.scores = [0] * self.sides
        self.winner = NO_SEAT  # side that won the game, once decided
        self.rng = Rng(1)
        # byte c, bit seat: the seat's plays this hand make card c unlikely
        # in its hand (ai_hard.observe); public knowledge, for hard's deals
        self.unlikely = bytearray(52)

    def copy(self):
        """A copy whose lists can change without touching this state."""
        s = State(self.n, self.sweeps_on)
        s.dealer = self.dealer
        s.turn = self.turn
        s.hands = list(map(list, self.hands))
        s.loose = self.loose[:]
        s.builds = self.builds[:]  # builds are immutable tuples
        s.deck = self.deck[:]
        s.captured = list(map(list, self.captured))
        s.sweeps = self.sweeps[:]
        s.last = self.last
        s.scores = self.scores[:]
        s.winner = self.winner
        s.rng.hi = self.rng.hi
        s.rng.lo = self.rng.lo
        s.unlikely = bytearray(self.unlikely)
        s.was = self.was
        return s

    def round_over(self):
        """Whether the round's last card has been played."""
        return not self.deck and not any(self.hands)

    def deal_hand(self):
        """Four cards to each seat from dealer+1 round to the dealer."""
        n = self.n
        deck = self.deck
        self.unlikely = bytearray(52)  # new hands: nothing said of them yet
        self.was = ()
        for k in range(n):
            seat = (self.dealer + 1 + k) % n
            self.hands[seat].extend(deck[:CARDS_PER_HAND])
            del deck[:CARDS_PER_HAND]
        self.turn = (self.dealer + 1) % n

    def start_round(self, dealer):
        """A fresh shuffled pack: hands, then four cards face up, the rest the deck."""
        self.dealer = dealer
        deck = list(range(52))
        self.rng.shuffle(deck)
        self.deck = deck
        for h in self.hands:
            del h[:]
        for c in self.captured:
            del c[:]
        self.deal_hand()
        self.loose = deck[:CARDS_PER_HAND]
        del deck[:CARDS_PER_HAND]
        self.builds = []
        self.sweeps = [0] * self.n
        self.last = NO_SEAT


def new_game(players, seed, sweeps_on=True):
    """A game dealt as a table would: the first dealer drawn at random."""
    s = State(players, sweeps_on)
    s.rng.seed(seed)
    s.start_round(s.rng.below(players))
    return s
