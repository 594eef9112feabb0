"""Desktop screenshots black out what shows a secret: found through the accessibility tree (GTK)
or OCR of the picture itself (Tk), checked by an independent OCR of the written picture."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tapwright.core.secrets import SecretStore
from tapwright.platforms.desktop import DesktopRuntime
from tapwright.testing.desktop import call_ok as call
from tapwright.testing.desktop import open_app

pytestmark = pytest.mark.slow
CANARY = "QUOKKAZEBRA"


def ocr(path: Path) -> str:
    """Tesseract's readings of the picture, scaled up three times (small UI fonts) and in gray."""
    from PIL import Image

    big = path.with_name(path.stem + "-x3.png")
    with Image.open(path) as img:
        img.convert("L").resize((img.width * 3, img.height * 3), Image.Resampling.LANCZOS).save(big)
    text = ""
    for psm in ("3", "11"):  # page layout and sparse text: each reads what the other misses
        out = subprocess.run(["tesseract", str(big), "-", "--psm", psm], capture_output=True, text=True, timeout=120)
        assert out.returncode == 0, out.stderr
        text += out.stdout.upper().replace(" ", "")
    return text


@pytest.mark.parametrize("app", ["gtk", "tk"])
async def test_typed_secret_is_masked_in_desktop_screenshots(app: str, runtime: DesktopRuntime, tmp_path: Path) -> None:
    assert shutil.which("tesseract"), "tesseract is installed by make install"
    env = await open_app(runtime, app)
    try:
        await call(env.ctx, "fill", target="Username field", text=CANARY)
        plain = await env.driver.screenshot(str(tmp_path / "plain.png"))
        assert "QUOKKA" in ocr(Path(plain.path))  # the check can fail: unmasked, OCR reads the canary
        env.driver.mask_secrets = SecretStore({"TOKEN": CANARY})
        await call(env.ctx, "screenshot", path=str(tmp_path / "masked.png"))
        text = ocr(tmp_path / "masked.png")
        assert "QUOKKA" not in text and "ZEBRA" not in text, text
        assert "USERNAME" in text or "PASSWORD" in text, text  # the rest of the screen is still there
    finally:
        await env.close()
