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


PAINTED_APP = """\
package: com.tapwright.vault
activity: .MainActivity
label: Vault
start: home
device: {model: Pixel 8 (simulated), manufacturer: Google, android: "14", sdk: 34, size: [1080, 2400], density: 420}
screens:
  home:
    nodes:
      - {class: TextView, text: Your recovery code, id: title}
      - {class: View, id: code_canvas, painted: %s}
      - {class: Button, text: Done, id: done}
"""


async def test_a_secret_painted_outside_the_tree_is_masked_by_ocr(adb_server, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Text the app paints that no node of the dump carries (a canvas, a WebView) is found by OCR of the picture."""
    from tapwright.testing.android_sim import SimulatedDevice

    app = tmp_path / "vault.yaml"
    app.write_text(PAINTED_APP % CANARY, "utf-8")
    with SimulatedDevice.start(app, adb_server) as dev:
        driver = await AndroidDriver.connect(dev.serial, port=adb_server.port)
        try:
            await driver.launch("com.tapwright.vault")
            tree = await driver.snapshot()
            assert not any(CANARY in (e.name + e.text + (e.value or "")) for e in tree)  # not in the tree
            plain = await driver.screenshot(str(tmp_path / "plain.png"))
            assert "QUOKKA" in ocr(Path(plain.path))  # the check can fail: unmasked, OCR reads it
            driver.mask_secrets = SecretStore({"TOKEN": CANARY})
            masked = await driver.screenshot(str(tmp_path / "masked.png"))
            text = ocr(Path(masked.path))
            assert "QUOKKA" not in text and "ZEBRA" not in text, text
            assert "RECOVERY" in text and "DONE" in text, text  # only the secret was blacked out
        finally:
            await driver.aclose()
