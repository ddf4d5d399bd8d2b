# Stand-in for CircuitPython's random, the call the app makes: getrandbits. On
# the board it draws from yasmarang, seeded at its first use from the SAMD51's
# TRNG (shared-module/random/__init__.c, ports/atmel-samd/common-hal/os/
# __init__.c), so it differs at every power-on; in the box the run's seed
# decides it: after seed(n) the first draw is n's low bits. tools/box/run_mp.py
# puts this module in sys.modules as random (found there before any built-in).
_x = [1]


def seed(n):
    _x[0] = n & 0x3FFFFFFF


def getrandbits(k):
    x = _x[0]
    _x[0] = (x * 1103515245 + 12345) & 0x3FFFFFFF
    return x & ((1 << k) - 1)
