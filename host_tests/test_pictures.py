"""make pictures: every README picture renders (3x, 480x384 PNG), the README shows each, the
committed pictures are what the screens render today (so make pictures changes no file), and
the run says what happened in one line (make shots' error screen, on purpose, prints no
traceback)."""

import os
import struct

from tools.art import pictures

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_pictures_render_as_committed(tmp_path, capfd):
    from PIL import Image

    assert pictures.main(["--out", str(tmp_path)]) == 0
    out, err = capfd.readouterr()
    assert err == "" and len(out.strip().split("\n")) == 1, (out, err)
    assert out.startswith("%d pictures at 3x in " % len(pictures.PICTURES))
    with open(os.path.join(ROOT, "README.md")) as f:
        readme = f.read()
    assert (
        readme.split("\n")[2].startswith("![") and "docs/pictures/game.png" in readme.split("\n")[2]
    )
    for name, _ in pictures.PICTURES:
        data = (tmp_path / (name + ".png")).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        assert struct.unpack(">II", data[16:24]) == (480, 384)
        assert "docs/pictures/%s.png" % name in readme
        # pixel for pixel (the PNG's bytes may differ with another zlib)
        with (
            Image.open(tmp_path / (name + ".png")) as new,
            Image.open(os.path.join(ROOT, "docs", "pictures", name + ".png")) as old,
        ):
            assert (
                new.size == old.size
                and new.convert("RGB").tobytes() == old.convert("RGB").tobytes()
            ), "docs/pictures/%s.png: run make pictures" % name
