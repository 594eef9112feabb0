"""Code editors and rich text: any editable region whose text is drawn apart from where keys go.

Two mechanisms, named by what the page does, not by which library draws it:

* ``contenteditable``: an editing host (``contenteditable``), often drawing its text as one element per
  line. It is read through its rendered text (``innerText`` of the outermost host).
* ``hidden-textarea``: a ``<textarea>`` that takes the keys but is not itself drawn (a few pixels, fully
  transparent, clipped or off screen) while the text is drawn in line elements beside it. It is focused,
  and read back as drawn: the visible text inside the editor's box, line by line from top to bottom, less
  a gutter of line numbers to the left of the text.

Their DOM is not a field's value: lines are virtualised, auto-indent and bracket closing rewrite what is
typed. So a fill here focuses what the user types into, selects everything, types the text through the
keyboard, reads back what is drawn, and fails when that is not the text asked for: never a silent false
pass. No library's own API is called.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

from tapwright.drivers.web.errors import mapped
from tapwright.drivers.web.targets import QUIET_EDIT_JS, Target
from tapwright.errors import ErrorCode, ToolFailure

if TYPE_CHECKING:
    from playwright.async_api import Page

# The helpers every editor script shares: the hidden textarea an element belongs to, and the editor's box.
_HELPERS_JS = """
  // A textarea that takes keys without being drawn: focusable, but tiny, transparent, clipped or off screen.
  const undrawn = (t) => {
    if (t.tagName !== 'TEXTAREA' || t.disabled || (t.checkVisibility && !t.checkVisibility({visibilityProperty: true}))) return false;
    const r = t.getBoundingClientRect();
    if (r.width <= 3 || r.height <= 3 || r.right < 0 || r.bottom < 0 || parseFloat(getComputedStyle(t).opacity) < 0.05) return true;
    for (let p = t.parentElement, i = 0; p && i < 3; p = p.parentElement, i++) {
      const q = p.getBoundingClientRect();
      if (getComputedStyle(p).overflow !== 'visible' && (q.width <= 3 || q.height <= 3)) return true;
    }
    return false;
  };
  // The editor around a hidden textarea: the nearest box around it big enough to show lines of text.
  const editorOf = (t) => {
    for (let p = t.parentElement, i = 0; p && i < 6 && p !== document.body; p = p.parentElement, i++) {
      const r = p.getBoundingClientRect();
      if (r.width >= 40 && r.height >= 12) return p;
    }
    return null;
  };
  // The hidden textarea that ``el`` is, holds, or is drawn beside (inside the same editor box).
  const keysOf = (el) => {
    if (undrawn(el)) return el;
    for (let p = el, i = 0; p && i < 8 && p !== document.body; p = p.parentElement, i++) {
      const tas = Array.from(p.querySelectorAll('textarea')).filter(undrawn);
      if (tas.length > 1) return null;
      if (tas.length === 1) return editorOf(tas[0]) && editorOf(tas[0]).contains(el) || p === el ? tas[0] : null;
    }
    return null;
  };
  const hostOf = (el) => {
    let top = el.isContentEditable ? el : null;
    if (!top) {
      const hosts = el.querySelectorAll('[contenteditable]:not([contenteditable=false])');
      if (hosts.length === 1 && !el.querySelector('input, select, textarea, button')) top = hosts[0];
    }
    while (top && top.parentElement && top.parentElement.isContentEditable) top = top.parentElement;
    return top;
  };
"""

# Which mechanism an element belongs to, or null for a plain field.
DETECT_JS = "(el) => {" + _HELPERS_JS + """
  if (el.tagName === 'INPUT') return null;
  if (hostOf(el)) return 'contenteditable';
  if (keysOf(el)) return 'hidden-textarea';
  return null;
}"""

# The mechanism, when the element is an editor whose whitespace is part of its text (a code editor: a hidden
# textarea's, or an editing host laid out with ``white-space: pre*``): its text is then read as it is, lines
# and indentation kept, not as words.
CODE_JS = "(el) => {" + _HELPERS_JS + """
  if (el.tagName === 'INPUT') return null;
  const host = hostOf(el);
  if (host) return /^(pre|break-spaces)/.test(getComputedStyle(host).whiteSpace) ? 'contenteditable' : null;
  return keysOf(el) ? 'hidden-textarea' : null;
}"""

# The element that takes the keys: the outermost editing host, or the hidden textarea.
SURFACE_JS = "(el) => {" + _HELPERS_JS + """
  return hostOf(el) || keysOf(el);
}"""

# What the editor holds, as drawn. A hidden textarea's editor is read from the text nodes visible inside
# its box: grouped into lines by their height on screen, each line in left-to-right order, a blank line
# where the lines leave a gap; a gutter (text of digits only, wholly left of all other text) and a caret
# (a space drawn in a box of no width) left out.
READ_JS = "(el) => {" + _HELPERS_JS + """
  const host = hostOf(el);
  if (host) return host.innerText.replace(/\\n$/, '');
  const ta = keysOf(el);
  const box = ta && editorOf(ta);
  if (!box) return '';
  const frame = box.getBoundingClientRect();
  const bits = [];
  const walk = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const p = n.parentElement;
    if (!n.data || !p || (p.checkVisibility && !p.checkVisibility({visibilityProperty: true, opacityProperty: true}))) continue;
    if (p.getBoundingClientRect().width <= 3) continue;  // text in a box of no width: the caret, not the content
    const range = document.createRange();
    range.selectNodeContents(n);
    const r = range.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0 || r.right <= frame.left || r.left >= frame.right || r.bottom <= frame.top || r.top >= frame.bottom) continue;
    bits.push({text: n.data.replace(/\\u00a0/g, ' '), left: r.left, right: r.right, top: r.top, height: r.height});
  }
  const words = bits.filter((b) => !/^[\\s\\d]*$/.test(b.text));
  const column = words.length ? Math.min(...words.map((b) => b.left)) : Infinity;
  const kept = bits.filter((b) => !(/^\\s*\\d+\\s*$/.test(b.text) && b.right <= column + 1));
  kept.sort((a, b) => a.top - b.top || a.left - b.left);
  const lines = [];
  for (const b of kept) {
    const last = lines[lines.length - 1];
    if (last && b.top < last.top + last.height / 2) last.bits.push(b);
    else lines.push({top: b.top, height: b.height, bits: [b]});
  }
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    if (i > 0) {
      const gap = Math.round((lines[i].top - lines[i - 1].top) / lines[i - 1].height) - 1;
      for (let k = 0; k < gap; k++) out.push('');
    }
    out.push(lines[i].bits.sort((a, b) => a.left - b.left).map((b) => b.text).join(''));
  }
  return out.join('\\n');
}"""


# A contenteditable that is its own editing host, filled in one call as Playwright fills one: focused, its content
# selected and the text inserted over the selection by the page's editing command (the trusted ``input`` event of
# typing over a selection); then, once the page's microtasks ran, what it holds (as READ_JS reads it) and the DOM
# change counter. The command announces nothing (no ``beforeinput``, which rich-text editors build on), so where a
# script could hear that (QUIET_EDIT_JS) the host is only focused and selected: ``{keys: true}``, the text to go
# in through the browser's input channel. Null, and nothing done, when it is not shown, refuses the focus or the
# command is refused.
RICH_FILL_JS = "async (el, v) => {" + _HELPERS_JS + """
  const host = hostOf(el);
  if (!host || !host.isConnected || !host.isContentEditable) return null;
  const box = host.getBoundingClientRect();
  if (!(box.width > 0 && box.height > 0) || getComputedStyle(host).visibility !== 'visible') return null;
  const root = host.getRootNode();
  host.focus();
  if (!(root.activeElement === host || host.contains(root.activeElement))) return null;
  host.ownerDocument.getSelection().selectAllChildren(host);
  if (!(""" + QUIET_EDIT_JS + """)(host)) return {keys: true, text: '', count: -1, doc: ''};
  if (!host.ownerDocument.execCommand('insertText', false, v)) return null;
  await null;
  const m = window.__twMut;
  return {keys: false, text: host.innerText.replace(/\\n$/, ''), count: m ? m.get() : -1, doc: m ? m.doc : ''};
}"""


def _canon(text: str) -> str:
    """Text as compared after typing: line endings, non-breaking spaces and trailing blanks do not count."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").replace("\u00a0", " ").split("\n")
    return "\n".join(line.rstrip() for line in lines).strip("\n")


async def kind(target: Target) -> str | None:
    """``contenteditable``, ``hidden-textarea`` or None for a plain field."""
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


async def fill(target: Target, editor: str, text: str, *, clear: bool, alone: bool = False,
               typed: dict[str, Any] | None = None) -> dict[str, Any]:
    """Type ``text`` into the editor as a person would, then check the editor holds what was asked.

    A contenteditable that is its own editing host (``alone``: not inside a larger one) is first filled
    the way Playwright fills one (focus, select its content, insert the text: the same input events as
    typing over a selection); when it then holds anything but the text, it is typed into with the
    keyboard as below, and checked again. ``typed``: the answer of :data:`RICH_FILL_JS`, when the caller ran
    it already (in the call that probed the field); that fill is then not done again.
    """
    if typed is not None and editor == "contenteditable" and clear:
        if typed["keys"]:  # focused and selected, the text left to the browser's input channel
            async with mapped("fill editor"):
                await target.frame.page.keyboard.insert_text(text)
                typed = {**typed, "text": await target.evaluate(READ_JS)}
        else:
            target.note_edit(typed)
        if _canon(str(typed["text"])) == _canon(text):
            return {"text_length": len(text), "editor": editor}
        target.edited = None  # typed again with the keyboard below: that change is read as any edit's
    elif clear and editor == "contenteditable" and alone and text:
        async with mapped("fill editor"):
            surface = (await target.handle.evaluate_handle(SURFACE_JS)).as_element()
            if surface is not None:
                await surface.fill(text)
                await surface.dispose()
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
        if editor == "hidden-textarea":
            await surface.focus()  # drawn under the lines, a few pixels wide: a click would land on the lines
        else:
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
