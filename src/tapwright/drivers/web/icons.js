// Words a ligature icon font draws as one glyph (<i>delete</i> shown as a trash can, <span>arrow_upward</span>
// as an arrow): people see an icon, not the word. Known by how the word is drawn, never by a tag, a class or
// a list of icon names. One instance per page script call: what it found is kept for that call only.
() => {
  // One token of an icon set's names: lower case, digits and underscores, with a letter ("3d_rotation").
  const TOKEN = /^[a-z0-9_]{2,40}$/;
  const LETTER = /[a-z]/;
  const found = new Map();
  let ruler = null;
  // An icon font is a web font: a page that declares none (no @font-face, no FontFace added) draws no ligature
  // icon, and its words are not measured at all.
  const webFonts = !document.fonts || document.fonts.size > 0;

  // The element's word when its only content is one text node holding one such token, else "".
  function token(el) {
    const t = el.firstChild;
    if (t === null || t !== el.lastChild || t.nodeType !== 3) return "";
    const w = t.data.trim();
    return TOKEN.test(w) && LETTER.test(w) ? w : "";
  }

  // Drawn as one glyph: the text's own box is narrower than 0.4 em a character (a ligature icon is about 1 em;
  // the word "delete" is about 3 em), and far narrower than the word in a plain font of its size (which keeps a
  // short plain word such as "ill" a word: a plain font's narrow letters are narrow in the plain font too).
  // A cheap first cut reads the element's own box, its height standing for the font size (a line is 1 to 1.2
  // em): a word in a box that size is no icon. (An icon font set on a wide box, a whole table cell, is missed.)
  let range = null;
  function drawnAsGlyph(el, w) {
    const bw = el.offsetWidth, bh = el.offsetHeight;
    if (!(bw > 0 && bh > 0) || bw > 0.4 * w.length * bh) return false;
    if (range === null) range = document.createRange();
    range.selectNodeContents(el);
    const box = range.getBoundingClientRect();
    if (box.width <= 0 || box.height <= 0) return false;
    const size = parseFloat(getComputedStyle(el).fontSize) || 0;
    if (size <= 0 || box.width > 0.4 * w.length * size) return false;
    if (ruler === null) ruler = document.createElement("canvas").getContext("2d");
    if (ruler === null) return false;
    ruler.font = `${size}px sans-serif`;
    return box.width < 0.6 * ruler.measureText(w).width;
  }

  const hidden = (el) => el.getAttribute("aria-hidden") === "true" ||
    (el.parentElement !== null && el.parentElement.getAttribute("aria-hidden") === "true");

  // The icon word ``el`` draws, or "". A lone token hidden from assistive technology (aria-hidden="true" on it
  // or its parent) is one too: a page hides a word that way when it is drawn as a picture, and so it stays one while its icon
  // font is still loading or failed to load.
  function word(el) {
    const w = token(el);
    if (!w) return "";
    const known = found.get(el);
    if (known !== undefined) return known;
    const drawn = hidden(el) || (webFonts && drawnAsGlyph(el, w)) ? w : "";
    found.set(el, drawn);
    return drawn;
  }

  // A subtree's text as textContent gives it, an icon's word read as a space.
  function text(node) {
    if (node.nodeType === 3) return node.data;
    if (node.nodeType === 1 && word(node)) return " ";
    let out = "";
    for (let c = node.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3) out += c.data;
      else if (c.nodeType === 1 && c.tagName !== "SCRIPT" && c.tagName !== "STYLE") out += text(c);
    }
    return out;
  }

  // ``shown`` (root's innerText) less the words drawn as icons inside root. innerText glues an inline icon to
  // the words beside it ("Priorityarrow_upward"), so each icon's word is found where it stands: the text nodes
  // that are shown are followed through ``shown`` in document order (case aside: innerText applies
  // text-transform), and an icon's word is taken out at the first place it occurs after the text before it.
  function strip(root, shown) {
    let s = String(shown || "");
    if (root.nodeType !== 1) return s;
    if (word(root)) return "";
    let low = s.toLowerCase();
    let at = 0;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      const p = t.parentElement;
      const w = p !== null ? word(p) : "";
      const piece = w || t.data.replace(/\s+/g, " ").trim().toLowerCase();
      if (!piece || p === null || p.getClientRects().length === 0) continue;
      let i = low.indexOf(piece, at);
      if (w) {
        if (i < 0) continue;
        s = s.slice(0, i) + " " + s.slice(i + w.length);
        low = low.slice(0, i) + " " + low.slice(i + w.length);
        at = i + 1;
        continue;
      }
      if (i >= 0) { at = i + piece.length; continue; }
      // Laid out otherwise (white-space: pre, a line break inside): its last word ends it.
      const last = piece.slice(piece.lastIndexOf(" ") + 1);
      i = low.indexOf(last, at);
      if (i >= 0) at = i + last.length;
    }
    return s;
  }

  // A tick box drawn without an input (a data table's row selector: a div holding a box icon): "c" ticked, "u"
  // not, "" a box whose state its icon does not say; null for anything else. Known by the words "check box" in
  // its own class or its icon's (class words, a ligature word, data-icon), the state by the icon's words alone:
  // "blank", "outline", "empty" or "unchecked" is an empty box, "marked", "checked" or the bare box word a ticked
  // one; a half-ticked box ("indeterminate", "minus") says neither.
  // Only the box and what draws it count: an element holding more (a cell, a row, a label with words) is not it.
  const BOX = /(^|[^a-z])check[-_ ]?box([^a-z]|$)/;
  const HOLDERS = new Set(["TD", "TH", "TR", "LI", "TABLE", "TBODY", "UL", "OL", "FORM", "LABEL"]);
  function tickBox(el) {
    const own = (el.getAttribute("class") || "").toLowerCase();
    const nodes = el.querySelectorAll("*");
    if (HOLDERS.has(el.tagName) || nodes.length > 3) return null;
    const said = (el.textContent || "").trim();
    if (said && said !== word(el) && !Array.from(nodes).some((n) => word(n) === said)) return null;
    const drawn = [];
    for (let k = 0; k < nodes.length; k++) {
      const n = nodes[k];
      drawn.push(((n.getAttribute("class") || "") + " " + (n.getAttribute("data-icon") || "") + " " + word(n)).toLowerCase());
    }
    const icon = drawn.join(" ") + " " + (el.getAttribute("data-icon") || "").toLowerCase();
    if (!BOX.test(own) && !BOX.test(icon)) return null;
    if (/indeterminate|minus|partial/.test(icon)) return "";
    if (/blank|outline|empty|unchecked/.test(icon)) return "u";
    if (/marked|checked|ticked/.test(icon) || BOX.test(icon)) return "c";
    return "";
  }

  return { word, text, strip, tickBox };
}
