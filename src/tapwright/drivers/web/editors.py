"""Code editors and rich text: CodeMirror 6 and 5, Monaco, and any contenteditable.

Their DOM is not their content: a hidden ``<textarea>`` takes keystrokes, lines are
virtualised, auto-indent and bracket closing rewrite what is typed. So a fill here
clicks what the user sees, selects everything, types the text with the keyboard,
reads back what the editor holds (through the editor's own API when the page exposes
it), and fails when that is not the text asked for: never a silent false pass.
"""

from __future__ import annotations

from typing import Any

from tapwright.drivers.web.errors import mapped
from tapwright.drivers.web.targets import Target
from tapwright.errors import ErrorCode, ToolFailure

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
        found = await target.handle.evaluate(DETECT_JS)
    return str(found) if found else None


async def read(target: Target) -> str:
    async with mapped("read editor"):
        return str(await target.handle.evaluate(READ_JS))


async def fill(target: Target, editor: str, text: str, *, clear: bool) -> dict[str, Any]:
    """Type ``text`` into the editor as a person would, then check the editor holds what was asked."""
    page = target.frame.page
    select_all = "Meta+A" if await page.evaluate("() => /Mac/.test(navigator.platform)") else "Control+A"
    async with mapped("fill editor"):
        before = await target.handle.evaluate(READ_JS)
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
        after = await target.handle.evaluate(READ_JS)
    want = text if clear else str(before) + text
    if _canon(str(after)) != _canon(want):
        raise ToolFailure(
            ErrorCode.NOT_INTERACTABLE,
            f"typed into the {editor} editor but it holds {_canon(str(after))[:300]!r}, not {_canon(want)[:300]!r} "
            "(the editor changed or kept text: auto-indent, closing brackets, or a field that is not the editor)",
        )
    return {"text_length": len(text), "editor": editor}
