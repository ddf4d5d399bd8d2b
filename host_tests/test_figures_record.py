"""The measured record (docs/figures.json) and the docs written from it (tools/docs/render.py):
every marked place says what the record holds, the drive's size what the release's tree
holds, and a figure edited by hand in a doc fails the check."""

import re

import pytest

from tools.docs import record, render
from tools.release import release

PLAYER_DOCS = ("README.md", "docs/PLAYING.md", "CHANGELOG.md")


def test_every_marked_place_is_written_from_the_record():
    problems = render.check()
    assert problems == [], "run make docs: %s" % problems[:3]


def test_the_docs_carry_the_record_s_tables_and_the_drive_s_size():
    marks = " ".join(render.read(d) for d in render.DOCS)
    for table in render.TABLES:
        assert "<!-- figures: %s -->" % table in marks
    for figure in ("drive.kb", "drive.files", "strength:hard-medium-4p.win"):
        assert "<!-- fig: %s" % figure in marks


@pytest.mark.parametrize(
    "doc, mark", [("docs/AI.md", "| hard | "), ("README.md", "<!-- fig: drive.kb -->")]
)
def test_a_figure_edited_by_hand_fails_the_check(doc, mark):
    """The first number after the mark (a table's cell, a sentence's figure) made one more."""
    sets = record.load()
    text = render.read(doc)
    m = re.search(re.escape(mark) + r"(\D*?)(\d+)", text)
    was = m.group(0)
    now = mark + m.group(1) + str(int(m.group(2)) + 1)
    assert render.differences(text, sets) == []
    found = render.differences(text.replace(was, now, 1), sets)
    assert len(found) == 1 and now in found[0][1] and was in found[0][2]


def test_player_facing_sizes_and_rates_are_marked():
    """Every size in KB and every percentage a player reads comes from the record or the build
    (the changelog's released sections are history, as released)."""
    for doc in PLAYER_DOCS:
        text = render.read(doc)
        if doc == "CHANGELOG.md":
            text = render.changelog_split(text)[0]
        bare = render.INLINE.sub("", text)
        assert not re.findall(
            r"\d+ ?KB\b|\d+(?:\.\d+)?%", re.sub(r"not \d+ KB|not \d+%", "", bare)
        ), doc


def test_a_released_section_keeps_its_figures_as_written():
    sets = record.load()
    text = (
        "# Changelog\n\n## Unreleased\n\n- takes <!-- fig: drive.kb -->1<!-- /fig --> KB\n\n"
        "## 1.0.0 (2026-01-01)\n\n- takes <!-- fig: drive.kb -->2<!-- /fig --> KB\n"
    )
    new = render.written("CHANGELOG.md", text, sets)
    assert "-->2<!--" in new and "-->%d<!--" % sets["drive"]["data"]["kb"] in new
    dated = release.dated(new, "9.9.9", "2026-12-31")
    released = dated[dated.index("## 9.9.9") :]
    assert "<!--" not in released.split("## 1.0.0")[0]
    assert "takes %d KB" % sets["drive"]["data"]["kb"] in released


def test_the_zip_s_guide_has_the_figures_without_the_marks():
    from tools.release import bundle

    text = bundle.readme_txt()
    assert "<!--" not in text
    assert "about %d KB" % render.drive_figures()["kb"] in text


def test_a_mark_the_record_cannot_fill_is_a_clear_error():
    sets = record.load()
    with pytest.raises(render.RenderError, match="no set 'nothing'"):
        render.rendered("<!-- fig: nothing.here -->1<!-- /fig -->", sets)
    with pytest.raises(render.RenderError, match="no table"):
        render.rendered("<!-- figures: nothing -->\n<!-- /figures -->", sets)
    with pytest.raises(render.RenderError, match="opened"):
        render.rendered("<!-- fig: drive.kb -->1", sets)


def test_a_set_without_its_command_commit_or_vm_is_refused(tmp_path):
    path = str(tmp_path / "figures.json")
    record.put("x", {"a": 1}, "python -m tools.bench.ai", "mp", path=path, commit="abc1234")
    assert record.load(path)["x"]["commit"] == "abc1234"
    with pytest.raises(record.RecordError, match="vm"):
        record.put("y", {"a": 1}, "python -m tools.bench.ai", "laptop", path=path)
    (tmp_path / "figures.json").write_text('{"x": {"data": 1}}')
    with pytest.raises(record.RecordError, match="has no 'command'"):
        record.load(path)
    (tmp_path / "figures.json").write_text("{")
    with pytest.raises(record.RecordError, match="not JSON"):
        record.load(path)


MEASURED = re.compile(r"\d[\d,.]* ?(?:ms|M|bytes|KB|s|%)(?!\w)")


@pytest.mark.parametrize("doc", ["docs/LAB.md", "docs/BOARD.md", "docs/AI.md"])
def test_a_table_of_measured_figures_is_written_from_the_record(doc):
    """A table row that carries a measured figure (ms, millions of instructions, bytes, a rate)
    stands in a marked block make docs writes (docs/AI_TRIES.md is the log of tries: each row
    a figure measured once, with its command)."""
    text = render.BLOCK.sub("", render.read(doc))
    by_hand = [line for line in text.splitlines() if line.startswith("|") and MEASURED.search(line)]
    assert by_hand == []
