"""An independent WDA client accepts the simulator: facebook-wda (PyPI) connects, reads, finds, taps, types.

facebook-wda is synchronous (requests); it runs in a worker thread so the test's event loop stays free.
"""

from __future__ import annotations

import pytest

from tapwright.platforms._ios_sim import SimulatedWda

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")  # facebook-wda leaves its sockets to the GC
wda = pytest.importorskip("wda", reason="facebook-wda is a test dependency (pip install -e '.[dev]')")


def test_facebook_wda_drives_the_simulator(wda_sim: SimulatedWda) -> None:
    client = wda.Client(wda_sim.url)
    assert client.status()["ready"] is True
    session = client.session("com.tapwright.notes")
    assert session.app_current()["bundleId"] == "com.tapwright.notes"
    assert tuple(session.window_size()) == (390, 844) and session.scale == 3
    source = session.source()
    assert "XCUIElementTypeSecureTextField" in source and 'name="email_input"' in source
    # find by accessibility id and tap by coordinates (facebook-wda's click: /element/:id/rect, then /wda/tap)
    session(id="email_input").get(timeout=1).click()
    session.send_keys("ada@example.com")
    session(name="password_input").set_text("secret")  # /element/:id/value
    assert session(label="Sign in").exists
    session(label="Sign in").tap()  # /element/:id/click
    assert session(label="Trip to Lisbon").exists and not session(label="Sign in").exists
    session(predicate="label == 'Groceries'").click()
    session(name="delete_button").click()
    alert = session.alert
    assert alert.exists and alert.text == "Delete this note?\nIt cannot be undone." and alert.buttons() == ["Cancel", "Delete"]
    alert.click("Delete")
    assert not alert.exists and session(label="Trip to Lisbon").exists
    image = session.screenshot()
    assert image.size == (1170, 2532)
    session.close()


def test_facebook_wda_sees_wda_errors(wda_sim: SimulatedWda) -> None:
    session = wda.Client(wda_sim.url).session("com.tapwright.notes")
    assert session(id="no_such_thing").get(timeout=0, raise_error=False) is None
    with pytest.raises(wda.WDARequestError) as info:
        session.alert.accept()
    assert info.value.value["error"] == "no such alert"
    session.close()
