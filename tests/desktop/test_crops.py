"""OCR word by word: where the layout pass finds words, and which words the real libtesseract reads again."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

from tapwright.drivers.desktop import _crops, _layout, _tess
from tapwright.drivers.desktop._ocr import parse_tsv, read_words

_FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")


def _text(lines: list[tuple[int, int, str]], *, size: int = 15, h: int = 300, w: int = 640, ink: int = 20, ground: int = 235) -> np.ndarray:
    """A picture with real text drawn at (x, y) (DejaVu Sans, as fonts-dejavu-core installs it)."""
    from PIL import Image, ImageDraw, ImageFont

    img = Image.new("L", (w, h), ground)
    draw = ImageDraw.Draw(img)
    font = ImageFont.truetype(str(_FONT), size)
    for x, y, text in lines:
        draw.text((x, y), text, fill=ink, font=font)
    return np.asarray(img, dtype=np.uint8).copy()


def test_borders_and_rules_are_not_words() -> None:
    pic = np.full((200, 400), 230, dtype=np.uint8)
    pic[40, 20:380] = 60  # a rule
    pic[80:110, 50] = pic[80:110, 250] = 60  # a box's sides
    pic[80, 50:251] = pic[110, 50:251] = 60  # and its top and bottom
    assert _layout.text_boxes(pic) == []


def test_words_are_found_apart_and_letters_together() -> None:
    pic = _text([(20, 20, "Open settings"), (20, 80, "Remember me")])
    boxes = _layout.text_boxes(pic)
    assert len(boxes) == 4, boxes  # four words, not letters and not phrases
    tops = sorted(b[1] for b in boxes)
    assert tops[1] - tops[0] <= 6 and tops[3] - tops[2] <= 6 and tops[2] - tops[1] > 40  # two lines
    assert all(6 <= b[3] <= 24 for b in boxes)


def test_text_inside_a_box_is_found_without_the_box() -> None:
    pic = _text([(40, 40, "Username")])
    pic[30:62, 30] = pic[30:62, 200] = 90
    pic[30, 30:201] = pic[61, 30:201] = 90
    boxes = _layout.text_boxes(pic)
    assert len(boxes) == 1 and 36 <= boxes[0][0] <= 42 and boxes[0][2] < 120, boxes


@pytest.mark.skipif(not _FONT.is_file(), reason="fonts-dejavu-core is installed by scripts/bootstrap.sh")
def test_words_read_once_and_only_new_ones_again() -> None:
    reader = _crops.reader()
    assert reader is not None, "libtesseract is not loadable (tesseract-ocr installs it)"
    assert len(reader.engines) >= 1 and _tess.engine() is reader.engines[0]
    # Each word drawn at whole pixels, as toolkits place labels: the same word looks the same everywhere.
    page = [(20, 20, "Alpha"), (90, 20, "settings"), (20, 70, "Bravo"), (90, 70, "settings"), (20, 120, "Alpha"), (90, 120, "settings")]
    pic = _text(page)
    reader.forget()
    before = (reader.hits, reader.misses)
    good, _weak = read_words(pic, scale=1)
    assert sorted(w.text for w in good) == ["Alpha", "Alpha", "Bravo", "settings", "settings", "settings"]
    # Six words, three different pictures of a word: three read, three taken from the first reading.
    assert (reader.hits - before[0], reader.misses - before[1]) == (3, 3)
    first = {(w.text, w.y) for w in good}
    again, _weak = read_words(pic, scale=1)
    assert {(w.text, w.y) for w in again} == first
    assert (reader.hits - before[0], reader.misses - before[1]) == (9, 3)
    changed = _text([*page[:4], (20, 120, "Charlie"), (90, 120, "settings")])
    good, _weak = read_words(changed, scale=1)
    assert "Charlie" in {w.text for w in good}
    assert reader.misses - before[1] == 4  # only the new word was read


@pytest.mark.skipif(not _FONT.is_file(), reason="fonts-dejavu-core is installed by scripts/bootstrap.sh")
def test_light_text_on_dark_is_read() -> None:
    pic = _text([(20, 20, "Selected row")], ink=250, ground=40)
    good, _weak = read_words(pic, scale=1)
    assert [w.text for w in good] == ["Selected", "row"]
    x, y = good[0].x, good[0].y
    assert 18 <= x <= 24 and 18 <= y <= 28


def test_words_split_where_there_is_no_gap_are_joined_and_spaced_words_are_not() -> None:
    from tapwright.drivers.desktop._ocr import Word, _glue

    split = [Word("Arch", 17, 154, 33, 19, 96.0), Word("ive", 53, 158, 20, 12, 97.0)]
    assert [(w.text, w.x, w.w) for w in _glue(split)] == [("Archive", 17, 56)]
    spaced = [Word("Sign", 125, 58, 32, 15, 96.0), Word("out", 164, 58, 24, 12, 96.0)]
    assert [w.text for w in _glue(spaced)] == ["Sign", "out"]
    lines = [Word("Spam", 19, 238, 42, 15, 96.0), Word("Receipts", 19, 258, 63, 15, 96.0)]
    assert [w.text for w in _glue(lines)] == ["Spam", "Receipts"]  # one above the other: not one word


def test_a_strip_hands_each_word_its_own_words_and_leaves_out_doubtful_ones() -> None:
    crops = [(b"a", np.full((20, 30), 200, dtype=np.uint8)), (b"b", np.full((20, 50), 200, dtype=np.uint8)),
             (b"c", np.full((20, 40), 200, dtype=np.uint8)), (b"d", np.full((17, 10), 200, dtype=np.uint8))]  # fmt: skip
    for crop in crops:
        crop[1][5:15, 3:6] = 10
    strips = _crops.strips(crops)
    assert [len(s.spans) for s in strips] == [1, 3]  # one strip per height, shortest first
    strip = strips[1]
    (_ka, a0, a1), (_kb, b0, _b1), (_kc, _c0, c1) = strip.spans
    assert a0 == 40 and a1 - a0 == 30 and b0 - a1 == 40 and strip.picture.shape == (28, c1 + 40)
    assert strip.picture[4:24, a0:a1].min() == 0 and strip.picture[4:24, a1:b0].min() == 255  # evened out; gaps blank

    def row(left: int, top: int, width: int, conf: float, text: str) -> str:
        return f"5\t1\t1\t1\t1\t1\t{left}\t{top}\t{width}\t14\t{conf}\t{text}"

    tsv = "\n".join([row(a0 + 2, 7, 20, 96.0, "Alpha"),  # inside a: kept, moved into a's picture
                     row(a1 + 5, 4, 10, 0.0, "="),  # in a gap: nobody's
                     row(b0 + 1, 7, 40, 34.9, "bravo"),  # b's only word is doubtful: b is read alone
                     row(c1 - 5, 7, 30, 90.0, "x")])  # fmt: skip  # across c's edge into the gap: still c's
    got = strip.split(tsv)
    assert set(got) == {b"a", b"c"}
    assert got[b"a"].splitlines()[1].split("\t")[6:] == ["2", "3", "20", "14", "96.0", "Alpha"]
    joined = strip.split(row(a0 + 2, 7, b0 - a0 + 4, 96.0, "Alphabravo"))
    assert joined == {}  # one run across two words: both read alone
    sure = strip.split(row(b0 + 1, 7, 40, 35.0, "bravo"))
    assert list(sure) == [b"b"]


@pytest.mark.skipif(not _FONT.is_file(), reason="fonts-dejavu-core is installed by scripts/bootstrap.sh")
def test_words_read_in_a_strip_are_the_words_read_alone() -> None:
    reader = _crops.reader()
    assert reader is not None, "libtesseract is not loadable (tesseract-ocr installs it)"
    engine = reader.engines[0]
    texts = ["Settings", "Open 12", "Remember me", "42", "Sign out", "Archive", "Golf 15", "Bravo", "7"]
    crops = []
    for i, text in enumerate(texts):
        pic = _text([(2, 2, text)], h=22, w=12 + 9 * len(text), ground=235 if i % 2 else 255, ink=20 + 10 * i)
        crops.append((text.encode(), pic))
    alone = {key: [w.text for w in parse_tsv(engine.tsv(pic, 7))[0]] for key, pic in crops}
    together: dict[bytes, list[str]] = {}
    (strip,) = _crops.strips(crops)
    for key, tsv in strip.split(engine.tsv(strip.picture, 7)).items():
        together[key] = [w.text for w in parse_tsv(tsv)[0]]
    assert len(together) >= len(texts) - 1  # at most one word left to be read alone
    assert together == {k: alone[k] for k in together}
    assert alone[b"Open 12"] == ["Open", "12"] and alone[b"Remember me"] == ["Remember", "me"]


@pytest.mark.skipif(not _FONT.is_file(), reason="fonts-dejavu-core is installed by scripts/bootstrap.sh")
def test_dark_text_beside_a_field_border_is_not_read_inverted() -> None:
    # A text field's value with its cursor showing (Tk's entry): the word is as tall as the field's
    # inside, so the word's crop takes in the field's borders, grey above and black below.
    pic = _text([(20, 20, "QUOKKAZEBRA")], ground=255)
    ((x, y, w, h),) = _layout.text_boxes(pic)
    pic[y - 2, 5:300] = 153
    pic[y + h + 1, 5:300] = 0
    assert _layout.text_boxes(pic) == [(x, y, w, h)]
    assert _crops.reader() is not None
    _crops.reader().forget()  # type: ignore[union-attr]
    good, _weak = read_words(pic, scale=2)
    assert [v.text for v in good] == ["QUOKKAZEBRA"]


@pytest.mark.parametrize(("cores", "load", "setting", "engines"),
                         [(1, 0.2, "", 1), (2, 0.2, "", 2), (8, 0.2, "", 2), (2, 2.0, "", 2), (2, 2.1, "", 3), (2, 7.6, "", 8),
                          (2, 40.0, "", _crops.MAX_ENGINES), (8, 7.9, "", 2), (2, 7.6, "3", 3), (2, 0.2, "0", 2),
                          (1, 0.2, "many", 1), (2, 0.2, "99", _crops.MAX_ENGINES), (2, None, "", 2)])  # fmt: skip
def test_engines_per_core_unless_busy_or_set(monkeypatch: pytest.MonkeyPatch, cores: int, load: float | None, setting: str,
                                             engines: int) -> None:  # fmt: skip
    def loadavg() -> tuple[float, float, float]:
        if load is None:
            raise OSError("no load average here")
        return load, load, load

    monkeypatch.setattr(os, "cpu_count", lambda: cores)
    monkeypatch.setattr(os, "getloadavg", loadavg)
    monkeypatch.setenv("TAPWRIGHT_OCR_ENGINES", setting)
    assert _crops.engine_count() == engines


@pytest.mark.skipif(not _FONT.is_file(), reason="fonts-dejavu-core is installed by scripts/bootstrap.sh")
def test_more_engines_start_while_the_machine_is_busy(monkeypatch: pytest.MonkeyPatch) -> None:
    first = _tess.engine()
    assert first is not None, "libtesseract is not loadable (tesseract-ocr installs it)"
    reader = _crops.CropReader([first], follow_load=True)
    monkeypatch.delenv("TAPWRIGHT_OCR_ENGINES", raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    monkeypatch.setattr(os, "getloadavg", lambda: (3.5, 3.0, 2.0))
    texts = ["Settings", "Open 12", "Sign out", "Archive", "Golf 15", "Bravo"]
    crops = [(_text([(2, 2, text)], h=22, w=12 + 9 * len(text)), 7) for text in texts]
    got = reader.tsv_crops(crops, dpi=96)  # read by the one engine ready; four asked for
    assert reader._starting is not None
    reader._starting.join()
    assert len(reader.engines) == 4 and len({id(e) for e in reader.engines}) == 4
    reader.forget()
    again = reader.tsv_crops(crops, dpi=96)  # now dealt between four engines
    assert [[w.text for w in parse_tsv(t)[0]] for t in again] == [[w.text for w in parse_tsv(t)[0]] for t in got]
    assert [w.text for w in parse_tsv(got[1])[0]] == ["Open", "12"]
    monkeypatch.setattr(os, "getloadavg", lambda: (0.5, 1.0, 2.0))
    reader.forget()
    reader.tsv_crops(crops[:2], dpi=96)
    assert len(reader.engines) == 4  # started engines are kept (a quiet minute is not a quiet hour)
    for engine in reader.engines[1:]:
        engine.close()

