"""make pictures: every README picture renders (3x, 480x384 PNG) and the README shows each."""
import os
import struct

import pictures

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_pictures_render(tmp_path):
    assert pictures.main(["--out", str(tmp_path)]) == 0
    with open(os.path.join(ROOT, "README.md")) as f:
        readme = f.read()
    assert readme.split("\n")[2].startswith("![") and "docs/pictures/game.png" in readme.split("\n")[2]
    for name, _ in pictures.PICTURES:
        data = (tmp_path / (name + ".png")).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        assert struct.unpack(">II", data[16:24]) == (480, 384)
        assert "docs/pictures/%s.png" % name in readme
        assert os.path.exists(os.path.join(ROOT, "docs", "pictures", name + ".png"))
