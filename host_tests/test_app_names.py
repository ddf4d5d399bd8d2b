# Names instead of numbers in the code the board runs: intents are compared by name, a
# module-private const (`_NAME = const(v)`: on the board the compiler folds it and keeps no
# global) is read by no other module, and no comment in lib/ carries the project's history.
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIB = os.path.join(ROOT, "lib")


def lib_sources():
    out = {}
    for f in sorted(os.listdir(LIB)):
        if f.endswith(".py"):
            with open(os.path.join(LIB, f)) as fh:
                out[f[:-3]] = fh.read()
    return out


def code_lines(text):
    # (line number, the line without its comment), comments and strings cut roughly:
    # enough for these checks, which look for names and numbers in code
    for n, line in enumerate(text.split("\n"), 1):
        yield n, re.sub(r"#.*", "", re.sub(r'"[^"]*"', '""', line))


def test_intents_are_compared_by_name():
    number = re.compile(r"\bintent\s*(==|!=|<=|>=|<|>)\s*\d|\d\s*(==|!=|<=|>=|<|>)\s*intent\b")
    found = []
    for name, text in lib_sources().items():
        for n, line in code_lines(text):
            if number.search(line):
                found.append("lib/%s.py:%d %s" % (name, n, line.strip()))
    assert not found, "intents compared by number:\n" + "\n".join(found)


def test_module_private_consts_stay_in_their_module():
    sources = lib_sources()
    private = {}  # module -> its _NAME = const(...) names
    for name, text in sources.items():
        private[name] = set(re.findall(r"^(_[A-Za-z0-9_]+)\s*=\s*const\(", text, re.M))
    assert sum(len(v) for v in private.values()) > 10  # the check sees the names
    found = []
    for name, text in sources.items():
        for n, line in code_lines(text):
            for mod, names in private.items():
                if mod == name:
                    continue
                for const in names:
                    if re.search(r"\b%s\.%s\b" % (mod, const), line) or re.search(
                        r"from\s+%s\s+import\b.*\b%s\b" % (mod, const), line
                    ):
                        found.append("lib/%s.py:%d reads %s.%s" % (name, n, mod, const))
    assert not found, "a module-private const does not exist on the board:\n" + "\n".join(found)


def test_every_const_is_imported():
    # CPython (the host, the tests) needs `from micropython import const` (Blinka's);
    # the board's compiler folds it either way
    for name, text in lib_sources().items():
        if re.search(r"=\s*const\(", text):
            assert re.search(r"^from micropython import const$", text, re.M), name


def test_no_history_in_lib_comments():
    history = re.compile(
        r"\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\w+teenth|"
        r"\d+(st|nd|rd|th))\s+session\b|\bboardbox,\s*\d+\s+runs\b|\bbefore:|\bwas the box's\b|"
        r"\bbox's peak on \d",
        re.I,
    )
    found = []
    for name, text in lib_sources().items():
        for n, line in enumerate(text.split("\n"), 1):
            if "#" in line and history.search(line[line.index("#") :]):
                found.append("lib/%s.py:%d %s" % (name, n, line.strip()))
    assert not found, "history in comments:\n" + "\n".join(found)
