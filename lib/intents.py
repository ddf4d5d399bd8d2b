# Intents: what a button press means to the app, the same on every platform.
UP = 1
DOWN = 2
LEFT = 3
RIGHT = 4
A = 5
B = 6
START = 7
SELECT = 8
DEBUG = 9              # START pressed while SELECT is held: the memory line
NAMES = ("", "up", "down", "left", "right", "a", "b", "start", "select", "debug")
FIRST_REPEAT = 380     # ms before a held direction repeats
REPEAT = 140           # ms between repeats


class Repeat:
    # Key repeat for held directions: press() on the edge, poll() each frame.
    # Also knows which buttons are down (for SELECT + START).
    def __init__(self):
        self.held = 0
        self.due = 0
        self.down = 0

    def press(self, intent, now):
        self.down |= 1 << intent
        if intent == START and self.down >> SELECT & 1:
            return DEBUG
        if intent <= RIGHT:
            self.held = intent
            self.due = now + FIRST_REPEAT
        return intent

    def release(self, intent):
        self.down &= ~(1 << intent)
        if intent == self.held:
            self.held = 0

    def reset(self):
        # every button up (after the event queue overflowed)
        self.held = 0
        self.down = 0

    def poll(self, now):
        if self.held and now - self.due >= 0:
            self.due = now + REPEAT
            return self.held
        return 0


def read(keys, event, rep, keymap, now):
    # One event of a keypad.Keys-like object as an intent (0: none). An
    # overflowed queue is cleared and the keys rescanned: pressed keys report
    # again, so nothing stays held that is not.
    q = keys.events
    if q.overflowed:
        q.clear()
        keys.reset()
        rep.reset()
    if q.get_into(event):
        it = keymap[event.key_number]
        if event.pressed:
            return rep.press(it, now)
        rep.release(it)
    return 0
