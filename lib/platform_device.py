# Device platform: board.DISPLAY, buttons through keypad.ShiftRegisterKeys
# (PyGamer: 4 keys + analog joystick; PyBadge: 8 keys with a D-pad), ticks_ms.
import board
import keypad
import supervisor
import time
import intents as K
from device_fx import Fx


class Device:
    def __init__(self, t0=None):
        self.display = board.DISPLAY
        self.display.auto_refresh = False
        self.refresh = self.display.refresh  # the app refreshes after each step
        self.pygamer = hasattr(board, "JOYSTICK_X")
        self.keys = keypad.ShiftRegisterKeys(
            clock=board.BUTTON_CLOCK,
            data=board.BUTTON_OUT,
            latch=board.BUTTON_LATCH,
            key_count=4 if self.pygamer else 8,
            value_when_pressed=True,
        )
        self.event = keypad.Event()
        self.rep = K.Repeat()
        if self.pygamer:
            import analogio

            self.jx = analogio.AnalogIn(board.JOYSTICK_X)
            self.jy = analogio.AnalogIn(board.JOYSTICK_Y)
        self.last = supervisor.ticks_ms()
        self.t = 0
        # ms from code.py's start (t0: its ticks_ms) to here: the board check's boot time
        self.code_ms = (self.last - t0) & 0x1FFFFFFF if t0 is not None else 0
        fx = self.fx = Fx()  # the speaker and the NeoPixels, each set up on first use
        self.tone = fx.tone  # tone(hz): the speaker plays hz (0: silence)
        self.pixels = fx.pixels
        self.vbat = None

    def nvm(self):
        # the save's byte store: microcontroller.nvm (None on a board without)
        try:
            import microcontroller

            return microcontroller.nvm
        except (ImportError, AttributeError):
            return None

    def seed(self):
        # The first new game's seed. Not the ticks: ticks_ms() starts at
        # 0x1FFF0000 at power-on, so at boot its low bits are the boot's few
        # seconds, nearly the same every time; the firmware seeds random
        # from the SAMD51's TRNG.
        try:
            import random

            return random.getrandbits(16)
        except ImportError:
            return supervisor.ticks_ms() & 0xFFFF

    def battery(self):
        # mV, from half the battery's voltage on A6 (the PyGamer's and the
        # PyBadge's board modules name no VOLTAGE_MONITOR); 0 with USB
        # connected (it is charging: nothing to show)
        if supervisor.runtime.usb_connected:
            return 0
        if self.vbat is None:
            import analogio

            self.vbat = analogio.AnalogIn(board.A6)
        return self.vbat.value * 6600 >> 16

    def chord(self):
        # SELECT and START held while the board starts (code.py: the board check before the
        # game loads). keypad scans every 20 ms and queues a key held at its first scan as a
        # press; the presses seen go, so the app never sees them.
        time.sleep(0.025)
        ev = self.event
        held = 0
        while self.keys.events.get_into(ev):
            if ev.pressed:
                held |= 1 << ev.key_number
        return held & 12 == 12  # keys 2 (START) and 3 (SELECT) on both boards

    def stopwatch(self, ms):
        # a function that turns true once ms have passed (a search's time budget)
        t0 = supervisor.ticks_ms()
        return lambda: (supervisor.ticks_ms() - t0) & 0x1FFFFFFF > ms

    def waiting(self):
        # whether the person is at the keys: an event not yet read (an EventQueue is
        # true while it holds one, shared-bindings/keypad/EventQueue.c; keypad scans on
        # the 1 ms tick, under Python's work too), a key held, or the joystick pushed
        return (
            bool(self.keys.events)
            or self.rep.down
            or self.rep.stick
            or (self.pygamer and K.direction(self.jx.value - 32768, self.jy.value - 32768, 0))
        )

    def ticks(self):
        # a non-wrapping ms count from supervisor.ticks_ms (which wraps at 2**29)
        raw = supervisor.ticks_ms()
        self.t += (raw - self.last) & 0x1FFFFFFF
        self.last = raw
        return self.t

    def poll(self, now):
        it = K.read(self.keys, self.event, self.rep, K.KEYMAP, now)
        if it:
            return it
        if self.pygamer:
            it = self.rep.push(
                K.direction(self.jx.value - 32768, self.jy.value - 32768, self.rep.stick), now
            )
            if it:
                return it
        return self.rep.poll(now)

    def idle(self, due):
        # Sleep until due (this clock's ms). time.sleep runs the firmware's background
        # tasks and waits for interrupts (supervisor/shared/tick.c, mp_hal_delay_ms);
        # keypad scans on the 1 ms tick meanwhile and queues the keys' events. At most
        # 32 ms; the float is no heap object on the board (30 bits in the word).
        ms = due - self.ticks()
        if ms > 0:
            time.sleep((ms if ms < 32 else 32) / 1000)
