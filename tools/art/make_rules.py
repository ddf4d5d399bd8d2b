"""Write the board's rule pages (lib/rules.txt) into docs/RULES.md, between its two marker
lines, as Markdown; the rest of docs/RULES.md is written by hand.

    python3 -m tools.art.make_rules           # rewrite docs/RULES.md
    python3 -m tools.art.make_rules --check   # exit 1 if docs/RULES.md is not what it would write

The pages are the one source: edit lib/rules.txt, then run this (host_tests/test_rules_doc.py
fails while docs/RULES.md says something else).  How a page's lines become Markdown:
"= Title" a heading; lines that start with a space list items (a deeper indent continues the
item); a line ending in a number after two or more spaces a "label: number" item; other lines
join into paragraphs; ^S ^C ^H ^D the suit signs.
"""

import argparse
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PAGES = os.path.join(ROOT, "lib", "rules.txt")
DOC = os.path.join(ROOT, "docs", "RULES.md")
BEGIN = (
    "<!-- The board's rule pages, written from lib/rules.txt by tools/art/make_rules.py: "
    "edit those, not this. -->"
)
END = "<!-- End of the board's rule pages. -->"
SUITS = {"^S": "\u2660", "^C": "\u2663", "^H": "\u2665", "^D": "\u2666"}


def pages(text):
    # [(title, [line, ...])] from the rules file's text, as the board reads it
    out = []
    for line in text.splitlines():
        if line.startswith("#"):
            continue
        for k, v in SUITS.items():
            line = line.replace(k, v)
        if line.startswith("="):
            out.append((line[1:].strip(), []))
        elif out:
            out[-1][1].append(line.rstrip())
    return out


def markdown(lines):
    # One page's lines as Markdown: paragraphs and lists, a blank line between them.
    blocks = []
    kind = None  # what the last block holds and may go on with: "text", "item", "row"
    indent = 0  # the open item's indent
    for line in lines:
        body = " ".join(line.split())
        depth = len(line) - len(line.lstrip())
        row = re.match(r"^(\S.*?\S)\s{2,}(\d+)$", line)
        if not body:
            kind = None
        elif depth and kind == "item" and depth > indent:
            blocks[-1] += " " + body
        elif depth or row:
            item = "%s: %s" % row.groups() if row else body[2:] if body.startswith("- ") else body
            if kind in ("item", "row"):
                blocks[-1] += "\n- " + item
            else:
                blocks.append("- " + item)
            kind, indent = ("item", depth) if depth else ("row", 0)
        elif kind == "text":
            blocks[-1] += " " + body
        else:
            blocks.append(body)
            kind = "text"
    return "\n\n".join(blocks)


def rendered(text):
    # The generated part: every page as a section.
    out = []
    for title, lines in pages(text):
        out.append("### %s\n\n%s\n" % (title, markdown(lines)))
    return "\n".join(out)


def updated(doc, text):
    # doc with the part between the markers written again from the rules file's text
    if doc.count(BEGIN) != 1 or doc.count(END) != 1 or doc.index(BEGIN) > doc.index(END):
        raise ValueError(
            "docs/RULES.md needs each marker line once, in order:\n%s\n%s" % (BEGIN, END)
        )
    head, rest = doc.split(BEGIN)
    _, tail = rest.split(END)
    return "%s%s\n\n%s\n%s%s" % (head, BEGIN, rendered(text), END, tail)


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument(
        "--check", action="store_true", help="only say whether docs/RULES.md is up to date"
    )
    args = ap.parse_args(argv)
    with open(PAGES, encoding="utf-8") as f:
        text = f.read()
    with open(DOC, encoding="utf-8") as f:
        doc = f.read()
    new = updated(doc, text)
    if args.check:
        if new != doc:
            print(
                "docs/RULES.md does not say what lib/rules.txt says: "
                "run python3 -m tools.art.make_rules"
            )
            return 1
        print("docs/RULES.md says what lib/rules.txt says")
        return 0
    if new == doc:
        print("docs/RULES.md already says what lib/rules.txt says")
    else:
        with open(DOC, "w", encoding="utf-8") as f:
            f.write(new)
        print("wrote docs/RULES.md from lib/rules.txt")
    return 0


if __name__ == "__main__":
    sys.exit(main())
