# The save at boot, for "never lose a game": the store's newest record read as
# an engine.savegame.Save. Never raises for what is stored. (Each later write
# is session.write: the whole save as one record.)
from store import Store, UNREADABLE
from engine import savegame


def open_save(nvm):
    # -> (store, save, message): save is an engine.savegame.Save (defaults if
    # nothing is stored); message is None, or says the game could not be read.
    store = Store(nvm)
    payload, message = store.load()
    save = None
    if payload is not None:
        try:
            save = savegame.unpack(payload)
            if save.lost & (1 << savegame.GAME):
                message = UNREADABLE
        except ValueError:
            message = UNREADABLE
    return store, save or savegame.Save(), message
