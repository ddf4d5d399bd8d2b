"""One truth for the rules: the board's modules (engine/, lib/) read a move's fields and a
build's by private names (`m[_KIND]`) and compare with private copies of other modules' int
constants (`_TRAIL = const(4)  # engine.movegen.TRAIL`). MicroPython's compiler folds a
`_NAME = const(v)` into the bytecode as the number: neither costs the board a global or a qstr,
and nothing on the board checks them. Here, read from every module's source:

- a field's name, anywhere (_CARD, _KIND, _VALUE, _LOOSE, _BUILDS of a move; _B_VALUE,
  _B_OWNER, _B_GROUPS of a build), is the field's index as engine.movegen.legal_moves'
  docstring lists a move's fields and engine/state.py a build's (and the engine's moves and
  builds are laid out so);
- a copy (a private const whose comment starts with the name it copies: `# intents.A`,
  `# engine.play.EV_SWEEP`) has that public int's value in its module;
- a private name that copies a name somewhere has that value wherever it is a const;
- a private const with the value of a public int of its own name elsewhere names it (so a new
  copy is checked too).
"""

import ast
import io
import os
import re
import tokenize

from engine import movegen
from engine.cards import group_value
from engine.play import play
from engine.rng import Rng
from engine.state import new_game

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MOVE = {"_CARD": "card", "_KIND": "kind", "_VALUE": "value", "_LOOSE": "loose_mask"}
MOVE["_BUILDS"] = "build_mask"
BUILD = {"_B_VALUE": "value", "_B_OWNER": "owner", "_B_GROUPS": "groups"}
# a copy's comment: the module as it is imported (engine.movegen, intents), then the name
NAMED = re.compile(r"#\s*((?:engine\.)?\w+)\.([A-Z][A-Z0-9_]*)\b")


def sources():
    """{module name: its source} of engine/ and lib/ (lib/'s by their own names)."""
    out = {}
    for folder, prefix in (("engine", "engine."), ("lib", "")):
        for f in sorted(os.listdir(os.path.join(ROOT, folder))):
            if f.endswith(".py") and f != "__init__.py":
                with open(os.path.join(ROOT, folder, f), encoding="utf-8") as src:
                    out[prefix + f[:-3]] = src.read()
    return out


def move_fields():
    """A move's fields, in order, as engine.movegen.legal_moves' docstring lists them."""
    found = re.search(r"\((card, [^)]*)\)", movegen.legal_moves.__doc__)
    return found.group(1).split(", ")


def build_fields():
    """A build's fields, in order, as engine/state.py's opening comment lists them."""
    with open(os.path.join(ROOT, "engine", "state.py"), encoding="utf-8") as src:
        found = re.search(r"A build is a tuple\s*(?:#\s*)?\(([^)]*)\)", src.read())
    return found.group(1).split(", ")


def _int(node):
    # an int literal (hex, negative) or const() of one, else None
    if _const(node):
        node = node.args[0]
    try:
        value = ast.literal_eval(node)
    except ValueError:
        return None
    return value if type(value) is int else None


def _const(node):
    return isinstance(node, ast.Call) and getattr(node.func, "id", None) == "const"


def constants(text):
    """[(name, value, line number, the line's comment or '')] of a source's module-level
    constants: a private name given const() of an int, a public one (upper case) an int
    literal or const() of one."""
    comments = {}
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.COMMENT:
            comments[tok.start[0]] = tok.string
    out = []
    for node in ast.parse(text).body:
        if (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
        ):
            name = node.targets[0].id
            value = _int(node.value)
            if value is not None and (
                _const(node.value) if name.startswith("_") else re.match(r"[A-Z][A-Z0-9_]*$", name)
            ):
                out.append((name, value, node.lineno, comments.get(node.lineno, "")))
    return out


def problems(texts):
    """What breaks the rules above in these sources ({module: source}), one line each."""
    fields = {}
    for names, order in ((MOVE, move_fields()), (BUILD, build_fields())):
        for name, field in names.items():
            fields[name] = order.index(field)
    public = {}  # {module: {NAME: value}}
    private = []  # (module, _NAME, value, line, comment)
    for mod, text in texts.items():
        for name, value, line, comment in constants(text):
            if name.startswith("_"):
                private.append((mod, name, value, line, comment))
            else:
                public.setdefault(mod, {})[name] = value
    found = []
    copies = {}  # {_NAME: (module, NAME)} of the copies named after what they copy
    for mod, name, value, line, comment in private:
        where = "%s:%d %s = %d" % (mod, line, name, value)
        if name in fields:
            if value != fields[name]:
                found.append("%s: the field's index is %d" % (where, fields[name]))
            continue
        named = NAMED.match(comment)
        if named and named.group(1) in texts:
            source, copied = named.groups()
            truth = public.get(source, {}).get(copied)
            if truth is None:
                found.append("%s: %s.%s is no public int" % (where, source, copied))
            elif value != truth:
                found.append("%s: %s.%s is %d" % (where, source, copied, truth))
            if name == "_" + copied:
                if copies.setdefault(name, (source, copied)) != (source, copied):
                    found.append("%s: %s copies %s.%s elsewhere" % ((where, name) + copies[name]))
        else:
            for source, names in public.items():
                if source != mod and names.get(name[1:]) == value:
                    found.append("%s: a copy of %s.%s says so" % (where, source, name[1:]))
    for mod, name, value, line, comment in private:
        if name in copies and not NAMED.match(comment):
            source, copied = copies[name]
            if value != public[source][copied]:
                found.append(
                    "%s:%d %s = %d: %s.%s is %d"
                    % (mod, line, name, value, source, copied, public[source][copied])
                )
    return found


def test_every_copy_and_field_index_has_its_modules_value():
    texts = sources()
    assert not problems(texts), "\n".join(problems(texts))
    seen = [c for text in texts.values() for c in constants(text) if c[0].startswith("_")]
    assert sum(c[0] in MOVE or c[0] in BUILD for c in seen) >= 30  # the test sees the fields
    assert sum(bool(NAMED.match(c[3])) for c in seen) >= 60  # and the copies


def test_a_wrong_copy_fails():
    texts = sources()

    def wrong(mod, old, new):
        changed = dict(texts)
        assert old in changed[mod]
        changed[mod] = changed[mod].replace(old, new)
        return problems(changed)

    trail = "_TRAIL = const(%d)  # engine.movegen.TRAIL" % movegen.TRAIL
    assert wrong("words", trail, trail.replace("const(4)", "const(3)"))
    assert wrong("engine.play", "_CARD = const(0)", "_CARD = const(1)")
    assert wrong("table_view", "_B_OWNER = const(1)", "_B_OWNER = const(0)")
    assert wrong("chooser", "_A = const(5)  # intents.A", "_A = const(6)  # intents.A")
    # unnamed: a copy's name elsewhere, or the public value of its own name
    assert wrong("words", trail, "_TRAIL = const(3)")
    assert wrong("chooser", "_A = const(5)  # intents.A", "_A = const(5)")
    # a copy of what is not a public int
    assert wrong("chooser", "_A = const(5)  # intents.A", "_A = const(5)  # intents.KEYMAP")
    # a changed rule: each copy disagrees
    assert len(wrong("engine.movegen", "\nTRAIL = 4", "\nTRAIL = 5")) >= 5


def test_the_engines_moves_and_builds_are_laid_out_as_documented():
    card, kind, value = (move_fields().index(f) for f in ("card", "kind", "value"))
    b_value, b_owner, b_groups = (build_fields().index(f) for f in ("value", "owner", "groups"))
    kinds = (movegen.CAPTURE, movegen.CREATE, movegen.ADD, movegen.RAISE, movegen.TRAIL)
    rng = Rng(7)
    made = 0
    for seed in range(1, 9):
        s = new_game(2 + seed % 3, seed)
        while not s.round_over():
            moves = movegen.legal_moves(s)
            for m in moves:
                assert m[card] in s.hands[s.turn] and m[kind] in kinds
            m = moves[rng.below(len(moves))]
            seat = s.turn
            play(s, m)
            if m[kind] in kinds[1:4]:
                made += 1
                assert any(b[b_value] == m[value] and b[b_owner] == seat for b in s.builds)
            for b in s.builds:
                assert all(group_value(g) == b[b_value] for g in b[b_groups] if g)
    assert made > 10
