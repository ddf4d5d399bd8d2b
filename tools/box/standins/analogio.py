# Stand-in for CircuitPython's analogio.AnalogIn: value is 16 bits, set by the
# button script per pin (a joystick at rest reads about 32768).
_values = {}


class AnalogIn:
    def __init__(self, pin):
        if pin.in_use:
            raise ValueError("%s in use" % pin.name)
        pin.in_use = True
        self.pin = pin
        self.reference_voltage = 3.3

    @property
    def value(self):
        return _values.get(self.pin.name, 32768)

    def deinit(self):
        self.pin.in_use = False


def set_value(pin_name, v):
    if not 0 <= v <= 65535:
        raise ValueError("16-bit reading")
    _values[pin_name] = v
