# Royal Casino for handhelds. `make sim` sets up and plays, `make test` runs the tests.
PY ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: setup sim test bench tournament referee watch clean

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

.PHONY: shots bundle deploy
# make deploy finds a mounted CIRCUITPY drive itself; CIRCUITPY=/path/to/drive names one
CIRCUITPY ?=

shots: $(STAMP)
	SDL_VIDEODRIVER=dummy $(VPY) tools/shots.py

.PHONY: pictures gif
gif: $(STAMP)   # a recorded round as build/game.gif
	$(VPY) tools/gif.py

pictures: $(STAMP)   # the README's screens, 3x, into docs/pictures/
	SDL_VIDEODRIVER=dummy $(VPY) tools/pictures.py

bundle: $(STAMP)
	$(VPY) tools/bundle.py

deploy: bundle
	$(VPY) tools/bundle.py --deploy "$(CIRCUITPY)"

.PHONY: zip
zip: $(STAMP)   # build/royal-casino-VERSION.zip: a folder per CircuitPython version + README.txt
	$(VPY) tools/bundle.py --zip

test: $(STAMP)
	$(VPY) -m pytest -q host_tests

bench: $(STAMP)
	$(VPY) tools/bench.py

.PHONY: boardvm
# is each board VM (BOARD_VM_DIR, default build/boardvm: cp9/ and cp10/) built as the board is?
boardvm: $(STAMP)
	$(VPY) tools/boardvm.py check

referee: $(STAMP)
	$(VPY) tools/referee.py

watch: $(STAMP)
	$(VPY) tools/cli_game.py --players 4

tournament: $(STAMP)
	$(VPY) tools/tournament.py

clean:
	rm -rf build shots .pytest_cache
