"""What the docs and the comments name exists: every file, module and section a doc (README.md,
docs/*.md, tools/README.md) or a comment or docstring (engine/, lib/, code.py, tools/,
host_tests/) names, and none of it is a file outside the repository.

- paths of the repository (`engine/...`, `lib/...`, `tools/...`, `host_tests/...`, `docs/...`,
  `fonts/...`, `sprites/...`), in backticks, links or plain text (a doc's links and paths may
  be relative to it), and every doc named by its file's name (`*.md`);
- links' sections (`LAB.md#board-time`) and sections named in quotes (LAB.md, "Board time");
- modules run as `-m tools.<package>.<module>`, and in the docs' backticks dotted names
  (`engine.<module>.<name>`, `tools.<package>.<module>.<name>`, an engine module's
  `<module>.<name>`), and the names a doc's Python block imports.
A name of the board's drive (`lib/royal_casino/...`), a wildcard or a placeholder
(`engine/ai_*.py`, `lib/screen_<name>.py`) and what the tools make (`build/`, `shots/`) are not
the repository's files; nor is another project's file named as such (adafruit/circuitpython's
py/bc.h, label.py).
"""

import ast
import io
import os
import re
import subprocess
import tokenize

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCS = ["README.md", "tools/README.md"] + sorted(
    "docs/" + f for f in os.listdir(os.path.join(ROOT, "docs")) if f.endswith(".md")
)
TOPS = ("engine", "lib", "tools", "host_tests", "docs", "fonts", "sprites")
PATH = re.compile(r"(?<![\w./$-])((?:%s)/[\w./*<-]*)" % "|".join(TOPS))
MD = re.compile(r"(?<![\w/.-])([A-Za-z_]+\.md)\b")
MODULE = re.compile(r"-m (tools(?:\.[a-z_0-9]+)+)\b(?!\.)")
SECTION = re.compile(r"([A-Z_]+\.md)(?:'s)?,? \"([^\"]+)\"")
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)|src=\"([^\"]+)\"")
CODE = re.compile(r"`([^`\n]+)`")
DRIVE = "lib/royal_casino"
ENDS = "py md txt toml bin png gif bmp bdf zip json mpy elf img h c"
FILE_ENDS = tuple("." + e for e in ENDS.split())  # a file's name, not module.name

# TODO: after the engine work lands (engine/, lib/ and code.py are being edited on other
# branches): their comments still name tools/' files by the paths they had before the tools'
# packages. Each (file, path): fix the comment and drop its line here.
STALE = {
    ("lib/screen_play.py", "tools/pystack.py"),
}


def tracked():
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    if out.returncode:
        pytest.skip("not a git checkout")
    return [p for p in out.stdout.splitlines() if os.path.exists(os.path.join(ROOT, p))]


FILES = tracked()
DIRS = set(os.path.dirname(p) for p in FILES)
DIRS |= set(d[:i] for d in DIRS for i in range(len(d)) if d[i] == "/")


def read(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return f.read()


def slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation out, spaces as hyphens."""
    text = re.sub(r"[`*_]", "", heading.strip()).lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def headings(doc):
    text = re.sub(r"```.*?```", "", read(doc), flags=re.S)
    return [h for h in re.findall(r"^#+\s+(.+?)\s*$", text, re.M)]


def exists(path, here=""):
    """A repository path, from the root or from the folder `here`: a file, or a folder ("x/")."""
    for base in ([here] if here else []) + [""]:
        p = os.path.normpath(os.path.join(base, path.rstrip("/"))).replace(os.sep, "/")
        if p in FILES and not path.endswith("/") or p in DIRS:
            return True
    return False


def doc_of(name, here=""):
    """The repository path of a doc named by its file's name (beside `here`, in docs/, at the
    root or in tools/)."""
    for base in (here, "docs", "", "tools"):
        p = os.path.normpath(os.path.join(base, name)).replace(os.sep, "/")
        if p in FILES:
            return p
    return None


def paths_in(text, here=""):
    """The unknown repository paths, docs and tools modules a text names."""
    bad = []
    for path in PATH.findall(text):
        path = path.rstrip(".,;:)")
        if "*" in path or "<" in path or path.startswith(DRIVE) or exists(path, here):
            continue
        bad.append(path)
    bad += [name for name in MD.findall(text) if doc_of(name, here) is None]
    for module in MODULE.findall(text):
        if not exists(module.replace(".", "/") + ".py"):
            bad.append("-m " + module)
    for name, title in SECTION.findall(text):
        doc = doc_of(name, here)
        if doc and title.lower() not in [h.lower() for h in headings(doc)]:
            bad.append('%s, "%s"' % (name, title))
    return bad


def defined(module_path):
    """Every name a module defines: at its top, in its classes, and each attribute it sets."""
    names = set()
    for node in ast.walk(ast.parse(read(module_path))):
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.alias):
            names.add((node.asname or node.name).split(".")[0])
    return names


ENGINE = set(p[len("engine/") : -3] for p in FILES if re.match(r"engine/\w+\.py$", p))


def dotted(name):
    """ "" where a dotted name (engine.x.f, tools.a.b.f, an engine module's x.f) names something
    the repository defines, else what is missing; None for a name this does not check."""
    parts = name.split(".")
    if parts[0] in ("engine", "tools"):
        for i in range(len(parts), 0, -1):
            path = "/".join(parts[:i]) + ".py"
            if path in FILES:
                rest = parts[i:]
                return "" if not rest or rest[0] in defined(path) else name
            if "/".join(parts[:i]) + "/__init__.py" in FILES and i == len(parts):
                return ""
        return name
    if len(parts) >= 2 and parts[0] in ENGINE:
        return "" if parts[1] in defined("engine/%s.py" % parts[0]) else name
    return None


def docs_named(doc):
    """What a doc names that is not there."""
    here = os.path.dirname(doc)
    text = read(doc)
    bad = paths_in(text, here)
    for link, src in LINK.findall(text):
        target = link or src
        if re.match(r"^[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        if path and not exists(path, here):
            bad.append(target)
            continue
        md = os.path.normpath(os.path.join(here, path)).replace(os.sep, "/") if path else doc
        if anchor and md.endswith(".md") and anchor not in [slug(h) for h in headings(md)]:
            bad.append(target)
    for span in CODE.findall(text):
        span = span.strip()
        if re.match(r"^[A-Za-z_][\w.]*\.\w+(\(\))?$", span) and not span.endswith(FILE_ENDS):
            missing = dotted(span.rstrip("()"))
            if missing:
                bad.append(missing)
    for block in re.findall(r"```python\n(.*?)```", text, re.S):
        for module, names in re.findall(r"^from ([\w.]+) import ([\w, ]+)", block, re.M):
            for n in names.split(","):
                missing = dotted(module + "." + n.strip())
                if missing:
                    bad.append(missing)
    return sorted(set(bad))


def comments(path):
    """A module's comments and docstrings, as one text."""
    text = read(path)
    out = [
        t.string
        for t in tokenize.generate_tokens(io.StringIO(text).readline)
        if t.type == tokenize.COMMENT
    ]
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
            doc = ast.get_docstring(node, clean=False)
            if doc:
                out.append(doc)
    return "\n".join(out)


SOURCES = [p for p in FILES if p.endswith(".py") and p.startswith(TOPS + ("code.py",))]


def test_the_checks_see_what_is_missing():
    assert slug("As tools/referee.py implements it") == "as-toolsrefereepy-implements-it"
    assert slug("The board's Python stack") == "the-boards-python-stack"
    assert paths_in("see tools/nothing.py and DESIGN.md, `-m tools.box.nothing`") == [
        "tools/nothing.py",
        "DESIGN.md",
        "-m tools.box.nothing",
    ]
    assert paths_in("lib/screen_<name>.py, engine/ai_*.py, lib/royal_casino/app.py") == []
    assert paths_in('tools/box/run.py, docs/LAB.md, "Board time", -m tools.box.run') == []
    assert paths_in('docs/BOARD.md, "No such section"') == ['BOARD.md, "No such section"']
    assert dotted("engine.play.play") == "" and dotted("engine.play.event_names") != ""
    assert dotted("ai_hard.observe") == "" and dotted("tools.ref.protocol.event_names") == ""


@pytest.mark.parametrize("doc", DOCS)
def test_what_a_doc_names_exists(doc):
    assert docs_named(doc) == []


def test_what_the_comments_name_exists():
    bad = []
    for path in SOURCES:
        for name in paths_in(comments(path), os.path.dirname(path)):
            if (path, name) not in STALE:
                bad.append("%s: %s" % (path, name))
    assert bad == []


def test_the_stale_list_holds_only_the_boards_code():
    assert all(path.startswith(("engine/", "lib/", "code.py")) for path, _ in STALE)
