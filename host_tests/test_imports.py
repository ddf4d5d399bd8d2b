"""Every module's imports, read from its source (engine/, lib/, code.py, tools/, host_tests/): no
import circle anywhere, and the board's code (engine/, lib/, code.py) imports nothing of the
host's (tools/, host_tests/), nor tools/ anything of the tests'.

An import counts wherever it stands (a function's body too: the lazy import that closes a circle
is still one), and so does `__import__("name")` with a literal name, as the app's screens load
their modules. A module's name is the one it is imported by: `engine.state`, `tools.box.run`;
lib/'s and host_tests/'s modules and the board box's stand-ins by their own names, each found
where its importer's path finds it: lib/ on every path, host_tests/ on the tests', a MicroPython
child's (*_mp.py) own folder on its path, and the stand-ins on theirs and on the children's that
run the app over them.
"""

import ast
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOARD = ("engine/", "lib/", "code.py")
HOST = ("tools/", "host_tests/")
FLAT = ("lib/", "host_tests/", "tools/box/standins/")  # modules imported by their own names
OVER_STANDINS = ("tools/box/run_mp.py", "tools/bench/app_time_mp.py")


def sources():
    """Repository paths of every module of the five places."""
    found = ["code.py"]
    for top in ("engine", "lib", "tools", "host_tests"):
        for d, dirs, files in os.walk(os.path.join(ROOT, top)):
            dirs[:] = sorted(x for x in dirs if x != "__pycache__")
            found += [
                os.path.relpath(os.path.join(d, f), ROOT).replace(os.sep, "/")
                for f in sorted(files)
                if f.endswith(".py")
            ]
    return found


def module_name(path):
    """The name a module is imported by."""
    for flat in FLAT:
        if path.startswith(flat) and "/" not in path[len(flat) :]:
            return path[len(flat) : -3]
    parts = path[:-3].split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def flat_path(path):
    """The folders, in order, where a module's import of a bare name looks."""
    here = path[: path.rindex("/") + 1] if "/" in path else ""
    if path.startswith("tools/box/standins/"):
        return ("tools/box/standins/", "lib/")
    if path in OVER_STANDINS:
        return (here, "tools/box/standins/", "lib/")
    if path.endswith("_mp.py") or os.path.basename(path).startswith("_ai_"):
        return (here, "lib/")
    if path.startswith("host_tests/"):
        return ("host_tests/", "lib/")
    return ("lib/",)


def imported(path, text):
    """The dotted names a source imports: each `import a.b`, `from a import b` (a and a.b),
    relative ones made absolute, and `__import__("a")` with a literal name."""
    names = set()
    package = module_name(path).split(".")
    if not path.endswith("__init__.py"):
        package = package[:-1]
    for node in ast.walk(ast.parse(text, path)):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package[: len(package) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            names.add(base)
            names.update(base + "." + a.name for a in node.names)
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "id", None) == "__import__"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            names.add(node.args[0].value)
    return names


def graph(paths=None, read=None):
    """{path: set of repository paths it imports}, and {path: every dotted name it imports}."""
    paths = paths if paths is not None else sources()
    read = read or (lambda p: open(os.path.join(ROOT, p), encoding="utf-8").read())
    dotted, flat = {}, {}
    for p in paths:
        here = p[: p.rindex("/") + 1] if "/" in p else ""
        flat.setdefault(here, {})[os.path.basename(p)[:-3]] = p
        if not any(p.startswith(f) and "/" not in p[len(f) :] for f in FLAT):
            dotted[module_name(p)] = p
    edges, names = {}, {}
    for p in paths:
        names[p] = imported(p, read(p))
        edges[p] = set()
        for name in names[p]:
            parts = name.split(".")
            for i in range(1, len(parts) + 1):  # a.b.c imports a and a.b too
                key = ".".join(parts[:i])
                found = [flat.get(f, {}).get(key) for f in flat_path(p)] + [dotted.get(key)]
                target = next((t for t in found if t), None)
                if target and target != p:
                    edges[p].add(target)
    return edges, names


def circles(edges):
    """The import circles: each a sorted list of the modules in one (strongly connected
    component of more than one module, or a module importing itself)."""
    index, low, stack, on, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1 or v in edges.get(v, ()):
                found.append(sorted(part))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


EDGES, NAMES = graph()


def test_the_modules_and_their_imports_are_found():
    assert {
        "code.py",
        "engine/state.py",
        "lib/app.py",
        "tools/box/run.py",
        "tools/box/standins/board.py",
        "host_tests/conftest.py",
    } <= set(EDGES)
    assert "tools/box/mp.py" in EDGES["tools/box/run.py"]
    assert "lib/screens.py" in EDGES["lib/app.py"]
    assert "lib/screen_play.py" in EDGES["lib/screens.py"]  # __import__("screen_play")
    assert "engine/movegen.py" in EDGES["code.py"]
    assert "tools/box/standins/_heap.py" in EDGES["tools/box/standins/displayio.py"]
    assert "tools/bench/movegen_mp.py" in EDGES["tools/bench/positions_mp.py"]
    assert "tools/box/standins/board.py" in EDGES["tools/box/run_mp.py"]
    assert "tools/box/standins/board.py" not in EDGES["lib/platform_device.py"]


def test_a_circle_is_found():
    files = {
        "a/x.py": "import a.y\n",
        "a/y.py": "def f():\n    from a import z\n",
        "a/z.py": "from . import x\n",
        "a/w.py": "import a.x\n",
    }
    edges, _ = graph(sorted(files), files.get)
    assert circles(edges) == [["a/x.py", "a/y.py", "a/z.py"]]
    assert circles(graph(["a/w.py", "a/x.py"], files.get)[0]) == []


def test_no_import_circle_anywhere():
    assert circles(EDGES) == []


@pytest.mark.parametrize("place", BOARD)
def test_the_board_imports_nothing_of_the_hosts(place):
    for path in sorted(p for p in EDGES if p.startswith(place)):
        host = sorted(t for t in EDGES[path] if t.startswith(HOST))
        assert not host, "%s imports %s" % (path, host)
        assert not [n for n in NAMES[path] if n.split(".")[0] in ("tools", "host_tests")], path


def test_the_tools_import_nothing_of_the_tests():
    for path in sorted(p for p in EDGES if p.startswith("tools/")):
        tests = sorted(t for t in EDGES[path] if t.startswith("host_tests/"))
        assert not tests, "%s imports %s" % (path, tests)
