# Stand-in for CircuitPython's keypad: ShiftRegisterKeys with an EventQueue fed
# by the board box's button script (tools/box/run_mp.py: press() / release()), Event, and the
# queue's overflow. shared-module/keypad/EventQueue.c: a ring of max_events
# entries allocated at construction; when full, a new event is dropped and
# overflowed set. Event objects are only made by get() (get_into() reuses one).

_keys = []  # every ShiftRegisterKeys made, the newest last


class Event:
    # keypad_event_obj_t: base 4, key_number 2, pressed 1, timestamp* 4 = 16
    STRUCT = 16

    def __init__(self, key_number=0, pressed=True, timestamp=None):
        self.key_number = key_number
        self.pressed = pressed
        self.released = not pressed
        self.timestamp = timestamp or 0

    def __eq__(self, other):
        return self.key_number == other.key_number and self.pressed == other.pressed


class EventQueue:
    # keypad_eventqueue_obj_t: base, ringbuf {buf*, size, iget, iput} 16,
    # overflowed 1, event_handler... = 28; ring: max_events entries of 6
    # bytes (uint16 key number with the pressed bit + uint32 timestamp).
    STRUCT = 28

    def __init__(self, max_events):
        self.ring = bytearray(6 * max_events)  # the firmware's ring buffer
        self.max = max_events
        self.n = 0
        self.head = 0
        self.overflowed = False

    def __len__(self):
        return self.n

    def __bool__(self):
        return self.n > 0

    def _put(self, key, pressed):
        if self.n == self.max:
            self.overflowed = True
            return False
        i = (self.head + self.n) % self.max * 6
        self.ring[i] = key
        self.ring[i + 1] = 1 if pressed else 0
        self.n += 1
        return True

    def get_into(self, event):
        if not self.n:
            return False
        i = self.head * 6
        event.key_number = self.ring[i]
        event.pressed = self.ring[i + 1] == 1
        event.released = not event.pressed
        self.head = (self.head + 1) % self.max
        self.n -= 1
        return True

    def get(self):
        e = Event()
        return e if self.get_into(e) else None

    def clear(self):
        self.n = 0
        self.head = 0
        self.overflowed = False


class ShiftRegisterKeys:
    # keypad_shiftregisterkeys_obj_t: base, scan state, pins (3 DigitalInOut
    # objects), key_count, currently/previously pressed arrays (2 * key_count
    # bools), events... about 80 bytes + 2 * key_count + the queue.
    # The arguments as shared-bindings/keypad/ShiftRegisterKeys.c checks them,
    # in its order: data (a pin or a sequence of them) free; key_count an int
    # or a sequence as long as data's, each at least 1 (no maximum); clock and
    # latch free; interval at least 0; max_events at least 1 (no maximum);
    # debounce_threshold 1-127. One data pin here (the boards' one register).
    STRUCT = 80

    def __init__(
        self,
        *,
        clock,
        data,
        latch,
        value_to_latch=True,
        key_count,
        value_when_pressed,
        interval=0.020,
        max_events=64,
        debounce_threshold=1,
    ):
        pins = data if isinstance(data, (list, tuple)) else (data,)
        for p in pins:
            _free(p)
        counts = key_count if isinstance(key_count, (list, tuple)) else (key_count,)
        if len(counts) != len(pins):
            raise ValueError("key_count length must be %d" % len(pins))
        if len(pins) != 1:
            raise NotImplementedError("stand-in: one data pin")
        for k in counts:
            _at_least(k, 1, "key_count")
        _free(clock)
        _free(latch)
        if interval < 0:
            raise ValueError("interval must be >= 0")
        _at_least(max_events, 1, "max_events")
        if not isinstance(debounce_threshold, int) or not 1 <= debounce_threshold <= 127:
            raise ValueError("debounce_threshold must be 1-127")
        data = pins[0]
        for p in (clock, data, latch):
            p.in_use = True
        self.pins = (clock, data, latch)
        self.key_count = counts[0]
        self.down = bytearray(self.key_count)
        self.events = EventQueue(max_events)
        _keys.append(self)

    def reset(self):
        # the firmware rescans: keys held now report as pressed again
        for k in range(self.key_count):
            if self.down[k]:
                self.events._put(k, True)

    def deinit(self):
        for p in self.pins:
            p.in_use = False

    def set(self, key, pressed):
        # the button script: a key goes down or up (an event only on a change)
        if key >= self.key_count:
            raise ValueError("no key %d on this board" % key)
        if bool(self.down[key]) != pressed:
            self.down[key] = 1 if pressed else 0
            self.events._put(key, pressed)


def keys():
    return _keys[-1] if _keys else None


def _free(pin):
    # validate_obj_is_free_pin (shared-bindings/microcontroller/Pin.c): the
    # pin's name in the message
    if pin.in_use:
        raise ValueError("%s in use" % pin.name)


def _at_least(v, lo, what):
    if v < lo:
        raise ValueError("%s must be >= %d" % (what, lo))
