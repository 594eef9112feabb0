"""``web.*`` element actions: click, fill, select, check ... on a described element, a selector or a ref.

Each reports ``changed`` (the DOM or URL changed after it), except hover and scroll.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from annotated_types import Ge, Le, MaxLen, MinLen

from tapwright.core.fence import FilePath
from tapwright.drivers.web import WebSession, actions, checks, states
from tapwright.tools.web_common import TargetArg, example, web_tool


@web_tool([r"\b(click|tap|hit)\b"],
          [example("Click the blue Log in button", {"target": "blue Log in button"}, {"ref": "e9", "changed": True})], idempotent=False)
async def click(session: WebSession, target: TargetArg) -> dict[str, Any]:
    """Click an element described in plain English (or a selector / ref), with Playwright's checks.

    Args:
        target: The element: "the blue Sign in button", "css=#save", "role=button[name=\"Save\"]" or a ref like "e12".
    """
    return await actions.click(session, target)


@web_tool([r"\bdouble[- ]?click\b"], [example("Double-click the file row", {"target": "report.pdf row"})], idempotent=False)
async def double_click(session: WebSession, target: TargetArg) -> dict[str, Any]:
    """Double-click an element.

    Args:
        target: The element, as a description, selector or ref.
    """
    return await actions.click(session, target, count=2)


@web_tool([r"\bright[- ]?click\b", r"\bcontext menu\b"], [example("Right-click the file", {"target": "report.pdf"})], idempotent=False)
async def right_click(session: WebSession, target: TargetArg) -> dict[str, Any]:
    """Right-click an element (opens its context menu).

    Args:
        target: The element, as a description, selector or ref.
    """
    return await actions.click(session, target, button="right")


@web_tool([r"\b(hover|mouse over|point at)\b"], [example("Hover over the Account menu", {"target": "Account menu"})], idempotent=True)
async def hover(session: WebSession, target: TargetArg) -> dict[str, Any]:
    """Move the pointer over an element (shows tooltips and hover menus).

    Args:
        target: The element, as a description, selector or ref.
    """
    return await actions.hover(session, target)


@web_tool([r"\bfocus\b"], [example("Focus the search box", {"target": "search box"})], idempotent=True)
async def focus(session: WebSession, target: TargetArg) -> dict[str, Any]:
    """Give an element keyboard focus.

    Args:
        target: The element, as a description, selector or ref.
    """
    return await actions.focus(session, target)


@web_tool([r"\b(clear|empty|erase)\b"], [example("Clear the Email field", {"target": "Email field"})], idempotent=True)
async def clear(session: WebSession, target: TargetArg) -> dict[str, Any]:
    """Empty a text field.

    Args:
        target: The field, as a description, selector or ref.
    """
    return await actions.clear(session, target)


@web_tool([r"\b(check|tick|enable)\b(?!.*\bun)"], [example("Check Remember me", {"target": "Remember me checkbox"})], idempotent=True)
async def check(session: WebSession, target: TargetArg) -> dict[str, Any]:
    """Tick a checkbox, radio button or switch (no change when already ticked).

    Args:
        target: The checkbox, as a description, selector or ref.
    """
    return await actions.set_checked(session, target, True)


@web_tool([r"\b(uncheck|untick|disable|deselect)\b"], [example("Uncheck Remember me", {"target": "Remember me checkbox"})], idempotent=True)
async def uncheck(session: WebSession, target: TargetArg) -> dict[str, Any]:
    """Untick a checkbox or switch (no change when already unticked).

    Args:
        target: The checkbox, as a description, selector or ref.
    """
    return await actions.set_checked(session, target, False)


@web_tool([r"\b(expand|collapse|unfold|fold)\b"],
          [example("Expand Shipping", {"target": "Shipping"}, {"expanded": True, "was": False}),
           example("Collapse the Payment methods section", {"target": "Payment methods", "expanded": False})], idempotent=True)
async def expand(session: WebSession, target: TargetArg, expanded: bool = True) -> dict[str, Any]:
    """Expand (or collapse) a section, accordion item or tree node: no click when it is that way already.

    Args:
        target: The section's header, as a description, selector or ref.
        expanded: True to expand it, False to collapse it.
    """
    return await states.set_expanded(session, target, expanded)


@web_tool([r"\bsubmit\b"], [example("Submit the login form", {"target": "Email field"}), example("Submit", {})], idempotent=False)
async def submit(session: WebSession, target: TargetArg | None = None) -> dict[str, Any]:
    """Submit a form: the form of the target, else of the focused field, else the page's only form.

    Args:
        target: Any element inside the form (optional).
    """
    return await actions.submit(session, target)


@web_tool([r"\b(fill|enter|type|input|write)\b.*\b(in|into|as)\b", r"\bfill\b"],
          [example("Enter alice@example.com into Email", {"target": "Email field", "text": "alice@example.com"},
                   {"text_length": 17, "changed": True})], idempotent=False)
async def fill(session: WebSession, target: TargetArg, text: Annotated[str, MaxLen(100_000)], clear: bool = True) -> dict[str, Any]:
    """Type text into a field, replacing what it holds (unless clear is false). Reports only the text's length.

    Args:
        target: The field, as a description, selector or ref.
        text: The text to type.
        clear: Replace the current content (true) or append to it (false).
    """
    return await actions.fill(session, target, text, clear=clear)


@web_tool([r"\b(select|choose|pick)\b.*\b(from|in)\b"],
          [example("Choose Germany in Country", {"target": "Country dropdown", "option": "Germany"}, {"selected": ["de"]})], idempotent=True)
async def select(session: WebSession, target: TargetArg, option: Annotated[str, MinLen(1), MaxLen(500)]) -> dict[str, Any]:
    """Choose an option of a dropdown (<select>) by its label or value.

    Args:
        target: The dropdown, as a description, selector or ref.
        option: The option's visible label or its value.
    """
    return await actions.select(session, target, option)


@web_tool([r"\bpress\b.*\b(key|enter|tab|escape|esc|backspace|arrow|ctrl|control|shift|alt)\b", r"\bhit (enter|tab|escape)\b"],
          [example("Press Enter", {"key": "Enter"}), example("Select all in Bio", {"key": "Control+A", "target": "Bio"})], idempotent=False)
async def press_key(session: WebSession, key: Annotated[str, MinLen(1), MaxLen(60)], target: TargetArg | None = None) -> dict[str, Any]:
    """Press a key or a key combination ("Enter", "Tab", "Control+A", "Shift+ArrowDown").

    Args:
        key: The key, in Playwright's names; combinations joined with "+".
        target: Focus this element first (optional; otherwise the focused element gets the key).
    """
    return await actions.press(session, key, target)


@web_tool([r"\bscroll\b"], [example("Scroll down", {"direction": "down"}), example("Scroll to the footer", {"target": "footer"})], idempotent=False)
async def scroll(
    session: WebSession,
    direction: Literal["down", "up", "left", "right"] = "down",
    amount: Annotated[int, Ge(1), Le(100_000)] = 600,
    target: TargetArg | None = None,
) -> dict[str, Any]:
    """Scroll the page by an amount in a direction, or until an element is in view.

    Args:
        direction: Which way to scroll.
        amount: How many pixels.
        target: Scroll this element into view instead (optional).
    """
    return await actions.scroll(session, direction, amount, target)


@web_tool([r"\b(upload|attach)\b"], [example("Upload report.pdf as the attachment", {"target": "Attachment", "path": "report.pdf"})], idempotent=False)
async def upload_file(session: WebSession, target: TargetArg, path: Annotated[FilePath, MinLen(1)]) -> dict[str, Any]:
    """Upload a file through a file input (or a button that opens a file chooser).

    Only files inside the session's allowed folders can be uploaded (by default the
    working directory and the system temp directory).

    Args:
        target: The file input or upload button, as a description, selector or ref.
        path: The file to upload.
    """
    return await actions.upload(session, target, path)


@web_tool([r"\bdrag\b"], [example("Drag Task 1 to Done", {"source": "Task 1 card", "target": "Done column"})], idempotent=False)
async def drag(session: WebSession, source: TargetArg, target: TargetArg) -> dict[str, Any]:
    """Drag one element onto another with the mouse.

    Args:
        source: The element to drag.
        target: Where to drop it.
    """
    return await actions.drag(session, source, target)


@web_tool([r"\bclick\b.*\blink\b", r"\bfollow\b.*\blink\b"],
          [example("Click the Next page link", {"text": "Next page"})], idempotent=False)
async def click_link(session: WebSession, text: Annotated[str, MinLen(1), MaxLen(500)], exact: bool = False) -> dict[str, Any]:
    """Click the link whose text is (or contains) the given text.

    Args:
        text: The link's text.
        exact: Require the whole text to match (case-insensitive), not just part of it.
    """
    return await checks.click_by_text(session, text, ("link",), exact=exact)


@web_tool([r"\b(click|press|tap)\b.*\bbutton\b"], [example("Click the Save button", {"text": "Save"})], idempotent=False)
async def click_button(session: WebSession, text: Annotated[str, MinLen(1), MaxLen(500)], exact: bool = False) -> dict[str, Any]:
    """Click the button whose text is (or contains) the given text.

    Args:
        text: The button's text.
        exact: Require the whole text to match (case-insensitive), not just part of it.
    """
    return await checks.click_by_text(session, text, ("button", "menuitem", "tab"), exact=exact)
