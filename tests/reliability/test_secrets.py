"""Sweep cases of secrets: a secret's value appears in no artifact, in any encoding (OCR of screenshots too)."""

from __future__ import annotations

import base64
import html
import json
import shutil
import subprocess
import urllib.parse
import zipfile
from pathlib import Path
from typing import Any

import pytest
from reliability_support import Sites, call

from tapwright.core.context import ToolContext
from tapwright.core.secrets import REDACTED, SecretStore
from tapwright.drivers.web import WebBrowser
from tapwright.errors import ErrorCode
from tapwright.plan.executor import Executor
from tapwright.plan.model import Plan
from tapwright.registry.registry import Registry
from tapwright.runner.model import Scenario, StepSpec
from tapwright.runner.planning import make_planner
from tapwright.runner.reports import write_reports
from tapwright.runner.run import Runner, RunOptions

pytestmark = [pytest.mark.browser]

# OCR-friendly words (to tell a leak in a picture) around characters every encoding rewrites.
CANARY = "QUOKKA ZEBRA 4417 <&> \"q\" x/y+z!"
OCR_WORDS = ("QUOKKA", "ZEBRA")


def encodings(value: str) -> set[str]:
    """Every spelling of ``value`` a browser, URL, HTML or JSON writes: what must never appear."""
    quoted = urllib.parse.quote(value, safe="")
    forms = {
        value, quoted, quoted.lower(), urllib.parse.quote_plus(value, safe=""),
        urllib.parse.quote(value, safe="/!"),  # what Chromium leaves unescaped in a query
        urllib.parse.quote(value, safe="/!").replace("%20", "+"),
        html.escape(value), html.escape(value, quote=False), value.replace("&", "&amp;").replace("<", "&#60;"),
        json.dumps(value)[1:-1], json.dumps(value, ensure_ascii=True)[1:-1].replace("<", "\\u003c"),
        base64.b64encode(value.encode()).decode(), base64.urlsafe_b64encode(value.encode()).decode(),
        value[:20], quoted[:24],  # long runs of it
    }
    return {f for f in forms if len(f) >= 12}


def leaks_in(data: bytes, forms: set[str]) -> list[str]:
    text = data.decode("utf-8", errors="replace")
    return [f for f in forms if f in text]


def ocr(path: Path) -> str:
    out = subprocess.run(["tesseract", str(path), "-", "--psm", "11"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, f"tesseract could not read {path}: {out.stderr}"  # never a vacuous "no leak"
    return out.stdout.upper()


async def painted(page: Any) -> None:
    """Every frame has painted what it shows: the unmasked control picture must show the whole canary (a
    cross-origin iframe paints in its own renderer and, under load, could be captured blank)."""
    for frame in page.frames:
        await frame.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")


def plan(*calls: tuple[str, dict[str, object]]) -> StepSpec:
    return StepSpec(text=", ".join(c[0] for c in calls), plan={"steps": [{"tool": t, "args": a} for t, a in calls]})


def test_canary_in_every_encoding_is_found_by_the_redactor() -> None:
    store = SecretStore({"CANARY": CANARY})
    for form in encodings(CANARY):
        assert REDACTED in store.redact_text(f"before {form} after"), form
        assert form not in store.redact_text(f"before {form} after")
    mixed = "x/y%2Bz!".join(["QUOKKA%20ZEBRA+4417%20%3c&amp;%3E%20%22q%22%20", ""])
    assert store.redact_text(mixed) == REDACTED


def test_long_secret_prefix_cut_by_a_cap_is_redacted() -> None:
    secret = "".join(f"s{i:03d}" for i in range(63))[:250]
    store = SecretStore({"LONG": secret})
    capped = "page text: " + secret[:59] + "…"
    assert secret[:59] not in store.redact_text(capped)
    assert store.redact_text("ordinary words stay as they are") == "ordinary words stay as they are"


@pytest.mark.slow
def test_no_artifact_holds_the_secret(sites: Sites, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Typed, echoed, revealed and put in a URL, with --trace: reports, traces and OCR of screenshots are clean."""
    import asyncio

    monkeypatch.setenv("CANARY", CANARY)
    s = "${secrets.CANARY}"
    scenario = Scenario(
        name="secret canary", source="canary.yaml", base_url=sites.app, secrets=["CANARY"],
        steps=[
            plan(("web.navigate", {"url": "/echo"}), ("web.fill", {"target": "#t", "text": s})),
            plan(("web.navigate", {"url": "/reveal"}), ("web.fill", {"target": "#p", "text": s}),
                 ("web.click", {"target": "Show password"})),
            plan(("web.navigate", {"url": f"/json?q={s}"})),
            plan(("web.verify_text", {"text": s})),  # refused: its message must not carry the secret
        ],
    )
    report = tmp_path / "report"
    runner = Runner(make_planner("rules"), RunOptions(report_dir=report, trace=True, env_file=None))
    result = asyncio.run(runner.run([scenario]))
    write_reports(result, report)
    assert result.scenarios[0].steps[0].status == "passed", result.scenarios[0].steps[0].status_line
    assert result.scenarios[0].steps[1].status == "passed", result.scenarios[0].steps[1].status_line
    assert result.scenarios[0].steps[2].status == "passed", result.scenarios[0].steps[2].status_line
    # The refusal to compare a secret with the screen ended the last step at once, not a timeout.
    assert result.scenarios[0].steps[3].error_code == "INVALID_INPUT", result.scenarios[0].steps[3].status_line
    forms = encodings(CANARY)
    files = [p for p in report.rglob("*") if p.is_file()]
    assert any(p.suffix == ".zip" for p in files), files  # the trace was kept
    shots = [p for p in files if p.suffix in (".png", ".webp", ".jpg")]  # the report's screenshots (WebP or JPEG)
    assert len(shots) >= 3
    for path in files:
        if path.suffix == ".zip":
            with zipfile.ZipFile(path) as z:
                for name in z.namelist():
                    assert not leaks_in(z.read(name), forms), (path, name, leaks_in(z.read(name), forms))
        else:
            assert not leaks_in(path.read_bytes(), forms), (path, leaks_in(path.read_bytes(), forms))
    for shot in shots:
        text = ocr(shot)
        assert not any(w in text for w in OCR_WORDS), (shot, text)


@pytest.mark.asyncio(loop_scope="session")
async def test_screenshot_masks_echoed_and_revealed_secret(browser: WebBrowser, sites: Sites, tmp_path: Path) -> None:
    """The OCR check can fail: unmasked, the canary is read; masked, it is not."""
    assert shutil.which("tesseract"), "tesseract is installed by make install"
    s = await browser.new_session(base_url=sites.app)
    try:
        assert (await call(s, "web.navigate", url="/echo")).ok
        await s.page.fill("#t", CANARY)
        bare = await s.screenshot(str(tmp_path / "bare.png"))
        s.mask_secrets = SecretStore({"CANARY": CANARY})
        masked = await s.screenshot(str(tmp_path / "masked.png"))
        assert await s.page.locator("[data-tw-mask]").count() == 0  # marks are removed afterwards
    finally:
        await s.aclose()
    assert any(w in ocr(Path(bare.path or "")) for w in OCR_WORDS)
    assert not any(w in ocr(Path(masked.path or "")) for w in OCR_WORDS)


@pytest.mark.asyncio(loop_scope="session")
async def test_secret_bound_to_origin_is_refused_elsewhere(browser: WebBrowser, sites: Sites) -> None:
    store = SecretStore()
    store.add("TOKEN", "tok-bound-98765", origins=["http://localhost:1"])
    session = await browser.new_session(base_url=sites.app)
    try:
        ctx = ToolContext([session], secrets=store)
        executor = Executor(Registry.default(), ctx)
        steps = [{"tool": "web.navigate", "args": {"url": "/echo"}},
                 {"tool": "web.fill", "args": {"target": "#t", "text": "${secrets.TOKEN}"}}]
        trace = await executor.run(Plan.from_data({"steps": steps}))
        assert trace.status == "failed" and trace.error is not None
        assert trace.error.code is ErrorCode.URL_BLOCKED
        assert "bound to http://localhost:1" in trace.error.message and "127.0.0.1" in trace.error.message
        assert await session.page.input_value("#t") == ""  # nothing was typed
        store.add("TOKEN", "tok-bound-98765", origins=[sites.app])
        trace = await executor.run(Plan.from_data({"steps": steps}))
        assert trace.status == "passed", trace.error
    finally:
        await session.aclose()


def test_mask_picks_secrets_split_across_elements() -> None:
    """Pure: which pieces (element, text) are masked. Pieces under 12 characters each, so no fragment gives it away."""
    from tapwright.drivers.web.masking import pick

    store = SecretStore({"CANARY": CANARY})
    letters = [(i, ch) for i, ch in enumerate("QUOKKA ZEBRA 4417")] + [(20, ' <&> "q" x/y+z!')]
    assert pick(store, [(100, "Header"), *letters, (101, "Footer text here")]) == {*range(17), 20} - {6, 12}  # spaces
    blocks = [(1, "Intro"), (2, "QUOKKA ZEB"), (3, "RA 4417 <&>"), (4, ' "q" x/y+z!'), (5, "Other words")]
    assert pick(store, blocks) == {2, 3, 4}  # divs: joined with a space between, as they render
    inline = [(1, "You typed: "), (2, "QUOKKA"), (1, " "), (3, 'ZEBRA 4417 <&> "q" x/y+z!'), (6, "ok")]
    assert pick(store, inline) == {2, 3}  # "You typed: " and "ok" stay visible
    assert pick(store, [(1, "QUOKKA"), (2, "nothing"), (3, "ZEBRA")]) == set()  # not the secret
    assert pick(store, [(7, "Secret: QUOKKA ZEBRA 4417 <&> "), (8, '"q" x/y+z!')]) == {7, 8}  # 7 alone: a fragment
    assert pick(store, [(1, "QUOKKA ZEB"), (2, "unrelated"), (3, "RA 4417 <&>")]) == set()  # not adjacent


FRAME_TEXT = html.escape(CANARY)
SPLIT_PAGE = f"""<!doctype html><title>Split</title><style>body{{font:28px sans-serif}}</style>
<p>Letters: {''.join(f'<span>{html.escape(c)}</span>' for c in CANARY)}</p>
<p>Inline: <b>QUOKKA</b> <i>ZEBRA 4417</i> <u>{html.escape(' <&> "q" x/y+z!')}</u></p>
<div>QUOKKA ZEB</div><div>RA 4417 {html.escape('<&>')}</div><div>{html.escape(' "q" x/y+z!')}</div>"""
FRAME_PAGE = f"""<!doctype html><title>Frame</title><style>body{{font:28px sans-serif}}</style>
<p>Token: {FRAME_TEXT}</p><input id=f style="font:28px sans-serif;width:600px">"""


@pytest.mark.asyncio(loop_scope="session")
async def test_screenshot_masks_secrets_in_iframes_and_split_across_elements(
    browser: WebBrowser, sites: Sites, tmp_path: Path
) -> None:
    """OCR: unmasked, the canary is read from every part; masked, from none (frames of both origins included)."""
    port = sites.app.rsplit(":", 1)[1]
    extra = sites.app_server.RequestHandlerClass.extra
    extra["/split"] = SPLIT_PAGE
    extra["/frame-secret"] = FRAME_PAGE
    extra["/framed"] = (
        "<!doctype html><title>Framed</title><h1>Framed</h1>"
        '<iframe src="/frame-secret" width=700 height=160></iframe>'
        f'<iframe id=x src="http://localhost:{port}/frame-secret" width=700 height=160></iframe>'
    )
    s = await browser.new_session(base_url=sites.app)
    shots: dict[str, tuple[Path, Path]] = {}
    try:
        for page in ("/split", "/framed"):
            assert (await call(s, "web.navigate", url=page)).ok
            if page == "/framed":
                cross = next(f for f in s.page.frames if f.url.startswith("http://localhost"))
                await cross.fill("#f", CANARY)  # a value typed inside a cross-origin frame
                assert len(s.page.frames) == 3
            s.mask_secrets = None
            await painted(s.page)
            bare = await s.screenshot(str(tmp_path / f"bare{page.replace('/', '-')}.png"))
            s.mask_secrets = SecretStore({"CANARY": CANARY})
            masked = await s.screenshot(str(tmp_path / f"masked{page.replace('/', '-')}.png"))
            for frame in s.page.frames:
                assert await frame.locator("[data-tw-mask], #tw-mask-paint").count() == 0  # marks are removed afterwards
            shots[page] = (Path(bare.path or ""), Path(masked.path or ""))
    finally:
        await s.aclose()
    for page, (bare_path, masked_path) in shots.items():
        bare_text, masked_text = ocr(bare_path), ocr(masked_path)
        assert all(w in bare_text for w in OCR_WORDS), (page, bare_text)  # the OCR check can fail
        assert not any(w in masked_text for w in OCR_WORDS), (page, masked_text)
    assert "FRAMED" in ocr(shots["/framed"][1])  # the page around the frames is not painted over


@pytest.mark.asyncio(loop_scope="session")
async def test_marks_alone_paint_the_secret_over_in_a_cross_origin_frame(browser: WebBrowser, sites: Sites,
                                                                        tmp_path: Path) -> None:
    """The marks paint the secret black themselves, painted before the capture: a picture taken without
    Playwright's ``mask`` (which a cross-origin frame may not have painted yet) shows none of it."""
    from tapwright.drivers.web.masking import mark_secrets

    port = sites.app.rsplit(":", 1)[1]
    extra = sites.app_server.RequestHandlerClass.extra
    extra["/frame-secret"] = FRAME_PAGE
    extra["/cross"] = ('<!doctype html><title>Cross</title><h1>Framed</h1>'
                       f'<iframe src="http://localhost:{port}/frame-secret" width=700 height=160></iframe>')
    s = await browser.new_session(base_url=sites.app)
    try:
        assert (await call(s, "web.navigate", url="/cross")).ok
        await s.page.frames[-1].wait_for_load_state()
        await painted(s.page)
        marked = await mark_secrets(s.page, SecretStore({"CANARY": CANARY}))
        assert s.page.frames[1] in marked.frames  # the cross-origin frame is marked itself
        await s.page.screenshot(path=str(tmp_path / "painted.png"))  # no mask: the marks' own paint
        await marked.undo()
        await painted(s.page)
        await s.page.screenshot(path=str(tmp_path / "undone.png"))
    finally:
        await s.aclose()
    painted_text, undone_text = ocr(tmp_path / "painted.png"), ocr(tmp_path / "undone.png")
    assert all(w in undone_text for w in OCR_WORDS), undone_text  # the check can fail: undone, the canary shows
    assert not any(w in painted_text for w in OCR_WORDS), painted_text
    assert "FRAMED" in painted_text, painted_text  # the page around it is not painted over


TAIL = html.escape(' "q" x/y+z!')
HALF_PAGE = f"""<!doctype html><body style="margin:0;font:28px sans-serif">{html.escape('RA 4417 <&>')}</body>"""


@pytest.mark.asyncio(loop_scope="session")
async def test_screenshot_masks_a_secret_split_between_frames(browser: WebBrowser, sites: Sites,
                                                              tmp_path: Path) -> None:
    """OCR: the canary in three parts, each under the 12-character fragment length: page, cross-origin iframe, page.

    No frame alone holds anything redactable; read together, in the order they are shown, they hold the
    secret, and every part is masked (in the page and inside the iframe) while the label stays readable.
    """
    port = sites.app.rsplit(":", 1)[1]
    extra = sites.app_server.RequestHandlerClass.extra
    extra["/half"] = HALF_PAGE
    extra["/two-frames"] = (
        '<!doctype html><title>Two</title><body style="font:28px sans-serif"><h1>Framed</h1><p>Label: <b>QUOKKA ZEB</b>'
        f'<iframe src="http://localhost:{port}/half" width=260 height=40 style="border:0;vertical-align:bottom">'
        f"</iframe><b>{TAIL}</b></p></body>"
    )
    store = SecretStore({"CANARY": CANARY})
    assert not any(store.contains(part) for part in ("QUOKKA ZEB", "RA 4417 <&>", ' "q" x/y+z!'))
    s = await browser.new_session(base_url=sites.app)
    try:
        assert (await call(s, "web.navigate", url="/two-frames")).ok
        await s.page.frames[-1].wait_for_load_state()
        assert len(s.page.frames) == 2 and s.page.frames[1].url.startswith("http://localhost")
        s.mask_secrets = None
        await painted(s.page)
        bare = Path((await s.screenshot(str(tmp_path / "bare-two.png"))).path or "")
        s.mask_secrets = store
        masked = Path((await s.screenshot(str(tmp_path / "masked-two.png"))).path or "")
        for frame in s.page.frames:
            assert await frame.locator("[data-tw-mask], [data-tw-frame], #tw-mask-paint").count() == 0  # marks removed afterwards
    finally:
        await s.aclose()
    bare_text, masked_text = ocr(bare), ocr(masked)
    assert "QUOKKA" in bare_text and "4417" in bare_text, bare_text  # the OCR check can fail
    assert "QUOKKA" not in masked_text and "4417" not in masked_text, masked_text
    assert "FRAMED" in masked_text, masked_text  # only the secret's parts are painted over


CANVAS_PAGE = """<!doctype html><title>Canvas</title><body style="font:28px sans-serif"><h1>Framed</h1>
<input id=f style="font:28px sans-serif;width:500px"><br><canvas id=c width=700 height=60></canvas>
<script>
const f = document.getElementById('f'), g = document.getElementById('c').getContext('2d');
f.addEventListener('change', () => {  // the page echoes what was typed, one letter per fillText call
  g.font = '32px sans-serif'; g.fillStyle = '#000'; let x = 4;
  for (const ch of f.value) { g.fillText(ch, x, 40); x += g.measureText(ch).width; }
  f.value = '';  // the field is emptied: only the canvas shows the secret
});
</script></body>"""


async def _bare_and_masked(s: Any, store: SecretStore, tmp_path: Path, name: str) -> tuple[Path, Path]:
    """Two screenshots of the session's page: without secrets to mask, then with ``store``'s."""
    s.mask_secrets = None
    bare = Path((await s.screenshot(str(tmp_path / f"bare-{name}.png"))).path or "")
    s.mask_secrets = store
    masked = Path((await s.screenshot(str(tmp_path / f"masked-{name}.png"))).path or "")
    return bare, masked


# The page echoes what was typed through a style sheet: an attribute shown by ``content: attr(...)`` on
# ::after, and a literal ``content: "..."`` on ::before, in elements that hold no text of their own.
CSS_CONTENT_PAGE = """<!doctype html><title>Styled</title><body style="font:28px sans-serif"><h1>Framed</h1>
<style>#echo::after { content: "Key: " attr(data-key); } #lit::before { content: "QUOKKA ZEBRA 4417"; }</style>
<input id=f style="font:28px sans-serif;width:500px"><p id=echo></p><p id=lit></p>
<script>
const f = document.getElementById('f');
f.addEventListener('change', () => { document.getElementById('echo').dataset.key = f.value; f.value = ''; });
</script></body>"""


@pytest.mark.asyncio(loop_scope="session")
async def test_screenshot_masks_a_secret_generated_by_css_content(browser: WebBrowser, sites: Sites,
                                                                  tmp_path: Path) -> None:
    """OCR: a style sheet shows the typed canary through ``content: attr(...)``, and its first words through
    a literal ``content: "..."``; the masked screenshot shows none of them, the rest of the page stays."""
    sites.app_server.RequestHandlerClass.extra["/css-content"] = CSS_CONTENT_PAGE
    store = SecretStore({"CANARY": CANARY, "WORDS": "QUOKKA ZEBRA 4417"})
    s = await browser.new_session(base_url=sites.app)
    try:
        assert (await call(s, "web.navigate", url="/css-content")).ok
        await s.page.fill("#f", CANARY)
        await s.page.dispatch_event("#f", "change")
        bare, masked = await _bare_and_masked(s, store, tmp_path, "css")
    finally:
        await s.aclose()
    bare_text, masked_text = ocr(bare), ocr(masked)
    assert bare_text.count("QUOKKA") == 2 and "ZEBRA" in bare_text, bare_text  # the OCR check can fail
    assert "QUOKKA" not in masked_text and "ZEBRA" not in masked_text, masked_text
    assert "FRAMED" in masked_text.upper(), masked_text


def _text_png(text: str) -> str:
    """A PNG (as a data URL) of ``text`` in black on white, large enough to read."""
    import io

    from PIL import Image, ImageDraw, ImageFont

    font = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 30)
    img = Image.new("RGB", (560, 56), "white")
    ImageDraw.Draw(img).text((8, 10), text, fill="black", font=font)
    out = io.BytesIO()
    img.save(out, format="PNG")
    return "data:image/png;base64," + base64.b64encode(out.getvalue()).decode()


@pytest.mark.asyncio(loop_scope="session")
@pytest.mark.parametrize("how", ["img", "bitmap canvas", "background"])
async def test_screenshot_masks_a_secret_shown_inside_a_picture(browser: WebBrowser, sites: Sites, tmp_path: Path,
                                                                how: str) -> None:
    """OCR: the page shows the secret's words only as pixels (an image, an image drawn on a canvas, a CSS background
    image): no text node, field or canvas text holds them. The masked screenshot shows none of them."""
    src = _text_png("QUOKKA ZEBRA 4417")
    body = {
        "img": f'<img alt="" src="{src}">',
        "bitmap canvas": "<canvas id=c width=560 height=56></canvas><script>const i = new Image(); i.onload = () => "
                         f"document.getElementById('c').getContext('2d').drawImage(i, 0, 0); i.src = '{src}';</script>",
        "background": f'<div style="width:560px;height:56px;background:url({src}) no-repeat"></div>',
    }[how]
    sites.app_server.RequestHandlerClass.extra["/picture"] = (
        f'<!doctype html><title>Pictures</title><body style="font:28px sans-serif"><h1>Framed</h1>{body}</body>')
    store = SecretStore({"WORDS": "QUOKKA ZEBRA 4417"})
    s = await browser.new_session(base_url=sites.app)
    try:
        assert (await call(s, "web.navigate", url="/picture")).ok
        await s.page.wait_for_timeout(300)  # the canvas draws its image once loaded
        bare, masked = await _bare_and_masked(s, store, tmp_path, "picture")
        masked_jpeg = Path((await s.screenshot(str(tmp_path / "masked-picture.jpg"))).path or "")
    finally:
        await s.aclose()
    bare_text = ocr(bare)
    assert "QUOKKA" in bare_text and "ZEBRA" in bare_text, bare_text  # the OCR check can fail
    for picture in (masked, masked_jpeg):
        text = ocr(picture)
        assert "QUOKKA" not in text and "ZEBRA" not in text, (picture.name, text)
        assert "FRAMED" in text.upper(), text


@pytest.mark.asyncio(loop_scope="session")
async def test_screenshot_masks_a_secret_drawn_on_a_canvas(browser: WebBrowser, sites: Sites, tmp_path: Path) -> None:
    """OCR: a page draws the typed canary on a <canvas> letter by letter; the masked screenshot shows none of it."""
    sites.app_server.RequestHandlerClass.extra["/canvas"] = CANVAS_PAGE
    store = SecretStore({"CANARY": CANARY})
    s = await browser.new_session(base_url=sites.app)
    try:
        assert (await call(s, "web.navigate", url="/canvas")).ok
        await s.page.fill("#f", CANARY)
        await s.page.dispatch_event("#f", "change")
        assert await s.page.input_value("#f") == ""
        bare, masked = await _bare_and_masked(s, store, tmp_path, "canvas")
    finally:
        await s.aclose()
    bare_text, masked_text = ocr(bare), ocr(masked)
    assert "QUOKKA" in bare_text and "ZEBRA" in bare_text, bare_text  # the OCR check can fail
    assert "QUOKKA" not in masked_text and "ZEBRA" not in masked_text, masked_text
    assert "FRAMED" in masked_text, masked_text


@pytest.mark.asyncio(loop_scope="session")
async def test_a_picture_whose_ocr_fails_is_not_kept(browser: WebBrowser, sites: Sites, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """When OCR of a picture region fails (Tesseract missing a moment, hung), the screenshot fails and no file is left
    behind: the picture was not read, so it may show a secret."""
    from tapwright.drivers.web import _picture_text
    from tapwright.errors import DriverError

    def broken(*args: Any, **kwargs: Any) -> list[Any]:
        raise DriverError(ErrorCode.TIMEOUT, "tesseract hung")

    monkeypatch.setattr(_picture_text, "secret_boxes", broken)
    sites.app_server.RequestHandlerClass.extra["/picture-fail"] = (
        f'<!doctype html><title>Pictures</title><h1>Framed</h1><img alt="" src="{_text_png("QUOKKA ZEBRA 4417")}">')
    s = await browser.new_session(base_url=sites.app)
    s.mask_secrets = SecretStore({"WORDS": "QUOKKA ZEBRA 4417"})
    try:
        assert (await call(s, "web.navigate", url="/picture-fail")).ok
        shot = await call(s, "web.screenshot", path=str(tmp_path / "failed.png"))
    finally:
        await s.aclose()
    assert not shot.ok
    assert not (tmp_path / "failed.png").exists()
