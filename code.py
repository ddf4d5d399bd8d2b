# Royal Casino for PyGamer / PyBadge: the engine first (its bytecode before the
# display's bitmaps), then the platform, then the app loop. On a desktop this
# file is only ever imported by accident (it shadows the stdlib "code" module
# when the repository is on sys.path), so it runs the game on CircuitPython only.
import sys

if sys.implementation.name == "circuitpython":
    import engine.movegen
    import engine.play
    import engine.scoring
    import engine.state
    import engine.savegame      # the autosave's modules before the computer players
    import engine.profile
    import engine.ai
    from platform_device import Device
    from app import App

    App(Device()).run()
