# What a stand-in object costs on the board's heap, and what it costs here.
# The board (SAMD51, 32-bit) allocates from MicroPython's GC heap in 16-byte
# blocks (MICROPY_BYTES_PER_GC_BLOCK = 4 words); this host's MicroPython is
# 64-bit: 32-byte blocks, 8-byte words, and a stand-in is a Python instance
# with an attribute table where the firmware has a C struct. The stand-ins
# allocate their buffers for real (tile indices, bitmap words, palette colours,
# a Group's list) at the firmware's byte sizes; what a stand-in costs here
# beyond what the board spends on the same object is its "excess", which
# tools/box/run.py takes out of its figures (displayio.begin(), walked(), held()).
import gc
import sys

BOARD_BLOCK = 16
HOST_BLOCK = 32 if sys.maxsize > 0xFFFFFFFF else 16
HOST_WORD = 8 if sys.maxsize > 0xFFFFFFFF else 4


def board(n):
    # bytes the board's heap spends on one allocation of n bytes
    return 0 if n <= 0 else (n + BOARD_BLOCK - 1) // BOARD_BLOCK * BOARD_BLOCK


def host(n):
    return 0 if n <= 0 else (n + HOST_BLOCK - 1) // HOST_BLOCK * HOST_BLOCK


def list_alloc(n):
    # MicroPython's list: 4 slots at first, doubled when full (py/objlist.c)
    a = 4
    while a < n:
        a *= 2
    return a


def board_list(n):
    # mp_obj_list_t {base, alloc, len, items} + alloc item pointers, 4 bytes each
    return board(16) + board(4 * list_alloc(n))


def host_list(n):
    return host(4 * HOST_WORD) + host(HOST_WORD * list_alloc(n))


def host_bytes(n):
    # a bytearray here: mp_obj_array_t (3 words) + its n bytes
    return host(3 * HOST_WORD) + host(n)


def measure(make):
    # bytes one object from make() holds after a collection, buffers included
    keep = [None] * 4
    gc.collect()
    a = gc.mem_alloc()
    for i in range(4):
        keep[i] = make()
    gc.collect()
    return (gc.mem_alloc() - a) // 4
