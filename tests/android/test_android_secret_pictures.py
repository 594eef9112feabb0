"""Android screenshots black out what shows a secret (the field it was typed into, found through the
uiautomator tree), checked by OCR of the picture: the canary is read without the mask, not with it."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tapwright import Registry, ToolContext
from tapwright.core.secrets import SecretStore
from tapwright.drivers.android.driver import AndroidDriver

pytestmark = pytest.mark.slow
CANARY = "QUOKKAZEBRA"


def ocr(path: Path) -> str:
    out = subprocess.run(["tesseract", str(path), "-", "--psm", "11"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout.upper().replace(" ", "")


async def test_typed_secret_is_masked_in_android_screenshots(registry: Registry, ctx: ToolContext,
                                                             driver: AndroidDriver, tmp_path: Path) -> None:
    assert shutil.which("tesseract"), "tesseract is installed by make install"
    filled = await registry.call("android.fill", {"target": "Email field", "text": CANARY}, ctx)
    assert filled.ok, filled.status_line()
    plain = await driver.screenshot(str(tmp_path / "plain.png"))
    assert "QUOKKA" in ocr(Path(plain.path))  # the check can fail: unmasked, OCR reads the canary
    driver.mask_secrets = SecretStore({"TOKEN": CANARY})
    masked = await driver.screenshot(str(tmp_path / "masked.png"))
    text = ocr(Path(masked.path))
    assert "QUOKKA" not in text and "ZEBRA" not in text, text
    assert "SIGN" in text or "EMAIL" in text or "PASSWORD" in text, text  # the rest of the screen is still there
    # The tool path (android.screenshot) masks the same way.
    shot = await registry.call("android.screenshot", {"path": str(tmp_path / "tool.png")}, ctx)
    assert shot.ok and "QUOKKA" not in ocr(tmp_path / "tool.png")
