# Intents: what a button press means to the app, the same on every platform.
UP = 1
DOWN = 2
LEFT = 3
RIGHT = 4
A = 5
B = 6
START = 7
SELECT = 8
NAMES = ("", "up", "down", "left", "right", "a", "b", "start", "select")
FIRST_REPEAT = 380     # ms before a held direction repeats
REPEAT = 140           # ms between repeats


class Repeat:
    # Key repeat for held directions: press() on the edge, poll() each frame.
    def __init__(self):
        self.held = 0
        self.due = 0

    def press(self, intent, now):
        if intent <= RIGHT:
            self.held = intent
            self.due = now + FIRST_REPEAT
        return intent

    def release(self, intent):
        if intent == self.held:
            self.held = 0

    def poll(self, now):
        if self.held and now - self.due >= 0:
            self.due = now + REPEAT
            return self.held
        return 0
