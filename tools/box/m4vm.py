"""The board's CPU on the desk: CircuitPython's VM built for the Cortex-M4F, run under QEMU
with every instruction counted.

    python3 -m tools.box.m4vm check [--vm PATH]

The M4 VM is a maintainer's own build (docs/LAB.md, "The board's CPU on the desk"), like the
board VMs: the repository holds no source, binary or recipe of it. The tools look for
$BOARD_VM_DIR/m4/firmware.elf (BOARD_VM_DIR defaults to build/boardvm) and run it as

    qemu-system-arm -machine mps2-an386 -icount shift=0,align=off,sleep=off -kernel firmware.elf
        -device loader,file=ROMFS,addr=0x21000000,force-raw=on -serial stdio

With `-icount shift=0` the guest's virtual clock moves 1 ns an instruction, so the guest's
`time.ticks_us()` counts 1,000 instructions a microsecond: `count()` in a guest script is
instructions / 1,000, the same on every run and every machine. The ROMFS image holds the
files a board's drive would (engine/, lib/) and the guest scripts; the VM mounts it at /rom,
with /rom and /rom/lib on sys.path, and imports each .py by compiling it into its heap as the
board does.

`check` prints each property the board has and the binary lacks ("m4vm ok ..." when it has
them all):
- an ELF for the Cortex-M4 (ARM, Thumb-2, its .ARM.attributes naming cortex-m4 and the
  single-precision FPU), CircuitPython's own core (sys.implementation.name "circuitpython");
- a clock that counts instructions: the same work counts the same in two fresh VMs (to the
  clock's microsecond: where the work starts within one depends on when the host's input
  arrived), and a loop of n more iterations counts n times more;
- 32-bit words (sys.maxsize 2**31 - 1), MPZ long ints (2**100 exact), 30-bit floats (the
  board's object representation C: 1.1 + 2.2 is not 3.3000000000000003);
- the pystack at the 10.x board's 2,048 bytes ("pystack exhausted");
- a heap of the board's size: 140-160 KB in all (the PyGamer gives Python about 150 KB);
- .py files loaded from the ROMFS and compiled into the heap on import.
"""

import argparse
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
QEMU = "qemu-system-arm"
MACHINE = "mps2-an386"
ROMFS_ADDR = 0x21000000
ROMFS_SIZE = 0x400000
PER_US = 1000  # instructions a guest microsecond (-icount shift=0: 1 ns each)
HEAP = (140 * 1024, 160 * 1024)
PYSTACK = 2048


def vm_dir():
    return os.environ.get("BOARD_VM_DIR") or os.path.join(ROOT, "build", "boardvm")


def binary(path=None):
    """The M4 VM's firmware.elf, or None where it (or qemu-system-arm) is missing."""
    path = path or os.path.join(vm_dir(), "m4", "firmware.elf")
    if not os.path.isfile(path) or shutil.which(QEMU) is None:
        return None
    return path


def romfs(files):
    """A ROMFS image (mpremote's format) of {path in the image: bytes}."""
    from mpremote.romfs import VfsRomWriter

    vfs = VfsRomWriter()
    tree = {}
    for path, data in files.items():
        node = tree
        parts = path.split("/")
        for d in parts[:-1]:
            node = node.setdefault(d, {})
        node[parts[-1]] = data

    def add(node):
        for name in sorted(node):
            if isinstance(node[name], dict):
                vfs.opendir(name)
                add(node[name])
                vfs.closedir()
            else:
                vfs.mkfile(name, node[name])

    add(tree)
    image = vfs.finalise()
    if len(image) > ROMFS_SIZE:
        raise RuntimeError(
            "ROMFS image of %d bytes is larger than the VM's %d" % (len(image), ROMFS_SIZE)
        )
    return image


def tree_files(*dirs, prefix=""):
    """{image path: bytes} of every .py (and .txt) file under the repository's dirs."""
    out = {}
    for d in dirs:
        for base, subdirs, names in os.walk(os.path.join(ROOT, d)):
            subdirs[:] = sorted(x for x in subdirs if x != "__pycache__")
            for n in names:
                if n.endswith((".py", ".txt")):
                    full = os.path.join(base, n)
                    rel = os.path.relpath(full, ROOT).replace(os.sep, "/")
                    with open(full, "rb") as f:
                        out[prefix + rel] = f.read()
    return out


class VM:
    """One M4 VM under QEMU, driven through its raw REPL: run(code) -> what it printed."""

    def __init__(self, files, elf=None):
        self.elf = binary(elf)
        if self.elf is None:
            raise RuntimeError(
                "M4 VM not built (%s) or %s missing: docs/BOARD.md"
                % (elf or os.path.join(vm_dir(), "m4", "firmware.elf"), QEMU)
            )
        self.tmp = tempfile.TemporaryDirectory(prefix="m4vm-")
        image = os.path.join(self.tmp.name, "romfs.img")
        with open(image, "wb") as f:
            f.write(romfs(files))
        self.proc = subprocess.Popen(
            [
                QEMU,
                "-machine",
                MACHINE,
                "-nographic",
                "-monitor",
                "none",
                "-semihosting",
                "-icount",
                "shift=0,align=off,sleep=off",
                "-serial",
                "stdio",
                "-kernel",
                self.elf,
                "-device",
                "loader,file=%s,addr=0x%x,force-raw=on" % (image, ROMFS_ADDR),
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            bufsize=0,
        )
        self.proc.stdin.write(b"\r\x03\x03\x01")
        self._until(b"raw REPL; CTRL-B to exit\r\n>")

    def _until(self, marker):
        buf = bytearray()
        while not buf.endswith(marker):
            c = self.proc.stdout.read(1)
            if not c:
                raise RuntimeError("the M4 VM stopped: %r" % bytes(buf[-300:]))
            buf += c
        return bytes(buf[: -len(marker)])

    def run(self, code, on_line=None):
        """Runs code in the VM: its output, or RuntimeError with its traceback. on_line(line)
        sees each output line as it comes."""
        self.proc.stdin.write(code.encode() + b"\x04")
        self._until(b"OK")
        out = bytearray()
        while True:
            c = self.proc.stdout.read(1)
            if not c:
                raise RuntimeError("the M4 VM stopped: %r" % bytes(out[-300:]))
            if c == b"\x04":
                break
            out += c
            if c == b"\n" and on_line is not None:
                on_line(bytes(out[out.rfind(b"\n", 0, len(out) - 1) + 1 :]).decode().rstrip())
        err = self._until(b"\x04")
        self._until(b">")
        text = bytes(out).decode().replace("\r\n", "\n")
        if err:
            raise RuntimeError("the M4 VM's script failed:\n%s%s" % (text[-1000:], err.decode()))
        return text

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.tmp.cleanup()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def uleb(data, i):
    value = shift = 0
    while True:
        b = data[i]
        i += 1
        value |= (b & 0x7F) << shift
        shift += 7
        if b < 0x80:
            return value, i


def cpu_tags(attrs):
    """The "aeabi" file attributes of an .ARM.attributes section: {tag: value}."""
    tags = {}
    at = attrs.find(b"aeabi\0")
    if attrs[:1] != b"A" or at < 0:
        return tags
    i = at + 6
    if attrs[i] != 1:  # Tag_File
        return tags
    end = i + struct.unpack_from("<I", attrs, i + 1)[0]
    i += 5
    while i < end:
        tag, i = uleb(attrs, i)
        if tag in (4, 5, 67) or (tag > 32 and tag % 2):  # NTBS-valued tags
            j = attrs.index(b"\0", i)
            tags[tag] = attrs[i:j].decode()
            i = j + 1
        else:
            tags[tag], i = uleb(attrs, i)
    return tags


# the Cortex-M4F as gcc's -mcpu=cortex-m4 -mfpu=fpv4-sp-d16 -mfloat-abi=hard marks it (ARM's
# "Addenda to the ABI for the Arm Architecture"): Tag_CPU_arch 13 (v7E-M), profile 'M',
# Thumb-2, Tag_FP_arch 6 (VFPv4-D16), Tag_ABI_HardFP_use 1 (single precision only)
CORTEX_M4F = {6: 13, 7: ord("M"), 9: 2, 10: 6, 27: 1}


def elf_facts(path):
    """(is a 32-bit little-endian ARM ELF, its .ARM.attributes bytes)."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"\x7fELF" or data[4] != 1 or data[5] != 1:
        return False, b""
    machine = struct.unpack_from("<H", data, 18)[0]
    (shoff,) = struct.unpack_from("<I", data, 32)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 46)
    sections = [struct.unpack_from("<IIIIII", data, shoff + i * shentsize) for i in range(shnum)]
    names = sections[shstrndx]
    attrs = b""
    for name, _type, _flags, _addr, offset, size in sections:
        start = names[4] + name
        if data[start : data.index(b"\0", start)] == b".ARM.attributes":
            attrs = data[offset : offset + size]
    return machine == 40, attrs


PROBE = r"""
import sys, gc, time
print("name", sys.implementation.name)
print("machine", sys.implementation._machine)
print("maxsize", sys.maxsize)
print("mpz", 2 ** 100 == 1267650600228229401496703205376)
print("float30", repr(1.1 + 2.2) != "3.3000000000000003")
gc.collect()
print("heap", gc.mem_free() + gc.mem_alloc())
def loop(n):
    for i in range(n):
        pass
def count(n):
    t = time.ticks_us()
    loop(n)
    return time.ticks_diff(time.ticks_us(), t)
print("loop", count(20000), count(120000))
import micropython
used = [0]
def deep(n):
    u = micropython.pystack_use()
    if u > used[0]:
        used[0] = u
    return deep(n + 1)
try:
    deep(0)
    print("pystack", False)
except RuntimeError as e:
    print("pystack", "pystack" in str(e), used[0])
gc.collect()
a = gc.mem_alloc()
import m4probe
print("romfs", m4probe.__file__, gc.mem_alloc() - a)
"""

PROBE_MODULE = b"""# the M4 VM's probe module: compiled into the heap on import
def f(x):
    return [x, x + 1, x + 2, x + 3]


TABLE = tuple(f(i) for i in range(8))
"""


def probe(elf=None):
    facts = {}
    for _ in range(2):
        with VM({"m4probe.py": PROBE_MODULE}, elf) as vm:
            out = vm.run(PROBE)
        for line in out.splitlines():
            k, _, v = line.partition(" ")
            if k == "loop":
                facts.setdefault("loops", []).append(tuple(int(x) for x in v.split()))
            else:
                facts[k] = v
    return facts


def problems(elf, facts):
    """What the binary lacks, one line each ([] when none)."""
    wrong = []
    arm, attrs = elf_facts(elf)
    if not arm:
        wrong.append("not a 32-bit ARM ELF")
    else:
        tags = cpu_tags(attrs)
        if any(tags.get(k) != v for k, v in CORTEX_M4F.items()):
            wrong.append(
                "not built for the Cortex-M4F (ARMv7E-M, Thumb-2, single-precision "
                "FPU): .ARM.attributes %s" % tags
            )
    if facts.get("name") != "circuitpython":
        wrong.append("not CircuitPython's core: sys.implementation.name %s" % facts.get("name"))
    if "Cortex-M4" not in facts.get("machine", ""):
        wrong.append(
            "sys.implementation._machine does not name the Cortex-M4: %s" % facts.get("machine")
        )
    loops = facts.get("loops", [])
    if len(loops) != 2 or any(abs(a - b) > 2 for a, b in zip(*loops)):
        wrong.append("the clock does not count instructions: the same work counted %s" % loops)
    else:
        short, long_ = loops[0]
        per = (long_ - short) / 100000.0
        if not short or not (0.9 < (long_ / short) / (120000 / 20000.0) < 1.1) or per < 0.02:
            wrong.append(
                "the clock does not count instructions: %d and %d us for 20,000 and "
                "120,000 iterations" % (short, long_)
            )
    if facts.get("maxsize") != str(2**31 - 1):
        wrong.append("not 32-bit words: sys.maxsize %s" % facts.get("maxsize"))
    if facts.get("mpz") != "True":
        wrong.append("long ints are not MPZ (2**100 wrong)")
    if facts.get("float30") != "True":
        wrong.append("floats are not the board's 30-bit floats (object representation C)")
    heap = int(facts.get("heap", 0))
    if not HEAP[0] <= heap <= HEAP[1]:
        wrong.append("a heap of %d bytes, not the board's (%d-%d)" % (heap, HEAP[0], HEAP[1]))
    stack, _, used = facts.get("pystack", "").partition(" ")
    if stack != "True":
        wrong.append("no pystack: a deep recursion did not raise 'pystack exhausted'")
    elif not PYSTACK - 128 < int(used or 0) <= PYSTACK:
        wrong.append("a pystack of about %s bytes, not the 10.x board's %d" % (used, PYSTACK))
    path, _, grew = facts.get("romfs", "").partition(" ")
    if not path.startswith("/rom/") or not path.endswith(".py") or int(grew or 0) < 200:
        wrong.append(
            "a .py module is not loaded from the ROMFS and compiled into the heap: %s"
            % facts.get("romfs")
        )
    return wrong


def check(elf=None, out=print):
    """Prints what the M4 VM lacks; True when it is as the board's CPU is."""
    path = binary(elf)
    if path is None:
        out(
            "m4vm not built (%s), or %s missing"
            % (elf or os.path.join(vm_dir(), "m4", "firmware.elf"), QEMU)
        )
        return False
    facts = probe(path)
    wrong = problems(path, facts)
    for w in wrong:
        out("m4vm: %s" % w)
    if not wrong:
        loops = facts["loops"][0]
        out(
            "m4vm ok: %s, Cortex-M4F, clock counts instructions (a loop iteration %.0f), "
            "32-bit, MPZ, 30-bit floats, heap %s bytes, pystack, .py compiled from ROMFS"
            % (facts["machine"], (loops[1] - loops[0]) * PER_US / 100000.0, facts["heap"])
        )
    return not wrong


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("what", choices=("check",))
    ap.add_argument("--vm", help="the firmware.elf (default: $BOARD_VM_DIR/m4/firmware.elf)")
    a = ap.parse_args(argv)
    t = time.time()
    ok = check(a.vm)
    print("(%.1f s)" % (time.time() - t))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
