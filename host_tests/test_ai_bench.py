# tools/bench/ai.py --vm: the computers' figures on the host's MicroPython or a board VM.
import os

import pytest

from tools.bench import ai as ai_bench
from tools.box import boardvm
from tools.box import mp


@pytest.fixture(autouse=True)
def host_vm():
    yield
    ai_bench.VM = "mp"


def test_a_board_vm_that_is_not_built_is_named(monkeypatch, tmp_path):
    monkeypatch.setenv("BOARD_VM_DIR", str(tmp_path))
    ai_bench.VM = "cp10"
    with pytest.raises(RuntimeError, match="cp10 not built"):
        ai_bench.micropython()


def test_an_unknown_vm_is_refused():
    with pytest.raises(SystemExit):
        ai_bench.main(["--vm", "cp8"])


@pytest.mark.parametrize("vm", ["mp", "cp10"])
def test_the_timing_runs_on_the_vm_asked_for(vm):
    if vm != "mp" and boardvm.binary(vm) is None:
        pytest.skip("board VM %s not built" % vm)
    if vm == "mp" and not os.path.exists(mp.micropython()):
        pytest.skip("no micropython")
    ai_bench.VM = vm
    assert ai_bench.micropython() == mp.interpreter(vm)
    t = ai_bench.timing(seeds=1, reps=1, levels=("easy",), heap_every=0)
    n, median, slowest = t["levels"]["easy"]
    assert n > 10 and 0 <= median <= slowest


def test_each_pass_times_the_same_positions():
    # the passes replay the same positions and plays: three passes time as
    # many as one, each once
    if not os.path.exists(mp.micropython()):
        pytest.skip("no micropython")
    one = ai_bench.timing(seeds=1, reps=1, levels=("easy",), heap_every=0)
    three = ai_bench.timing(seeds=1, reps=3, levels=("easy",), heap_every=0)
    assert three["levels"]["easy"][0] == one["levels"]["easy"][0] > 10
    assert three["observe"][0] == one["observe"][0] > 10
