# Royal Casino for PyGamer / PyBadge. The game's own modules are in lib/royal_casino/
# (tools/release/bundle.py puts them there), first on sys.path, so that no module of another
# project, at the drive's root or in /lib, hides one of ours (the path is relative to the
# drive's root, where the board runs code.py). First the clock's reading at code.py's start
# (the board check's boot time, lib/check.py) and the platform, whose keys say whether
# SELECT + START are held: then the board check runs before anything else loads, its report
# to the serial console, for a board that does not get as far as the title. Then the engine's
# modules the title needs (their bytecode before the display's bitmaps; the rest compile with
# the first table, screens.py) and the app loop. Only as the main program (the board's,
# and tools/box/run.py's): on a desktop code.py is only ever imported by accident (it
# shadows the stdlib "code" module when the repository is on sys.path).
if __name__ == "__main__":
    import supervisor

    t0 = supervisor.ticks_ms()
    import sys

    sys.path.insert(0, "lib/royal_casino")
    from platform_device import Device

    device = Device(t0)
    if device.chord():
        __import__("check").console(device)
        sys.modules.pop("check", None)
    import engine.movegen
    import engine.state
    import engine.savegame  # the autosave's modules
    from app import App

    App(device).run()
