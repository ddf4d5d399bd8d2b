"""docs/RULES.md holds the board's rule pages (lib/rules.txt), written by tools/art/make_rules.py:
the committed file says what the pages say, every word of them, and the README links it."""

import os
import re

import pytest

from tools.art import make_rules

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def read(*path):
    with open(os.path.join(ROOT, *path), encoding="utf-8") as f:
        return f.read()


def words(text):
    return re.findall(r"[\w'+\u2660\u2663\u2665\u2666]+", text)


def test_the_committed_page_says_what_the_board_says():
    doc = read("docs", "RULES.md")
    assert make_rules.updated(doc, read("lib", "rules.txt")) == doc, (
        "docs/RULES.md is out of date: run python3 -m tools.art.make_rules"
    )


def test_every_word_of_every_page_in_order():
    text = read("lib", "rules.txt")
    for k, v in make_rules.SUITS.items():
        text = text.replace(k, v)
    pages = "\n".join(ln for ln in text.splitlines() if not ln.startswith("#"))
    doc = read("docs", "RULES.md")
    part = doc[doc.index(make_rules.BEGIN) + len(make_rules.BEGIN) : doc.index(make_rules.END)]
    assert words(part) == words(pages)
    titles = re.findall(r"^= (.+)$", pages, re.M)
    assert len(titles) >= 9
    assert re.findall(r"^### (.+)$", part, re.M) == titles


def test_a_page_becomes_markdown():
    text = (
        "# a comment the board skips\n"
        "= Sample\n"
        "First line of a\n"
        "paragraph.\n"
        "\n"
        "Ways:\n"
        " one   - the first\n"
        " - the second, which\n"
        "   goes on\n"
        "Most cards      3\n"
        "Big 10^D        2\n"
        "After.\n"
    )
    assert make_rules.rendered(text) == (
        "### Sample\n\n"
        "First line of a paragraph.\n\n"
        "Ways:\n\n"
        "- one - the first\n"
        "- the second, which goes on\n"
        "- Most cards: 3\n"
        "- Big 10\u2666: 2\n\n"
        "After.\n"
    )


def test_check_mode_and_markers(tmp_path, monkeypatch):
    doc = tmp_path / "RULES.md"
    doc.write_text("# Rules\n\n%s\nold words\n%s\n\nmore\n" % (make_rules.BEGIN, make_rules.END))
    monkeypatch.setattr(make_rules, "DOC", str(doc))
    assert make_rules.main(["--check"]) == 1
    assert make_rules.main([]) == 0
    assert make_rules.main(["--check"]) == 0
    new = doc.read_text()
    assert new.startswith("# Rules\n\n") and new.endswith("\n\nmore\n") and "old words" not in new
    with pytest.raises(ValueError):
        make_rules.updated("no markers here", "= A\nx\n")


def test_the_readme_links_the_rules_in_the_repository():
    readme = read("README.md")
    assert "](docs/RULES.md)" in readme
    assert "shared/RULES.md" not in readme


def test_every_finer_point_names_its_engine_function():
    """Each finer-points section names the engine functions (and each_move's blocks) that
    carry its rules, and every one of them exists."""
    import importlib
    import inspect

    doc = read("docs", "RULES.md")
    finer = doc[doc.index("## The finer points") :]
    sections = re.split(r"^### ", finer, flags=re.M)[1:]
    assert len(sections) >= 10
    each_move = inspect.getsource(importlib.import_module("engine.movegen").each_move)
    for sec in sections:
        line = re.search(r"^\*In the engine:\* (.+)$", sec, re.M)
        assert line, "no engine function named under " + sec.splitlines()[0]
        names = re.findall(r"`(engine\.[\w.]+)`", line.group(1))
        assert names
        for name in names:
            parts = name.split(".")
            obj = importlib.import_module(".".join(parts[:2]))
            for attr in parts[2:]:
                obj = getattr(obj, attr)
        for block in re.findall(r'block[s]? ((?:"[^"]+"(?:, | and )?)+)', line.group(1)):
            for title in re.findall(r'"([^"]+)"', block):
                assert "# " + title + " (RULES.md" in each_move, title
