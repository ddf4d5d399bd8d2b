# Intents: what a button press means to the app, the same on every platform.
# A module that compares them keeps its own copies (`_A = const(5)  # intents.A`:
# folded into its bytecode as the number, no global; host_tests/test_const_copies.py
# checks each against this module); within this module each name is folded too.
from micropython import const

UP = const(1)
DOWN = const(2)
LEFT = const(3)
RIGHT = const(4)
A = const(5)
B = const(6)
START = const(7)
SELECT = const(8)
DEBUG = const(9)  # START pressed while SELECT is held: the memory line
STOP = const(-1)  # a platform's poll: the app stops (the window closed)
FIRST_REPEAT = const(380)  # ms before a held direction repeats
REPEAT = const(140)  # ms between repeats
_PUSH = const(15000)  # a joystick this far from its centre is pushed ...
_LET_GO = const(9000)  # ... and lets go only nearer than this
# the board's keypad: key numbers 0 B, 1 A, 2 START, 3 SELECT, 4 RIGHT, 5 DOWN,
# 6 UP, 7 LEFT (the PyGamer has the first four), as intents
KEYMAP = (B, A, START, SELECT, RIGHT, DOWN, UP, LEFT)


def direction(x, y, pushed):
    # A joystick at (x, y) from its centre: the direction it is pushed, or 0
    # (pushed: it was already, so it lets go only nearer the centre).
    ax = abs(x)
    ay = abs(y)
    limit = _LET_GO if pushed else _PUSH
    if ax < limit and ay < limit:
        return 0
    if ax > ay:
        return RIGHT if x > 0 else LEFT
    return DOWN if y > 0 else UP


def step(intent):
    # A cursor's move: -1 for UP or LEFT (one back), 1 for DOWN or RIGHT (one
    # on), else 0
    return (0, -1, 1, -1, 1)[intent] if intent <= RIGHT else 0


class Repeat:
    # Key repeat for held directions: press() on the edge, poll() each frame.
    # Also knows which buttons are down (for SELECT + START): SELECT acts when it
    # is let go, and not at all when START came while it was held (the chord's
    # DEBUG; the DEBUG bit of down marks it until SELECT is let go).
    def __init__(self):
        self.held = 0
        self.due = 0
        self.down = 0
        self.stick = 0  # the direction a joystick is pushed, 0 at rest

    def press(self, intent, now):
        # the intent a press means, or 0 (SELECT's is its release's)
        self.down |= 1 << intent
        if intent == START and self.down >> SELECT & 1:
            self.down |= 1 << DEBUG  # SELECT's release then means nothing
            return DEBUG
        if intent == SELECT:
            return 0  # it acts when let go
        if intent <= RIGHT:
            self.held = intent
            self.due = now + FIRST_REPEAT
        return intent

    def release(self, intent):
        # the intent a release means: SELECT let go after no START, else 0
        d = self.down
        self.down = d & ~(1 << intent)
        if intent == self.held:
            self.held = 0
        if intent == SELECT:
            self.down &= ~(1 << DEBUG)
            return SELECT if d >> SELECT & 1 and not d >> DEBUG & 1 else 0
        return 0

    def reset(self):
        # every button up (after the event queue overflowed)
        self.held = 0
        self.down = 0

    def push(self, d, now):
        # A joystick's direction d: a press when it changes (the old one let go).
        old = self.stick
        if d == old:
            return 0
        self.stick = d
        if old:
            self.release(old)
        return self.press(d, now) if d else 0

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
        return rep.release(it)
    return 0
