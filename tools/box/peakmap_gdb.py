# tools/box/peakmap.py's half inside gdb (gdb -batch -x this file, its Python): stops a board
# VM where an allocation has failed for good (m_malloc_fail, py/malloc.c: the collector has
# run and the split heap could not grow), and writes what the heap holds then as JSON lines to
# $PEAKMAP_OUT, one a failure: each piece of the split heap (its allocation table and its
# bytes), the address of every object type the binary defines, the qstrs (static and in the
# heap's pools, with each pool's address), the loaded modules, and the field offsets the
# analysis reads. Nothing is called in the VM: every figure is read from its memory, by the
# struct types of its debug information (py/mpstate.h, py/qstr.h, py/obj.h, py/objfun.h,
# py/bc.h). The VM then goes on, and raises its MemoryError as it would.
import json
import os
import re

import gdb

OUT = os.environ["PEAKMAP_OUT"]
MAX_DUMPS = int(os.environ.get("PEAKMAP_MAX", "4"))


def value(expr):
    return gdb.parse_and_eval(expr)


def addr(v):
    return int(v.cast(gdb.lookup_type("unsigned int")))


def read(start, n):
    return bytes(gdb.selected_inferior().read_memory(start, n))


def offset(struct, field):
    return int(value("(unsigned int)&((%s *)0)->%s" % (struct, field)))


def c_string(p):
    out = bytearray()
    while True:
        chunk = read(p + len(out), 64)
        end = chunk.find(b"\0")
        if end >= 0:
            return bytes(out + chunk[:end]).decode("utf-8", "replace")
        out += chunk


def types():
    """{address: name} of every mp_obj_type_t the binary defines."""
    text = gdb.execute("info variables -q -t mp_obj_type_t", to_string=True)
    found = {}
    where = None
    for line in text.splitlines():
        m = re.match(r"^File (.*):$", line)
        if m:
            where = m.group(1)
            continue
        m = re.search(r"\b(\w+)(\[\])?;$", line)
        if not m or m.group(2):
            continue
        name = m.group(1)
        for expr in ("&'%s'::%s" % (where, name), "&%s" % name):
            try:
                found[addr(value(expr))] = name
                break
            except gdb.error:
                pass
    return found


def qstr_pools():
    """([each pool: address, first qstr, the qstrs' addresses], every qstr's string)."""
    pools = []
    p = value("mp_state_ctx.vm.last_pool")
    while addr(p):
        n = int(p["len"])
        first = int(p["total_prev_len"])
        ptrs = [addr(p["qstrs"][i]) for i in range(n)]
        pools.append(
            {"at": addr(p), "first": first, "len": n, "alloc": int(p["alloc"]), "ptrs": ptrs}
        )
        p = p["prev"]
    pools.reverse()
    strings = []
    for pool in pools:
        strings += [c_string(x) for x in pool["ptrs"]]
    return pools, strings


def areas():
    out = []
    a = value("&mp_state_ctx.mem.area")
    while addr(a):
        start, end = addr(a["gc_pool_start"]), addr(a["gc_pool_end"])
        atb, atb_len = addr(a["gc_alloc_table_start"]), int(a["gc_alloc_table_byte_len"])
        out.append(
            {
                "start": start,
                "end": end,
                "atb_at": atb,
                "atb": read(atb, atb_len).hex(),
                "pool": read(start, end - start).hex(),
            }
        )
        try:
            a = a["next"]
        except gdb.error:
            break
    return out


def modules():
    """{module object's address: its name} of sys.modules."""
    d = value("mp_state_ctx.vm.mp_loaded_modules_dict.map")
    out = {}
    table = d["table"]
    for i in range(int(d["alloc"])):
        key, val = int(table[i]["key"].cast(gdb.lookup_type("unsigned int"))), table[i]["value"]
        if key not in (0, 4, 8):  # MP_OBJ_NULL, MP_OBJ_SENTINEL (py/obj.h)
            out[addr(val)] = key
    return out


OFFSETS = (
    ("mp_obj_fun_bc_t", "context"),
    ("mp_obj_fun_bc_t", "child_table"),
    ("mp_obj_fun_bc_t", "bytecode"),
    ("mp_obj_module_t", "globals"),
    ("mp_module_context_t", "constants.qstr_table"),
    ("mp_module_context_t", "constants.obj_table"),
    ("mp_obj_dict_t", "map.table"),
    ("mp_obj_dict_t", "map.alloc"),
    ("mp_obj_type_t", "name"),
    ("mp_obj_type_t", "slot_index_locals_dict"),
    ("mp_obj_type_t", "slots"),
    ("mp_raw_code_t", "fun_data"),
    ("mp_raw_code_t", "children"),
)


def facts(request):
    pools, strings = qstr_pools()
    offsets = {}
    for struct, field in OFFSETS:
        try:
            offsets["%s.%s" % (struct, field)] = offset(struct, field)
        except gdb.error:
            pass
    frames = []
    f = gdb.newest_frame()
    while f is not None and len(frames) < 40:
        frames.append(f.name() or "?")
        f = f.older()
    return {
        "request": request,
        "word": gdb.lookup_type("void").pointer().sizeof,
        "block": int(value("sizeof(mp_obj_t) * 4")),
        "areas": areas(),
        "types": types(),
        "pools": [{k: v for k, v in p.items() if k != "ptrs"} for p in pools],
        "qstr_ptrs": [x for p in pools for x in p["ptrs"]],
        "qstrs": strings,
        "qstr_name": int(value("(int)MP_QSTR___name__")),
        "modules": modules(),
        "offsets": offsets,
        "c_frames": frames,
    }


class Failure(gdb.Breakpoint):
    def __init__(self):
        super().__init__("m_malloc_fail", internal=True)
        self.count = 0

    def stop(self):
        self.count += 1
        if self.count <= MAX_DUMPS:
            request = int(value("num_bytes"))
            with open(OUT, "a") as f:
                f.write(json.dumps(facts(request)) + "\n")
        return False


gdb.execute("set pagination off")
gdb.execute("set confirm off")
Failure()
gdb.execute("run")
