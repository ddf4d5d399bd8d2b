# Stand-in for CircuitPython's time, the call the app makes: sleep. On the board
# time.sleep(seconds) runs the background tasks and waits for interrupts until the
# time is up (shared-bindings/time/__init__.c -> supervisor/shared/tick.c
# mp_hal_delay_ms); a negative time is a ValueError. Here it returns at once: the
# driver keeps its own clock. It counts the calls and hands the time to
# on_sleep(seconds), when a driver sets one, without arithmetic (a float made here
# would be garbage on the 64-bit host). tools/bench/app_time_mp.py puts this module in
# sys.modules as time. (The board box needs none: its clock moves a frame a display
# refresh, so the app's sleep is never due there.)
on_sleep = None
calls = [0]


def sleep(seconds):
    if seconds < 0:
        raise ValueError("seconds must be >= 0")
    calls[0] += 1
    if on_sleep is not None:
        on_sleep(seconds)
