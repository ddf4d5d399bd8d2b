"""A stand-in for microcontroller.nvm on the SAMD51 (PyGamer, PyBadge) for the tests, the soak
and the fuzz: what a slice assignment does to the flash, and where a power cut can leave it.

What the firmware does (read in its sources):
- CircuitPython, ports/atmel-samd/common-hal/nvm/ByteArray.c: common_hal_nvm_bytearray_set_bytes
  calls ASF4's flash_write(&desc, start_address + start_index, values, len) once per assignment.
- ASF4, hal/src/hal_flash.c: flash_write checks the address range and the lock, then calls
  _flash_write.
- ASF4 for the SAMD51, hpl/nvmctrl/hpl_nvmctrl.c: _flash_write copies the whole block
  (NVMCTRL_BLOCK_PAGES = 16 pages of NVMCTRL_PAGE_SIZE = 512 bytes, 8 KB) into a buffer, patches
  the assigned bytes in, _flash_erase_block() (command EB: the whole block reads 0xFF), then
  _flash_program() for page i = 0 .. 15 in address order (page buffer clear, 32-bit words into
  the page buffer, command WP).
So every assignment, however small, is one erase of the block and 16 page writes, and the block's
bytes come back from low addresses to high.

The model: after a write's erase, the block is programmed back in address order, 16 bytes (one
quad word, the flash's ECC unit) at a time. A write has POINTS cut points: cut point c leaves the
first 16 * c bytes programmed with the new image and the rest erased (0xFF). c = 0 is a cut during
the erase or before the first page is programmed (counted as a wholly erased block: the worst
case), c = 32 k is a cut between page k-1 and page k, any other c inside a page, and c = 512 the
whole block written (the cut comes just after)."""

SIZE = 8192
PAGE = 512  # NVMCTRL_PAGE_SIZE
UNIT = 16  # a quad word: the step of a cut inside a page
POINTS = SIZE // UNIT + 1


class PowerCut(BaseException):  # not an Exception: the app's error screen must not catch it
    pass


def program(data, image, cut=None):
    """data (the flash) after a write of image cut at cut point `cut` (None: not cut)."""
    n = len(data) if cut is None else min(len(data), cut * UNIT)
    data[:] = b"\xff" * len(data)  # _flash_erase_block
    data[:n] = image[:n]  # _flash_program, page 0 upward


UNABLE = "Unable to write to nvm."


class Nvm:
    """cut=c: the next slice assignment stops at cut point c (see above) and raises PowerCut.
    fail=True: every write raises RuntimeError(UNABLE) and changes nothing, as on the board when
    flash_write refuses (CircuitPython shared-bindings/nvm/ByteArray.c raises it when
    common_hal_nvm_bytearray_set_bytes fails; ASF4 hal_flash.c refuses a bad address or a locked
    region before anything is erased). fail=an exception: every write raises that one instead
    (the desktop's file store: OSError).
    writes counts slice assignments: each is one erase of the block."""

    def __init__(self, fill=0xFF, size=SIZE):
        self.data = bytearray([fill]) * size
        self.writes = 0
        self.cut = None
        self.fail = 0

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        # a slice: clamped, step 1, a new bytearray (shared-bindings/nvm/ByteArray.c)
        if isinstance(i, slice):
            start, stop = span(i, len(self.data))
            return self.data[start:stop]
        return self.data[i]

    def __setitem__(self, i, value):
        if not isinstance(i, slice):
            i, value = slice(i, i + 1), bytes((value,))
        start, stop = span(i, len(self.data))
        if stop - start != len(value):
            raise ValueError("Slice and value different lengths.")
        if self.fail:
            raise RuntimeError(UNABLE) if self.fail is True else self.fail
        image = bytearray(self.data)
        image[start:stop] = value
        self.writes += 1
        cut, self.cut = self.cut, None
        program(self.data, image, cut)
        if cut is not None:
            raise PowerCut()


def span(s, n):
    start, stop, step = s.indices(n)
    if step != 1:
        raise NotImplementedError("only slices with step=1 (aka None) are supported")
    return start, max(start, stop)


def cut_everywhere(before, write, load):
    """Cut the power at every point of one write: before is the flash's bytes, write(nvm) makes
    the write, load(nvm) reads what a restart would. Returns the list of load() answers, one
    per cut point."""
    got = []
    for c in range(POINTS):
        nvm = Nvm()
        nvm.data[:] = before
        nvm.cut = c
        try:
            write(nvm)
        except PowerCut:
            pass
        got.append(load(nvm))
    return got
