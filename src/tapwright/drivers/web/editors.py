"""Code editors and rich text: CodeMirror 6 and 5, Monaco, and any contenteditable.

Their DOM is not their content: a hidden ``<textarea>`` takes keystrokes, lines are
virtualised, auto-indent and bracket closing rewrite what is typed. So a fill here
clicks what the user sees, selects everything, types the text with the keyboard,
reads back what the editor holds (through the editor's own API when the page exposes
it), and fails when that is not the text asked for: never a silent false pass.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

from tapwright.drivers.web.errors import mapped
from tapwright.drivers.web.targets import Target
from tapwright.errors import ErrorCode, ToolFailure

if TYPE_CHECKING:
    from playwright.async_api import Page

# Which editor an element belongs to, or null. The element may be the editor's hidden textarea,
# its content element or anything inside it.
DETECT_JS = """(el) => {
  const cm6 = el.closest('.cm-editor');
  if (cm6) return 'codemirror6';
  const cm5 = el.closest('.CodeMirror');
  if (cm5) return 'codemirror5';
  const monaco = el.closest('.monaco-editor');
  if (monaco) return 'monaco';
  if (el.isContentEditable) return 'contenteditable';
  return null;
}"""

# The element a person clicks to type into the editor.
SURFACE_JS = """(el) => {
  const cm6 = el.closest('.cm-editor');
  if (cm6) return cm6.querySelector('.cm-content');
  const cm5 = el.closest('.CodeMirror');
  if (cm5) return cm5.querySelector('.CodeMirror-lines') || cm5;
  const monaco = el.closest('.monaco-editor');
  if (monaco) return monaco.querySelector('.view-lines') || monaco;
  let top = el;
  while (top.parentElement && top.parentElement.isContentEditable) top = top.parentElement;
  return top;
}"""

# What the editor holds: its model through its API when reachable, else its rendered lines.
READ_JS = """(el) => {
  const cm6 = el.closest('.cm-editor');
  if (cm6) {
    const content = cm6.querySelector('.cm-content');
    const view = content && content.cmView && content.cmView.view;
    if (view && view.state) return view.state.doc.toString();
    return Array.from(cm6.querySelectorAll('.cm-line'), (l) => l.textContent).join('\\n');
  }
  const cm5 = el.closest('.CodeMirror');
  if (cm5) return cm5.CodeMirror ? cm5.CodeMirror.getValue() : cm5.innerText;
  const monaco = el.closest('.monaco-editor');
  if (monaco) {
    const api = window.monaco && window.monaco.editor;
    const eds = api && api.getEditors ? api.getEditors() : [];
    for (const ed of eds) if (ed.getContainerDomNode && ed.getContainerDomNode().contains(monaco)) return ed.getValue();
    const lines = monaco.querySelector('.view-lines');
    return lines ? Array.from(lines.children, (l) => l.textContent).join('\\n').replace(/\\u00a0/g, ' ') : '';
  }
  let top = el;
  while (top.parentElement && top.parentElement.isContentEditable) top = top.parentElement;
  return top.innerText;
}"""


def _canon(text: str) -> str:
    """Text as compared after typing: line endings, non-breaking spaces and trailing blanks do not count."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").replace("\u00a0", " ").split("\n")
    return "\n".join(line.rstrip() for line in lines).strip("\n")


async def kind(target: Target) -> str | None:
    """``codemirror6``, ``codemirror5``, ``monaco``, ``contenteditable`` or None for a plain field."""
    async with mapped("detect editor"):
        found = await target.evaluate(DETECT_JS)
    return str(found) if found else None


async def read(target: Target) -> str:
    async with mapped("read editor"):
        return str(await target.evaluate(READ_JS))


# Whether a page's browser selects all with Meta (macOS) rather than Control: asked once per page.
_SELECT_ALL: weakref.WeakKeyDictionary[Page, str] = weakref.WeakKeyDictionary()


async def _select_all(page: Page) -> str:
    key = _SELECT_ALL.get(page)
    if key is None:
        mac = await page.evaluate("() => /Mac/.test(navigator.platform)")
        key = _SELECT_ALL[page] = "Meta+A" if mac else "Control+A"
    return key


async def fill(target: Target, editor: str, text: str, *, clear: bool, alone: bool = False) -> dict[str, Any]:
    """Type ``text`` into the editor as a person would, then check the editor holds what was asked.

    A contenteditable that is its own editing host (``alone``: not inside a larger one) is first filled
    the way Playwright fills one (focus, select its content, insert the text: the same input events as
    typing over a selection); when it then holds anything but the text, it is typed into with the
    keyboard as below, and checked again.
    """
    if clear and editor == "contenteditable" and alone and text:
        async with mapped("fill editor"):
            await target.handle.fill(text)
            after = await target.evaluate(READ_JS)
        if _canon(str(after)) == _canon(text):
            return {"text_length": len(text), "editor": editor}
    return await _type_into(target, editor, text, clear=clear)


async def _type_into(target: Target, editor: str, text: str, *, clear: bool) -> dict[str, Any]:
    page = target.frame.page
    select_all = await _select_all(page)
    async with mapped("fill editor"):
        before = "" if clear else await target.evaluate(READ_JS)
        surface = (await target.handle.evaluate_handle(SURFACE_JS)).as_element()
        if surface is None:
            raise ToolFailure(ErrorCode.NOT_INTERACTABLE, f"the {editor} editor has nothing visible to type into")
        await surface.click()
        await surface.dispose()
        if clear:
            await page.keyboard.press(select_all)
            await page.keyboard.press("Delete")
        else:
            await page.keyboard.press("Control+End")
        if text:
            await page.keyboard.insert_text(text)
        after = await target.evaluate(READ_JS)
    want = text if clear else str(before) + text
    if _canon(str(after)) != _canon(want):
        raise ToolFailure(
            ErrorCode.NOT_INTERACTABLE,
            f"typed into the {editor} editor but it holds {_canon(str(after))[:300]!r}, not {_canon(want)[:300]!r} "
            "(the editor changed or kept text: auto-indent, closing brackets, or a field that is not the editor)",
        )
    return {"text_length": len(text), "editor": editor}
