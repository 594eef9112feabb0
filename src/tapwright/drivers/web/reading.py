"""What only reads the page: an element's text, value or section, its box, and a pick by visible text.

These resolve their target as actions do (a ref, a selector or a description, waited
for) but never act and never report ``changed``.
"""

from __future__ import annotations

import re
import unicodedata
from typing import TYPE_CHECKING, Any

from tapwright.core.element import Element
from tapwright.drivers.web import editors, widgets
from tapwright.drivers.web.errors import mapped
from tapwright.drivers.web.icon_words import with_icons
from tapwright.drivers.web.targets import Target
from tapwright.errors import ErrorCode, ToolFailure

if TYPE_CHECKING:
    from tapwright.drivers.web.session import WebSession

# Everything ``read`` needs in one round trip. A custom combobox's value is what it shows. Its text is what a
# person reads: a word drawn as an icon by a ligature font ("priority_high" before "Saved") is not (icons.js).
_READ_JS = with_icons(f"""(e) => {{
  const editor = ({editors.CODE_JS})(e);""" + """
  const role = (e.getAttribute('role') || '').split(' ')[0];
  let options = null;
  // The hidden native <select> behind a dropdown widget drawn over it holds its choice.
  // (Some draw a focus input with role=button and aria-haspopup over it.)
  const standIn = role === 'combobox' || (e.tagName === 'INPUT' && e.type === 'button')
    || (e.hasAttribute('aria-haspopup') && e.getAttribute('aria-haspopup') !== 'false');
  for (let p = e.parentElement, i = 0; standIn && p && i < 4; p = p.parentElement, i++) {
    const sels = p.querySelectorAll('select');
    if (sels.length > 1) break;
    if (sels.length === 1 && !sels[0].checkVisibility()) {
      options = Array.from(sels[0].selectedOptions, (o) => ({label: o.label.trim(), value: o.value}));
      break;
    }
  }
  if (e.tagName === 'SELECT') options = Array.from(e.selectedOptions, (o) => ({label: o.label.trim(), value: o.value}));
  else if (role === 'listbox') options = Array.from(e.querySelectorAll('[role=option][aria-selected=true]'),
    (o) => ({label: o.innerText.trim(), value: o.getAttribute('data-value') || o.innerText.trim()}));
  let value = null;
  const radios = (role === 'radiogroup' || e.tagName === 'FIELDSET')
    ? e.querySelectorAll('input[type=radio], [role=radio]') : [];
  if (radios.length) {
    // A group of radio buttons holds the label of the one that is on ("" when none is).
    const on = Array.from(radios).find((r) => r.checked || r.getAttribute('aria-checked') === 'true');
    const label = (r) => (r.labels && r.labels.length ? r.labels[0].innerText : '') || r.getAttribute('aria-label')
      || (r.closest('label') ? r.closest('label').innerText : '') || r.innerText || r.value || '';
    value = on ? label(on).replace(/\\s+/g, ' ').trim() : '';
  }
  else if ('value' in e && e.tagName !== 'BUTTON' && e.tagName !== 'LI') value = String(e.value);
  else if (e.isContentEditable) value = e.innerText;
  else if (role === 'combobox' || /^(listbox|true)$/i.test(e.getAttribute('aria-haspopup') || '')) {
    // A dropdown drawn around its label and its choice ("Room" over "Atlas"): what it shows, less the label.
    const shown = e.cloneNode(true);
    for (const l of shown.querySelectorAll('label')) l.remove();
    value = (shown.textContent || '').replace(/\\s+/g, ' ').trim();
  }
  else if (e.hasAttribute('aria-valuenow') || e.hasAttribute('aria-valuetext'))
    value = e.getAttribute('aria-valuetext') || e.getAttribute('aria-valuenow');  // an ARIA slider or spin button
  // How the page shows a field's value next to it: an <output> for it ("$80k+" beside a slider at 80).
  const shown = e.id && e.tagName === 'INPUT' ? Array.from(document.querySelectorAll('output'),
    (o) => (o.htmlFor && Array.from(o.htmlFor).includes(e.id) ? o.innerText.trim() : '')).filter(Boolean).join(' ') : '';
  return {tag: e.tagName, type: (e.type || '').toLowerCase(), checked: e.checked, options, editor, value, shown,
          text: editor ? '' : twIcons().strip(e, e.innerText)};
}""")


async def box(session: WebSession, target: str) -> dict[str, Any]:
    """Where the element is, scrolled into view first so the coordinates can be clicked."""
    return await session.box(target)


# The text of the part of the page a heading heads ("in the cart" found the heading "Your cart"): the box
# that starts with it, short of the whole page. A caption's section is the caption and the value it labels (a detail page's
# "Priority: critical"): the cells after a header cell in a body row up to the next header cell, a term's
# descriptions (dt, dd), an element the caption labels by id (aria-labelledby), or, for a short caption
# that ends with a colon or is the first of a pair of boxes (boxes drawing nothing not counted), the box after it (or the words after it in
# its own line). A header cell over a table's columns labels a column, not one value: not read so. Words drawn
# as icons are not read (icons.js).
_SECTION_JS = with_icons("""(e) => {
  const icons = twIcons();
  const words = (n) => icons.strip(n, n.innerText || '').replace(/\\s+/g, ' ').trim();
  if (/^H[1-6]$/.test(e.tagName) || e.getAttribute('role') === 'heading') {
    let box = e;
    while (box.parentElement && box.parentElement.firstElementChild === box
           && !['BODY', 'HTML', 'MAIN'].includes(box.parentElement.tagName)) box = box.parentElement;
    return box === e ? null : icons.strip(box, box.innerText);
  }
  // The current page's item in a menu or the selected tab ("the dataset should show X" where "Dataset" is the menu
  // item of the page shown): it names the page's content, not itself: the panel it controls, the main landmark,
  // else the page's shown text outside the menu that holds it.
  const item = e.closest('a[href], [role=tab], [role=link], [role=menuitem], [role=option], button, [role=button], [tabindex]');
  const menuOf = (n) => n.closest('nav, aside, [role=navigation], [role=menu], [role=menubar], [role=tablist], [role=list], [role=listbox], ul, ol');
  if (item && words(item) && words(item).length <= 40 && menuOf(item)) {
    const flag = (name) => (item.getAttribute(name) || 'false') !== 'false';
    // The page's address names the item: its last word ("/projects/1/dataset" for "Dataset").
    const slug = (t) => t.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
    const last = (location.pathname.split('/').filter((p) => p && !/^\\d+$/.test(p)).pop() || '').replace(/\\.html?$/i, '');
    let here = flag('aria-current') || (item.getAttribute('role') === 'tab' && item.getAttribute('aria-selected') === 'true')
      || (last !== '' && slug(decodeURIComponent(last)) === slug(words(item)));
    const raw = (item.getAttribute('href') || '').trim();
    if (!here && item.tagName === 'A' && raw.startsWith('#')) here = raw.length > 1 && raw === location.hash;
    else if (!here && item.tagName === 'A' && raw && !/^javascript:/i.test(raw)) {
      try {
        const u = new URL(item.getAttribute('href'), location.href), path = (p) => p.replace(/\\/+$/, '');
        here = u.origin === location.origin && path(u.pathname) === path(location.pathname)
          && (!u.hash || u.hash === location.hash) && u.pathname.replace(/\\/+$/, '') !== '';
      } catch (err) { here = false; }
    }
    if (here) {
      const panel = item.getAttribute('aria-controls') && document.getElementById(item.getAttribute('aria-controls'));
      if (panel && !panel.contains(item)) return words(panel);
      const main = document.querySelector('main, [role=main]');
      if (main && !main.contains(item)) return words(main);
      const menu = menuOf(item);
      const out = [];
      const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        const p = n.parentElement;
        if (!p || menu.contains(p) || !n.data.trim() || (p.checkVisibility && !p.checkVisibility())) continue;
        out.push(n.data);
      }
      return out.join(' ');
    }
  }
  const cap = e.closest('th, dt, [role=rowheader]') || e;
  const own = words(cap);
  if (!own || own.length > 60) return null;
  const after = (stop) => {
    const out = [];
    for (let n = cap.nextElementSibling; n && !stop(n); n = n.nextElementSibling) out.push(words(n));
    const value = out.filter(Boolean).join(' ');
    return value ? own + ' ' + value : null;
  };
  if (cap.tagName === 'TH' || cap.getAttribute('role') === 'rowheader') {
    if (cap.closest('thead')) return null;
    return after((n) => n.tagName === 'TH' || n.getAttribute('role') === 'rowheader');
  }
  if (cap.tagName === 'DT') return after((n) => n.tagName === 'DT');
  if (cap.id) {
    const named = document.querySelector('[aria-labelledby~="' + CSS.escape(cap.id) + '"]');
    if (named && named !== cap && !named.contains(cap) && words(named)) return own + ' ' + words(named);
  }
  if (own.length > 40 || cap.querySelector('input, select, textarea, button, a')) return null;
  // A caption drawn inside boxes of its own (a label's text in a span in a div, with an icon beside it): the
  // outermost box showing only the caption's words stands for it, and pairs with the box after it.
  let capBox = cap;
  for (let p = cap.parentElement; p && !['BODY', 'HTML', 'MAIN'].includes(p.tagName) && words(p) === own
       && !p.querySelector('input, select, textarea, [contenteditable=true]'); p = p.parentElement) capBox = p;
  const parent = capBox.parentElement;
  const next = capBox.nextElementSibling;
  // (boxes that draw nothing, such as an empty dialog host kept in the field's box, are no third box)
  const drawn = (n) => !!words(n) || Array.from(n.getClientRects()).some((r) => r.width > 0 && r.height > 0);
  const shown = parent ? Array.from(parent.children).filter(drawn) : [];
  const pair = shown.length === 2 && shown[0] === capBox;
  if (next && (own.endsWith(':') || pair) && words(next)) return own + ' ' + words(next);
  if (own.endsWith(':') && parent) {
    const line = words(parent);
    if (line.startsWith(own) && line.length > own.length) return line;
  }
  return null;
}""")


async def read(session: WebSession, target: str, what: str) -> dict[str, Any]:
    """The text (``what="text"``) or the form value (``what="value"``) of an element.

    ``what="section"`` reads a heading's whole section (the box it heads) or the value a caption labels
    (:data:`_SECTION_JS`), else the element's text.
    """

    async def act(t: Target) -> dict[str, Any]:
        # A cell found as a column's value ("the server response code") is that value, never a caption of the cell
        # beside it (a two-column row's first cell would read as one).
        if what == "section" and not t.as_cell:
            section = await t.evaluate(_SECTION_JS)
            if section is not None:
                return {"text": " ".join(str(section).split()), "section": True}
            field = await _captioned_field(t)
            if field is not None:
                return field
        info = await t.evaluate(_READ_JS)
        record = await _record_said(t, info, target) if what == "section" else None
        if record is not None:
            return record
        if info["type"] in ("checkbox", "radio") and what == "value":
            return {"value": bool(info["checked"]), "checked": bool(info["checked"])}
        if info["options"] is not None:
            # A <select> (or a custom list box): what it shows is the chosen options' labels, not every option.
            labels = ", ".join(o["label"] for o in info["options"])
            values = ", ".join(o["value"] for o in info["options"])
            return {"value": labels, "option_value": values} if what == "value" else {"text": labels}
        if info["editor"]:
            content = await editors.read(t)
            return {"value" if what == "value" else "text": content, "editor": info["editor"]}
        if what in ("text", "section"):
            return _said(t, info, what)
        if info["value"] is None and what == "value":
            control = await widgets.control_for(t)  # a caption: the control it names (a group of radios)
            if control is not t:
                info = await control.evaluate(_READ_JS)
                await control.dispose()
        if info["value"] is None:
            raise ToolFailure(ErrorCode.NOT_INTERACTABLE, f"{target!r} is not a form field")
        value = str(info["value"])
        if info["type"] == "password":  # never hand a password back, only whether one is there
            return {"value": "********" if value else "", "length": len(value)}
        return {"value": value}

    resolved = await session.resolve(target)
    try:
        async with mapped(f"get {what}"):
            info = await act(resolved)
    finally:
        await resolved.dispose()
    return {**resolved.describe(), **info}


def _said(t: Target, info: dict[str, Any], what: str) -> dict[str, Any]:
    """What an element says, read by :data:`_READ_JS` (``info``) as text (``what`` "text" or "section")."""
    text = " ".join(str(info["text"]).split())
    if text:
        return {"text": text}
    if info["type"] in ("checkbox", "radio"):
        # A tick box shows its label, never its value attribute (an unset one reads "on").
        return {"text": " ".join(str(t.element.name if t.element is not None else "").split())}
    if info["value"] is not None and info["type"] != "password":
        # What a field "says" is what it holds: "The Date of birth field should contain ...", and, read as a section,
        # how the page shows it beside it (a slider at 80 drawn "$80k+": "should be $80k").
        said = " ".join(str(info["value"]).split())
        if what == "section" and info.get("shown") and info["shown"] != said:
            said = f"{said} ({' '.join(str(info['shown']).split())})"
        return {"text": said, "value": str(info["value"])}
    return {"text": text}


# (each shown text apart: labels drawn side by side with no space between them are separate words)
_RECORD_TEXT_JS = """(e) => { const r = e.closest('tr, li, [role=row], [role=listitem], article');
  if (!r) return null;
  const parts = [], w = document.createTreeWalker(r, NodeFilter.SHOW_TEXT);
  while (w.nextNode()) { const p = w.currentNode.parentElement;
    if (p && !p.closest('script, style') && p.checkVisibility({visibilityProperty: true})) parts.push(w.currentNode.textContent); }
  return parts.join(' '); }"""
_BOX_WORDS = frozenset({"checkbox", "box", "tick", "radio", "switch", "toggle", "option", "button"})


async def _record_said(t: Target, info: dict[str, Any], target: str) -> dict[str, Any] | None:
    """ "issue #145 should show "Paid"": the description found the record's tick box (its name holds the key); a box
    shows no text, so what it says is its record's (the row or item it stands for). None for anything else."""
    if not _box_for_a_record(t, info, target):
        return None
    record = await t.evaluate(_RECORD_TEXT_JS)
    return {"text": " ".join(str(record).split()), "record": True} if record else None


def _box_for_a_record(t: Target, info: dict[str, Any], target: str) -> bool:
    """A tick box or radio found for a description that names no control (the key of its record)."""
    e = t.element
    boxed = info["type"] in ("checkbox", "radio") or (e is not None and e.role in ("checkbox", "radio", "switch"))
    return boxed and not str(info.get("text") or "").strip() and not _BOX_WORDS & set(target.lower().split())


# What may caption a field: a text, a label, or a caption drawn as a clickable. A cell is a table's value, a dialog or
# any other container holds its own words.
_CAPTION_ROLES = frozenset({"text", "label", "button", "link", "generic"})


async def _captioned_field(t: Target) -> dict[str, Any] | None:
    """What the field a caption stands over holds ("the Bio should read ...": the text area under the caption "Bio"),
    when the target is a caption (a text, or a label drawn as a clickable that opens the field's menu) over one field
    that takes text; None otherwise."""
    e = t.element
    if e is None or e.role not in _CAPTION_ROLES or e.attr("tag") in ("input", "textarea", "select"):
        return None
    control = await widgets.control_for(t, typing=True, depth=4)
    if control is t:
        return None
    try:
        if not await t.handle.evaluate(widgets.CAPTION_OVER_FIELD_JS, control.handle):
            return None  # a field elsewhere in the box (another row's editor, a search box): not this caption's
        info = await control.handle.evaluate(_READ_JS)
        if info["type"] == "password":
            return None
        if info["options"] is not None:
            return {"text": ", ".join(o["label"] for o in info["options"]), "field_of_caption": True}
        if info["editor"]:
            return {"text": await editors.read(control), "field_of_caption": True}
        said = info["value"] if info["value"] is not None else info["text"]
        return {"text": " ".join(str(said or "").split()), "field_of_caption": True}
    finally:
        await control.dispose()


def norm(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).split()).casefold()


def pick_by_text(elements: list[Element], text: str, roles: tuple[str, ...], *, exact: bool) -> Element:
    """The one visible element of ``roles`` whose name or text is ``text`` (or contains it)."""
    want = norm(text)
    pool = [e for e in elements if e.role in roles and e.state.visible]
    exact_hits = [e for e in pool if want in (norm(e.name), norm(e.text))]
    hits = exact_hits if exact else exact_hits or [e for e in pool if want in norm(e.name) or want in norm(e.text)]
    if not hits and not exact:
        words = re.findall(r"\w+", want)
        hits = [e for e in pool if words and all(w in norm(e.name + " " + e.text) for w in words)]
    if not hits:
        near = [f"{e.role} {e.name!r}" for e in pool[:5]]
        raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, f"no {roles[0]} with text {text!r}",
                          data={"candidates": near})
    if len(hits) > 1:
        raise ToolFailure(ErrorCode.AMBIGUOUS, f"{len(hits)} {roles[0]}s match {text!r}",
                          data={"candidates": [{"ref": e.ref, "role": e.role, "name": e.name} for e in hits[:10]]})
    return hits[0]


# "The table", "the list", "the form", "the dialog" with no name: the one such container the page shows.
_HEADINGS = "h1, h2, h3, h4, h5, h6, [role=heading]"
_KIND_SELECTORS = {
    "table": "table, [role=table], [role=grid], [role=treegrid]",
    "grid": "table, [role=table], [role=grid], [role=treegrid]",
    # A list of results drawn as a table is "the list" to the people reading it.
    "list": "ul, ol, [role=list], [role=listbox], [role=tree], table, [role=table], [role=grid], [role=treegrid]",
    "form": "form, [role=form]",
    "dialog": "dialog[open], [role=dialog], [role=alertdialog]",
    "modal": "dialog[open], [role=dialog], [role=alertdialog]",
    # "The page heading should be X", "the heading should read X": the page's main heading (_MAIN_HEADING_JS).
    "page heading": _HEADINGS,
    "main heading": _HEADINGS,
    "heading": _HEADINGS,
}
_ONLY_OF_KIND_JS = with_icons("""(sel) => {
  const shown = (e) => e.checkVisibility({visibilityProperty: true, opacityProperty: true})
    && e.getBoundingClientRect().width > 0 && e.getBoundingClientRect().height > 0;
  // Outermost only: a list inside a list item, a table inside a table cell are parts of the outer one.
  const all = Array.from(document.querySelectorAll(sel)).filter(shown);
  let outer = all.filter((e) => !all.some((o) => o !== e && o.contains(e)));
  // Of collections (lists, tables), the page's chrome is not what "the list" means: menus, tab strips, toolbars and
  // what sits in the page's navigation, header, footer or side bar; nor a collection of fewer than two items. When
  // that leaves any, they are the candidates.
  const CHROME = 'nav, header, footer, aside, [role=navigation], [role=banner], [role=contentinfo], [role=menu], '
    + '[role=menubar], [role=tablist], [role=toolbar]';
  const items = (e) => {
    const kids = Array.from(e.children).filter(shown);
    if (e.tagName === 'TABLE' || /^(table|grid|treegrid)$/.test(e.getAttribute('role') || '')) {
      const rows = Array.from(e.querySelectorAll('tr, [role=row]')).filter(shown);
      return rows.filter((r) => !r.closest('thead') && !r.querySelector('th[scope=col], [role=columnheader]')).length;
    }
    return kids.length;
  };
  const content = outer.filter((e) => !e.closest(CHROME) && items(e) >= 2);
  if (content.length && sel.includes('table')) outer = content;
  const one = outer.length === 1 ? outer[0] : null;
  let text = one ? twIcons().strip(one, one.innerText) : null;
  // A count line right after a collection ("24 products", "1-10 of 18") ends it, as people read it.
  for (let n = one, up = 0; n && up < 4 && n !== document.body; n = n.parentElement, up++) {
    let next = n.nextElementSibling;
    while (next && !shown(next)) next = next.nextElementSibling;
    if (!next) continue;
    const line = (next.innerText || '').replace(/\\s+/g, ' ').trim();
    if (line && line.length <= 80 && /\\d/.test(line) && !next.querySelector(sel)) text += '\\n' + line;
    break;
  }
  return {count: outer.length, text,
          names: outer.slice(0, 5).map((e) => (e.getAttribute('aria-label') || e.id || e.tagName.toLowerCase()))};
}""")
# The page's main heading: of the visible headings, those of the highest level shown (h1 before h2 ...); of several,
# those inside the page's main content (<main>, role=main, or a box whose id says so) when any is. One left: it;
# several: AMBIGUOUS (the caller says so), never a guess.
_MAIN_HEADING_JS = with_icons("""(sel) => {
  const shown = (e) => e.checkVisibility({visibilityProperty: true, opacityProperty: true})
    && e.getBoundingClientRect().width > 0 && e.getBoundingClientRect().height > 0;
  const level = (e) => {
    const said = parseInt(e.getAttribute('aria-level') || '', 10);
    const m = /^H([1-6])$/.exec(e.tagName);
    return Number.isFinite(said) ? said : (m ? Number(m[1]) : 2);
  };
  const all = Array.from(document.querySelectorAll(sel)).filter(shown).filter((e) => e.innerText.trim());
  if (!all.length) return {count: 0, text: null, names: []};
  const top = Math.min(...all.map(level));
  let found = all.filter((e) => level(e) === top);
  if (found.length > 1) {
    const main = found.filter((e) => e.closest('main, [role=main], #main, #content, #main-content, #maincontent'));
    if (main.length) found = main;
  }
  return {count: found.length, text: found.length === 1 ? twIcons().strip(found[0], found[0].innerText) : null,
          names: found.slice(0, 5).map((e) => JSON.stringify(e.innerText.trim().slice(0, 40)))};
}""")
_ARTICLES = frozenset({"the", "a", "an", "this", "that"})


# Words before "dialog" that say what it is for, not what it is called: "a confirmation dialog" is the dialog shown.
_DIALOG_PURPOSES = frozenset({"confirmation", "confirm", "warning", "error", "alert", "info", "information", "success",
                              "delete", "deletion", "modal", "popup", "pop-up"})  # fmt: skip


def bare_kind(target: str) -> str | None:
    """The container kind ``target`` names without a name ("the table" -> "table", "a confirmation dialog" ->
    "dialog"), else None."""
    words = [w for w in target.lower().split() if w not in _ARTICLES]
    if len(words) == 2 and words[1] in ("dialog", "modal") and words[0] in _DIALOG_PURPOSES:
        words = words[1:]
    said = " ".join(words)
    return said if said in _KIND_SELECTORS else None


async def text_of_kind(session: WebSession, target: str) -> str | None:
    """The text of the one visible container ``target`` names by its kind alone ("the table", "the page heading");
    None when ``target`` names no bare kind or the page shows none (AMBIGUOUS when it shows several)."""
    kind = bare_kind(target)
    return await only_of_kind(session, kind) if kind else None


async def only_of_kind(session: WebSession, kind: str) -> str | None:
    """The text of the one visible container of ``kind`` on the page; None when there is none.

    Raises:
        ToolFailure: AMBIGUOUS when two or more are shown (the description does not say which).
    """
    script = _MAIN_HEADING_JS if _KIND_SELECTORS[kind] == _HEADINGS else _ONLY_OF_KIND_JS
    async with mapped(f"find the {kind}"):
        found = await session.page.evaluate(script, _KIND_SELECTORS[kind])
    if found["count"] > 1:
        raise ToolFailure(ErrorCode.AMBIGUOUS, f"the page shows {found['count']} of what 'the {kind}' may mean "
                          f"({', '.join(found['names'])}): name the {kind} (its caption, heading or label)",
                          data={"count": found["count"], "candidates": found["names"]})  # fmt: skip
    return None if found["count"] == 0 else " ".join(str(found["text"]).split())


# A text drawn as a heading: larger than the page's common text (the middle size of up to 400 of its visible texts)
# by a sixth, or as large and bold.
_DRAWN_AS_HEADING_JS = """(el) => {
  const size = (e) => parseFloat(getComputedStyle(e).fontSize) || 0;
  const texts = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n && texts.length < 400; n = walk.nextNode()) {
    const p = n.parentElement;
    if (p && n.data.trim() && p.getClientRects().length) texts.push(size(p));
  }
  texts.sort((a, b) => a - b);
  const common = texts.length ? texts[Math.floor(texts.length / 2)] : 16;
  const cs = getComputedStyle(el);
  const own = parseFloat(cs.fontSize) || 0, bold = (parseInt(cs.fontWeight, 10) || 400) >= 600;
  return own >= common * 1.15 || (bold && own >= common);
}"""


async def drawn_as_heading(session: WebSession, ref: str) -> bool:
    """Whether the element ``ref`` is drawn as a heading: bigger than the page's common text, or as big and bold."""
    resolved = await session.resolve(ref)
    try:
        async with mapped("read a heading's look"):
            return bool(await resolved.handle.evaluate(_DRAWN_AS_HEADING_JS))
    finally:
        await resolved.dispose()
