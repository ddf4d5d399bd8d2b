# Royal Casino for PyGamer / PyBadge: the engine first (its bytecode before the
# display's bitmaps), then the platform, then the app loop. It runs the game
# only as the main program (the board runs code.py so, and so does
# tools/boardbox.py): on a desktop it is only ever imported by accident (it
# shadows the stdlib "code" module when the repository is on sys.path).
if __name__ == "__main__":
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
