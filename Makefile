# Royal Casino for handhelds. `make sim` sets up the simulator and plays, `make test` sets up
# the developer's tools and runs the tests.
PY ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
SIM_STAMP := $(VENV)/.installed-sim
# Each host program is a module of tools/, run from the repository root (tools/README.md). APP:
# those that run the app's modules, which import each other by their own names (lib/ on the path,
# as code.py puts their folder on the board's).
RUN := $(VPY) -m
APP := PYTHONPATH=lib $(VPY) -m

.PHONY: setup sim test check-long lint bench tournament referee watch clean

# Two sets in one .venv: the player's (make sim: requirements-sim.txt, SIM_STAMP) and the
# developer's, which includes it (make test, lint and every tool: requirements-host.txt, STAMP).
$(STAMP): requirements.txt requirements-sim.txt requirements-host.txt
	$(PY) -m venv $(VENV)
	$(VPY) -m pip install -q --upgrade pip
	$(VPY) -m pip install -q -r requirements-host.txt
	touch $(SIM_STAMP) $(STAMP)

$(SIM_STAMP): requirements-sim.txt
	$(PY) -m venv $(VENV)
	$(VPY) -m pip install -q --upgrade pip
	$(VPY) -m pip install -q -r requirements-sim.txt
	touch $(SIM_STAMP)

setup: $(STAMP)

# make sim BOARD=pybadge: the PyBadge's D-pad and legend (default: the PyGamer's joystick)
BOARD ?= pygamer
sim: $(SIM_STAMP)
	$(APP) tools.sim.run --board $(BOARD)

.PHONY: shots bundle deploy undeploy
# make deploy finds a mounted CIRCUITPY drive itself; CIRCUITPY=/path/to/drive names one.
# It stops on a file of the drive's own where ours go; FORCE=1 backs those up and replaces them.
# make undeploy removes the game's files from the drive (those changed there since stay).
CIRCUITPY ?=
FORCE ?=

shots: $(STAMP)
	SDL_VIDEODRIVER=dummy $(APP) tools.art.shots

.PHONY: pictures gif
gif: $(STAMP)   # a recorded round as build/game.gif
	$(APP) tools.art.gif

pictures: $(STAMP)   # the README's screens, 3x, into docs/pictures/
	SDL_VIDEODRIVER=dummy $(APP) tools.art.pictures

bundle: $(STAMP)
	$(RUN) tools.release.bundle

deploy: $(STAMP)   # builds, then copies (one build, one size table)
	$(RUN) tools.release.bundle --deploy "$(CIRCUITPY)" $(if $(filter 1,$(FORCE)),--force)

undeploy: $(STAMP)   # by the drive's royal-casino-files.txt; builds nothing
	$(RUN) tools.release.bundle --undeploy "$(CIRCUITPY)"

.PHONY: docs
docs: $(STAMP)   # the docs' marked tables and figures, written from docs/figures.json and the build
	$(RUN) tools.docs.render

.PHONY: rules
rules:   # docs/RULES.md's rules pages, written again from lib/rules.txt
	$(PY) -m tools.art.make_rules

.PHONY: zip release
zip: $(STAMP)   # build/royal-casino-VERSION.zip: a folder per CircuitPython version + README.txt (docs/PLAYING.md)
	$(RUN) tools.release.bundle --zip

# make release VERSION=1.1.0 (or the number the file VERSION holds): from a clean checkout, the
# number into VERSION, the changelog's Unreleased entries dated under it, the zip built and
# checked to say it everywhere (the app run from it too), then committed and tagged v1.1.0
release: $(STAMP)
	$(APP) tools.release.release $(VERSION)

# make test: every host test but the long ones, on every core (-n auto; worksteal hands a waiting
# worker part of another's queue, so one long test does not hold the end). make check-long: the
# long exhaustive checks it leaves out (tests marked long: the 100,000-event fuzz runs).
PYTEST := $(VPY) -m pytest -q -n auto --dist worksteal
test: $(STAMP)
	$(PYTEST) host_tests

check-long: $(STAMP)
	$(PYTEST) --long host_tests

# make lint: ruff's rules and its formatting over the repository (pyproject.toml says which)
lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

bench: $(STAMP)
	$(APP) tools.bench.run

.PHONY: boardvm
# is each board VM (BOARD_VM_DIR, default build/boardvm: cp9/ and cp10/) built as the board is?
boardvm: $(STAMP)
	$(RUN) tools.box.boardvm check

.PHONY: m4vm
# is the M4 VM (BOARD_VM_DIR, default build/boardvm: m4/firmware.elf) the board's CPU? (docs/BOARD.md)
m4vm: $(STAMP)
	$(RUN) tools.box.m4vm check

.PHONY: box-runs
# the 20 runs the whole-app budget is judged on (VM=mp|cp9|cp10, default cp10), two at a time
VM ?= cp10
box-runs: $(STAMP)
	$(RUN) tools.box.runs --vm $(VM) --jobs 2 --record

referee: $(STAMP)
	$(RUN) tools.ref.serve

watch: $(STAMP)
	$(RUN) tools.strength.watch --players 4

tournament: $(STAMP)
	$(RUN) tools.strength.tournament

clean:
	rm -rf build shots .pytest_cache
