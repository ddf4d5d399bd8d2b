# Royal Casino for PyGamer / PyBadge: the engine first (its bytecode before the
# display's bitmaps), then the platform, then the app loop.
import engine.movegen
import engine.play
import engine.state
import engine.ai
from platform_device import Device
from app import App

App(Device()).run()
