# const for the engine's modules (`from engine import const`): MicroPython's, whose compiler
# folds `_NAME = const(v)` into the bytecode as the number (no global, no qstr), or, on a
# CPython without it, the value itself.
try:
    from micropython import const
except ImportError:

    def const(x):
        return x
