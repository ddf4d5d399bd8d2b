"""For every host test: Blinka without a board, no window; the long checks (marked long) left to
make check-long; garbage collection spared what collection imported. The repository's root, lib/
and host_tests/ are on the path by pytest's pythonpath setting (pyproject.toml)."""

import gc
import os

import pytest

# before any test module imports displayio (the app's gfx) or pygame
os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


def pytest_addoption(parser):
    parser.addoption(
        "--long",
        action="store_true",
        help="run the long exhaustive checks (marked long) instead of the others",
    )


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "long: a long exhaustive check: make check-long runs it, make test does not"
    )


def pytest_collection_modifyitems(config, items):
    # make test: every test but the long ones; make check-long (--long): only the long ones
    want = config.getoption("--long")
    keep, drop = [], []
    for item in items:
        (keep if (item.get_closest_marker("long") is not None) == want else drop).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


def pytest_collection_finish(session):
    """Everything collection made (pytest, hypothesis, pygame, Blinka, the test modules) is
    set aside from garbage collection: the app calls gc.collect() at every screen switch and
    move, as the board needs, and on CPython each call would walk all of it again."""
    gc.collect()
    gc.freeze()


@pytest.fixture
def checked_moves():
    """Every move the app applies is checked (legal, cards, codec): soak_app's Checker
    stands in for screen_play's play() during the test."""
    from tools.soak.app_driver import Checker, install

    install(Checker())
    yield
    from engine.play import play

    install(play)
