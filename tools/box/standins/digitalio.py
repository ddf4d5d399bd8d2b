# Stand-in for CircuitPython's digitalio.DigitalInOut.
class Direction:
    INPUT = 0
    OUTPUT = 1


class Pull:
    UP = 1
    DOWN = 2


class DigitalInOut:
    def __init__(self, pin):
        if pin.in_use:
            raise ValueError("%s in use" % pin.name)
        pin.in_use = True
        self.pin = pin
        self.direction = Direction.INPUT
        self._value = False

    def switch_to_output(self, value=False, drive_mode=None):
        self.direction = Direction.OUTPUT
        self._value = bool(value)

    def switch_to_input(self, pull=None):
        self.direction = Direction.INPUT

    @property
    def value(self):
        return self._value

    @value.setter
    def value(self, v):
        if self.direction != Direction.OUTPUT:
            raise AttributeError("Cannot set value when direction is input.")
        self._value = bool(v)

    def deinit(self):
        self.pin.in_use = False
