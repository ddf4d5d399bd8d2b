# The buttons as a person presses them, for the drivers that play a button script through
# the app (tools/box/run_mp.py, tools/bench/app_time_mp.py): key events into keypad's queue, one
# change a frame, and the PyGamer's joystick pushed through analogio for a frame.
import analogio
import board
import keypad

UP, DOWN, LEFT, RIGHT, A, B, START, SELECT = 1, 2, 3, 4, 5, 6, 7, 8
KEY = {B: 0, A: 1, START: 2, SELECT: 3, RIGHT: 4, DOWN: 5, UP: 6, LEFT: 7}
STICK = {
    UP: ("JOYSTICK_Y", 0),
    DOWN: ("JOYSTICK_Y", 65535),
    LEFT: ("JOYSTICK_X", 0),
    RIGHT: ("JOYSTICK_X", 65535),
}


class Buttons:
    def __init__(self):
        self.pending = []  # key changes still to make, one a frame
        self.pushed = None  # a joystick axis pushed this frame

    def busy(self):
        # A frame of the press under way: True while the app has events to read, or this
        # frame let the joystick go or made the next key change.
        if keypad.keys().events.n:
            return True
        if self.pushed is not None:  # the joystick back to the centre
            analogio.set_value(self.pushed, 32768)
            self.pushed = None
            return True
        if self.pending:
            self.key(self.pending.pop(0))
            return True
        return False

    def press(self, it):
        # the button it down (its release queued), or the joystick pushed its way
        if it in STICK and board.board_id == "pygamer":
            axis, v = STICK[it]
            analogio.set_value(axis, v)
            self.pushed = axis
        else:
            self.key(it)
            self.pending.append(-it)

    def key(self, it):
        # it > 0: that button goes down; -it: it comes up
        keypad.keys().set(KEY[it if it > 0 else -it], it > 0)
