# The app's two calls for "never lose a game": open the save at boot, write it
# after every change worth keeping. Neither raises for what is stored.
try:
    from store import Store, UNREADABLE
except ImportError:
    from lib.store import Store, UNREADABLE
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


def write_save(store, save):
    # One record, one nvm write; False when nothing changed. OSError from a
    # failing write is the caller's to report.
    return store.save(savegame.pack(save))
