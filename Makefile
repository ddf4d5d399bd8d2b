# Royal Casino for handhelds. `make sim` sets up and plays, `make test` runs the tests.
PY ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: setup sim test check-long bench tournament referee watch clean

$(STAMP): requirements.txt requirements-host.txt
	$(PY) -m venv $(VENV)
	$(VPY) -m pip install -q --upgrade pip
	$(VPY) -m pip install -q -r requirements-host.txt
	touch $(STAMP)

setup: $(STAMP)

# make sim BOARD=pybadge: the PyBadge's D-pad and legend (default: the PyGamer's joystick)
BOARD ?= pygamer
sim: $(STAMP)
	$(VPY) tools/sim.py --board $(BOARD)

.PHONY: shots bundle deploy undeploy
# make deploy finds a mounted CIRCUITPY drive itself; CIRCUITPY=/path/to/drive names one.
# It stops on a file of the drive's own where ours go; FORCE=1 backs those up and replaces them.
# make undeploy removes the game's files from the drive (those changed there since stay).
CIRCUITPY ?=
FORCE ?=

shots: $(STAMP)
	SDL_VIDEODRIVER=dummy $(VPY) tools/shots.py

.PHONY: pictures gif
gif: $(STAMP)   # a recorded round as build/game.gif
	$(VPY) tools/gif.py

pictures: $(STAMP)   # the README's screens, 3x, into docs/pictures/
	SDL_VIDEODRIVER=dummy $(VPY) tools/pictures.py

bundle: $(STAMP)
	$(VPY) tools/bundle.py

deploy: $(STAMP)   # builds, then copies (one build, one size table)
	$(VPY) tools/bundle.py --deploy "$(CIRCUITPY)" $(if $(filter 1,$(FORCE)),--force)

undeploy: $(STAMP)   # by the drive's royal-casino-files.txt; builds nothing
	$(VPY) tools/bundle.py --undeploy "$(CIRCUITPY)"

.PHONY: rules
rules:   # docs/RULES.md's rules pages, written again from lib/rules.txt
	$(PY) tools/make_rules.py

.PHONY: zip
zip: $(STAMP)   # build/royal-casino-VERSION.zip: a folder per CircuitPython version + README.txt (docs/PLAYING.md)
	$(VPY) tools/bundle.py --zip

# make test: every host test but the long ones, on every core (-n auto; worksteal hands a waiting
# worker part of another's queue, so one long test does not hold the end). make check-long: the
# long exhaustive checks it leaves out (tests marked long: the 100,000-event fuzz runs).
PYTEST := $(VPY) -m pytest -q -n auto --dist worksteal
test: $(STAMP)
	$(PYTEST) host_tests

check-long: $(STAMP)
	$(PYTEST) --long host_tests

bench: $(STAMP)
	$(VPY) tools/bench.py

.PHONY: boardvm
# is each board VM (BOARD_VM_DIR, default build/boardvm: cp9/ and cp10/) built as the board is?
boardvm: $(STAMP)
	$(VPY) tools/boardvm.py check

.PHONY: m4vm
# is the M4 VM (BOARD_VM_DIR, default build/boardvm: m4/firmware.elf) the board's CPU? (docs/BOARD.md)
m4vm: $(STAMP)
	$(VPY) tools/m4vm.py check

.PHONY: box-runs
# the 20 runs the whole-app budget is judged on (VM=mp|cp9|cp10, default cp10), two at a time
VM ?= cp10
box-runs: $(STAMP)
	$(VPY) tools/box_runs.py --vm $(VM) --jobs 2

referee: $(STAMP)
	$(VPY) tools/referee.py

watch: $(STAMP)
	$(VPY) tools/cli_game.py --players 4

tournament: $(STAMP)
	$(VPY) tools/tournament.py

clean:
	rm -rf build shots .pytest_cache
