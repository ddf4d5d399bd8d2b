"""The peak map (tools/box/peakmap.py): its reading of a heap dump, on a small heap made here
as the VM's collector lays one out, and, where a board VM, gdb and the box are at hand, a map
of a real run's failure."""

import shutil

import pytest

from tools.box import boardvm
from tools.box import peakmap

WORD, BLOCK = 4, 16
START = 0x1000
LIST, TUPLE, MODULE, DICT = 0x9000, 0x9010, 0x9020, 0x9030


def dump(objects, blocks=16):
    """A dump of one piece of heap holding objects: [(block, [words])], each a run of
    blocks long enough for its words."""
    pool = bytearray(blocks * BLOCK)
    atb = bytearray((blocks + 3) // 4)
    for b, words in objects:
        n = max(1, -(-len(words) * WORD // BLOCK))
        for i in range(n):
            kind = 1 if i == 0 else 2  # AT_HEAD, AT_TAIL (py/gc.c)
            atb[(b + i) // 4] |= kind << (2 * ((b + i) % 4))
        for i, w in enumerate(words):
            pool[b * BLOCK + i * WORD : b * BLOCK + (i + 1) * WORD] = w.to_bytes(WORD, "little")
    return {
        "request": 64,
        "word": WORD,
        "block": BLOCK,
        "areas": [
            {
                "start": START,
                "end": START + len(pool),
                "atb_at": 0,
                "atb": atb.hex(),
                "pool": pool.hex(),
            }
        ],
        "types": {str(LIST): "mp_type_list", str(TUPLE): "mp_type_tuple"},
        "pools": [],
        "qstr_ptrs": [],
        "qstrs": [],
        "qstr_name": 0,
        "modules": {},
        "offsets": {},
        "c_frames": ["m_malloc_fail"],
    }


def at(block):
    return START + block * BLOCK


def test_objects_are_read_from_the_allocation_table_and_typed_by_their_first_word():
    # a list (block 0) whose items (blocks 2-3, no type) hold a tuple (block 5); block 7 is
    # an object nothing in the heap points to; the rest is free, in runs of 1 and 8 blocks
    heap = peakmap.Heap(
        dump(
            [
                (0, [LIST, 4, 3, at(2)]),
                (2, [at(5), at(5), at(5), 0, 0, 0, 0]),
                (5, [TUPLE, 0]),
                (7, [0x1234]),
            ]
        )
    )
    assert heap.starts == [at(0), at(2), at(5), at(7)]
    assert [heap.size[a] for a in heap.starts] == [16, 32, 16, 16]
    assert heap.kind[at(0)] == "list" and heap.kind[at(5)] == "tuple"
    assert heap.kind[at(2)] == "data of list"
    assert heap.kind[at(7)] == "untyped, held from outside the heap"
    piece = heap.pieces[0]
    assert piece["used"] == 80 and piece["free"] == 16 * 16 - 80
    assert piece["longest_free"] == 8 * 16  # blocks 8-15
    assert heap.object_of(at(2) + 20) == at(2) and heap.object_of(at(4)) is None


def test_the_report_adds_up_to_the_heap(capsys):
    heap = peakmap.Heap(dump([(0, [LIST, 4, 1, at(1)]), (1, [at(3)]), (3, [TUPLE, 0])]))
    lines = []
    by_kind, _ = peakmap.report(heap, lines.append)
    assert sum(b for _, b in by_kind.values()) == 48
    assert "| list | 1 | 16 |" in lines and "| data of list | 1 | 16 |" in lines
    assert lines[0].startswith("the request that did not fit: 64 bytes; the heap holds 48 bytes")


@pytest.mark.skipif(
    boardvm.binary("cp10") is None or shutil.which("gdb") is None,
    reason="the 10.x board VM or gdb is missing",
)
def test_a_run_that_does_not_fit_is_mapped_where_it_failed():
    lines = []
    status = peakmap.main(
        ["--vm", "cp10", "--games", "1", "--players", "2", "--seed", "2", "--pool", "120000"],
        out=lines.append,
    )
    assert status == 0, "\n".join(lines)
    assert "FAILED MemoryError" in lines[0]
    text = "\n".join(lines)
    assert "| piece of the split heap |" in text and "| qstr pool |" in text
    assert "code: bytecode" in text and "engine.movegen" in text and "(the box's)" in text


def test_the_names_a_board_vm_builds_in(tmp_path):
    # the board's static names, and the box's own that the app does not also use
    from tools.box import names

    board = tmp_path / "board.txt"
    board.write_text("TileGrid\nroot_group\n\\x0a\n\n")
    assert names.read(str(board)) == {"TileGrid", "root_group", "\n"}
    app, box = names.app_names(), names.box_names()
    extra = names.extra(names.read(str(board)))
    assert {"TileGrid", "root_group"} <= extra
    assert "standin_excess" in box and "standin_excess" in extra  # the driver's method
    assert "hinted" in box and "hinted" in extra  # a local of the driver, compiled from source
    assert "tools/box/standins" in extra and "../nvm.bin" in extra  # its path and argv
    shared = box & app  # the app's names stay the app's, but where the board has them
    assert shared and shared & extra <= {"TileGrid", "root_group"}
    assert "lib/royal_casino/engine/movegen.mpy" in app  # a module's name: its file's path
    assert "observe" in app and "observe" not in extra


def test_a_module_compiled_from_source_interns_its_locals_and_short_strings(tmp_path):
    from tools.box import names

    src = tmp_path / "m.py"
    src.write_text('def f(alpha):\n    beta = "short"\n    return beta + "a longer string"\n')
    got = names.compiled_names([str(src)])
    assert {"f", "alpha", "beta", "short", str(src)} <= got
    assert "a longer string" not in got
