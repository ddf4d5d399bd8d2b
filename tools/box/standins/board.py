# Stand-in for the PyGamer's (or, after use("pybadge"), the PyBadge's) board
# module: the pins the app uses and DISPLAY (made by the firmware at boot,
# outside the heap; here before the app's first import). As in the firmware's
# ports/atmel-samd/boards/{pygamer,pybadge}/pins.c: the battery's divider is
# on A6 (no VOLTAGE_MONITOR), and only the PyGamer has the joystick's pins.
import displayio
from microcontroller import Pin

DISPLAY = displayio.Display(160, 128)
BUTTON_CLOCK = Pin("BUTTON_CLOCK")
BUTTON_OUT = Pin("BUTTON_OUT")
BUTTON_LATCH = Pin("BUTTON_LATCH")
JOYSTICK_X = Pin("JOYSTICK_X")
JOYSTICK_Y = Pin("JOYSTICK_Y")
SPEAKER = Pin("SPEAKER")
SPEAKER_ENABLE = Pin("SPEAKER_ENABLE")
NEOPIXEL = Pin("NEOPIXEL")
A6 = Pin("A6")
board_id = "pygamer"


def use(name):
    # the PyBadge has a D-pad on the shift register instead of a joystick
    global board_id
    g = globals()
    if name == "pybadge":
        del g["JOYSTICK_X"]
        del g["JOYSTICK_Y"]
    board_id = name
