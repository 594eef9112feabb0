"""A failed check says what the page shows went wrong: error texts, alerts and invalid fields."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest

from tapwright.core.result import ToolResult
from tapwright.errors import ErrorCode

Call = Callable[..., Awaitable[ToolResult]]
pytestmark = [pytest.mark.asyncio(loop_scope="session")]


async def test_a_missing_text_names_the_errors_the_page_shows(call: Call) -> None:
    assert (await call("web.navigate", url="/form_errors.html")).ok
    result = await call("web.verify_text", text="Collection created")
    assert result.error is not None and result.error.code is ErrorCode.ASSERTION_FAILED
    message = result.error.message or ""
    assert message.startswith("text 'Collection created' not found on the page; the page shows:"), message
    assert "'The collection could not be created due to errors.'" in message
    assert "'This field is required.'" in message
    assert "Collections group images" not in message  # not an error
    assert "nobody can see" not in message  # hidden
    assert "Title" not in message  # a container that holds a field is not a message, and Title was never touched


async def test_the_browsers_own_validation_is_named_after_a_blocked_submit(call: Call) -> None:
    assert (await call("web.navigate", url="/form_errors.html")).ok
    assert (await call("web.click", target="Save button")).ok  # the required Title stops the submit in the browser
    result = await call("web.verify_text", text="Saved")
    assert result.error is not None and result.error.code is ErrorCode.ASSERTION_FAILED
    assert "'Title: Please fill out this field.'" in result.error.message, result.error.message


async def test_a_missing_element_names_them_too(call: Call) -> None:
    assert (await call("web.navigate", url="/form_errors.html")).ok
    result = await call("web.verify_visible", target="Success banner")
    assert result.error is not None and result.error.code is ErrorCode.ASSERTION_FAILED
    assert "the page shows: 'The collection could not be created due to errors.'" in result.error.message


async def test_a_page_without_errors_adds_nothing(call: Call) -> None:
    assert (await call("web.navigate", url="/form.html")).ok
    result = await call("web.verify_text", text="Nothing like this")
    assert result.error is not None and result.error.code is ErrorCode.ASSERTION_FAILED
    assert result.error.message == "text 'Nothing like this' not found on the page", result.error.message
