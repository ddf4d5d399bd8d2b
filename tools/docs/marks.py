"""The marks make docs reads (tools/docs/render.py), and a text without them: what the zip's
README.txt and a released changelog section carry (tools/release/), which must not import the
renderer (it reads the release's tree)."""

import re

BLOCK = re.compile(r"^<!-- figures: ([\w:.-]+) -->\n(.*?)^<!-- /figures -->$", re.M | re.S)
INLINE = re.compile(r"<!-- fig: ([\w:.-]+)(?: ([^>]*?))? -->(.*?)<!-- /fig -->", re.S)


def unmarked(text):
    """The text as a reader is given it where Markdown is not shown (the zip's README.txt, a
    released changelog section, which no later record may rewrite): the marks out, their
    figures left as written."""
    text = re.sub(r"^<!-- /?figures(?:: [\w:.-]+)? -->\n", "", text, flags=re.M)
    return re.sub(r"<!-- fig: [^>]*? -->(.*?)<!-- /fig -->", r"\1", text, flags=re.S)
