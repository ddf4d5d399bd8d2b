# Royal Casino for PyGamer / PyBadge. The game's own modules are in lib/royal_casino/
# (tools/release/bundle.py puts them there), first on sys.path, so that no module of another
# project, at the drive's root or in /lib, hides one of ours (the path is relative to the
# drive's root, where the board runs code.py). Then the engine's modules the title needs
# (their bytecode before the display's bitmaps; the rest compile with the first table,
# screens.py), the platform and the app loop. Only as the main program (the board's,
# and tools/box/run.py's): on a desktop code.py is only ever imported by accident (it
# shadows the stdlib "code" module when the repository is on sys.path).
if __name__ == "__main__":
    import sys

    sys.path.insert(0, "lib/royal_casino")
    import engine.movegen
    import engine.state
    import engine.savegame  # the autosave's modules
    from platform_device import Device
    from app import App

    App(Device()).run()
