// tapwright snapshot collector: one call per frame, no per-element round trips.
// Walks the DOM (and open shadow roots, following slots) once, keeps the elements
// it reports in window.__twSnaps (so a ref can be acted on later without a selector),
// and returns a compact JSON-ready object. Keys are short on purpose: a page of
// 12,000 controls must cross the CDP pipe quickly.
(opts) => {
  const MAX_TEXT = 200;
  const maxEls = (opts && opts.max) || 50000;
  // The plain walk: labels read per field from el.labels (tests check the shortcut below changes nothing).
  const plain = !!(opts && opts.plain);
  const doc = document;
  const win = window;
  // Words drawn as icons by a ligature font (icons.js): not words of the page, the icon hint of their element.
  const icons = twIcons();
  const INTERACTIVE_ROLES = new Set(["button", "link", "checkbox", "radio", "textbox", "searchbox", "combobox",
    "listbox", "option", "tab", "menuitem", "menuitemcheckbox", "menuitemradio", "switch", "slider",
    "spinbutton", "treeitem", "gridcell"]);
  const SKIP = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "HEAD", "META", "LINK", "TITLE"]);
  const TEXT_TAGS = { H1: 1, H2: 2, H3: 3, H4: 4, H5: 5, H6: 6 };
  // Messages in live regions ("Invalid password" in role=alert, "Saved" in role=status) are text too.
  const LIVE_TEXT = new Set(["alert", "status", "log", "note", "timer", "marquee"]);
  // Roles that hold words a person reads as they are (a tooltip, a paragraph): their own text is text too.
  const READ_ROLES = new Set(["paragraph", "generic", "article", "tooltip", "figure", "caption", "blockquote",
    "definition", "term", "time", "mark", "strong", "emphasis", "code", "deletion", "insertion"]);
  // Progress bars and meters draw their content (ARIA: children presentational), so a "Loading..." shown
  // inside one is reported with the bar itself: its name, its text and its value text, for waits and checks.
  const INDICATOR_ROLES = new Set(["progressbar", "meter"]);
  const INPUT_ROLES = { checkbox: "checkbox", radio: "radio", range: "slider", number: "spinbutton",
    search: "searchbox", button: "button", submit: "button", reset: "button", image: "button", file: "button",
    color: "button" };
  // Most texts are already clean (one space between words, none at the ends): test before rewriting.
  const MESSY = /\s\s|[^\S ]|^ | $/;
  const clean = (s) => (!s ? "" : MESSY.test(s) ? s.replace(/\s+/g, " ").trim() : s);
  const cap = (s, n) => (s.length > n ? s.slice(0, n - 1) + "…" : s);

  function implicitRole(el, tag) {
    switch (tag) {
      case "A": case "AREA": return el.hasAttribute("href") ? "link" : "";
      case "BUTTON": return "button";
      case "SUMMARY": return "button";
      case "INPUT": {
        const t = (el.getAttribute("type") || "text").toLowerCase();
        if (t === "hidden") return "";
        if (INPUT_ROLES[t]) return INPUT_ROLES[t];
        return el.hasAttribute("list") ? "combobox" : "textbox";
      }
      case "TEXTAREA": return "textbox";
      case "SELECT": return el.multiple || el.size > 1 ? "listbox" : "combobox";
      case "OPTION": return "option";
      case "IMG": return el.getAttribute("alt") === "" ? "" : "img";
      case "TD": return "cell";
      case "TH": return el.getAttribute("scope") === "row" ? "rowheader" : "columnheader";
      case "TR": return "row";
      case "DIALOG": return "dialog";
      case "FORM": return "form";
      case "NAV": return "navigation";
      case "UL": case "OL": return "list";
      case "LI": return "listitem";
      case "TABLE": return "table";
      case "ASIDE": return "complementary";
      case "MAIN": return "main";
      case "FIELDSET": return "group";
      case "SECTION": return el.hasAttribute("aria-label") || el.hasAttribute("aria-labelledby") ? "region" : "";
      default:
        if (TEXT_TAGS[tag]) return "heading";
        if (el.getAttribute("contenteditable") !== null && el.isContentEditable) return "textbox";
        return "";
    }
  }

  function roleOf(el, tag) {
    const explicit = el.getAttribute("role");
    if (explicit) {
      const r = explicit.trim().split(/\s+/)[0].toLowerCase();
      if (r && r !== "none" && r !== "presentation") return r;
      if (r) return "";
    }
    return implicitRole(el, tag);
  }

  // Text of a subtree for a name computed from content: text nodes, alt text and
  // aria-labels of descendants; aria-hidden subtrees and scripts are skipped. A word drawn as an
  // icon is no text: it goes to iconSink (when contentOf collects them) and reads as a space.
  // A part of a shown control that is not drawn (display: none, visibility: hidden: the "Resume" of a button that
  // shows "Pause" until pressed) is no part of its name, as for a person; a control not drawn at all (named for a
  // check that it is hidden, or by aria-labelledby) keeps the words of all its parts. Only controls a person
  // presses are looked at so: the cells and rows of a large table would pay a style look-up per part.
  let iconSink = null;
  const PRESSED = new Set(["button", "link", "tab", "menuitem", "menuitemcheckbox", "menuitemradio", "switch",
    "checkbox", "radio", "option", "treeitem"]);
  const drawn = (el) => !el.checkVisibility || el.checkVisibility({ visibilityProperty: true });
  const undrawnPart = (c) => !drawn(c) && getComputedStyle(c).display !== "contents";
  function contentText(node, depth, shown) {
    if (depth === 0) shown = null;  // not known yet: looked at once a part that is an element comes
    const pruning = () => {
      if (shown === null) {
        const host = node.nodeType === 11 ? node.host : node;
        shown = !!host && host.nodeType === 1 && PRESSED.has(roleOf(host, host.tagName)) && drawn(host);
      }
      return shown;
    };
    if (depth === 0 && node.nodeType === 1) {
      const own = icons.word(node);
      if (own) { if (iconSink !== null) iconSink.push(own); return ""; }
    }
    let out = "";
    for (let c = node.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3) { out += c.data; continue; }
      if (c.nodeType !== 1 || SKIP.has(c.tagName)) continue;
      if (pruning() && undrawnPart(c)) continue;
      const drawn = icons.word(c);
      if (drawn) { if (iconSink !== null) iconSink.push(drawn); out += " "; continue; }
      if (c.getAttribute("aria-hidden") === "true" || c.hidden) {
        // A wrapper hidden around one icon (<span aria-hidden="true"><i>close</i></span>): its word is the hint.
        const only = iconSink !== null && c.childElementCount === 1 ? c.firstElementChild : null;
        const inner = only !== null && !c.hidden ? icons.word(only) : "";
        if (inner) iconSink.push(inner);
        continue;
      }
      const label = c.getAttribute("aria-label");
      if (label) { out += " " + label + " "; continue; }
      if (c.tagName === "IMG") { out += " " + (c.getAttribute("alt") || "") + " "; continue; }
      if (c.tagName === "INPUT" || c.tagName === "SELECT" || c.tagName === "TEXTAREA") continue;
      if (depth < 30) out += " " + contentText(c.shadowRoot || c, depth + 1, pruning()) + " ";
    }
    return out;
  }

  // The name and the text of a control are often the same content: read it once.
  let lastNode = null;
  let lastText = "";
  let lastIcons = [];
  function contentOf(node) {
    if (node !== lastNode) {
      lastNode = node;
      iconSink = [];
      lastText = contentText(node, 0);
      lastIcons = iconSink;
      iconSink = null;
    }
    return lastText;
  }

  function byIds(el, attr) {
    const ids = el.getAttribute(attr);
    if (!ids) return "";
    const root = el.getRootNode();
    return clean(ids.split(/\s+/).map((id) => {
      const ref = root.getElementById ? root.getElementById(id) : doc.getElementById(id);
      return ref ? (ref.getAttribute("aria-label") || contentText(ref, 0)) : "";
    }).join(" "));
  }

  // el.labels searches the whole document on each call: a form of 200 fields asked 200 times.
  // One pass over the document's <label>s gives the same lists (a label's control is what
  // el.labels lists it under); a field inside a shadow root asks its own tree as before.
  let labelMap = null;
  function labelsOf(el) {
    if (plain || el.getRootNode() !== doc) return el.labels;
    if (labelMap === null) {
      labelMap = new Map();
      for (const l of doc.getElementsByTagName("label")) {
        const c = l.control;
        if (!c) continue;
        const list = labelMap.get(c);
        if (list) list.push(l); else labelMap.set(c, [l]);
      }
    }
    return labelMap.get(el) || null;
  }

  function labelText(el) {
    const labels = labelsOf(el);
    if (!labels || !labels.length) return "";
    return clean(Array.from(labels, (l) => contentText(l, 0)).join(" "));
  }

  const NAME_FROM_CONTENT = new Set(["button", "link", "heading", "tab", "option", "menuitem", "menuitemcheckbox",
    "menuitemradio", "cell", "columnheader", "rowheader", "treeitem", "switch", "checkbox", "radio", "gridcell",
    "row", "listitem"]);

  // A dialog titled by an element that holds only its close button (<h2 id=t><button aria-label=Close>) is not
  // called "Close": its first heading that shows words of its own names it.
  const BUTTONS = "button, [role=button]";
  function onlyControls(node) {
    let words = node.textContent || "";
    for (const b of node.querySelectorAll(BUTTONS)) words = words.replace(b.textContent || "", "");
    return node.querySelector(BUTTONS) !== null && !/\S/.test(words);
  }
  function closeOnlyTitle(el) {
    const ids = el.getAttribute("aria-labelledby");
    const root = el.getRootNode();
    const titles = ids ? ids.split(/\s+/).map((id) => (root.getElementById ? root.getElementById(id) : doc.getElementById(id))) : [];
    if (!titles.length || titles.some((t) => !t || !onlyControls(t))) return "";
    for (const h of el.querySelectorAll("h1, h2, h3, h4, h5, h6, [role=heading]")) {
      if (h.querySelector(BUTTONS)) continue;
      const t = clean(contentText(h, 0));
      if (t) return t;
    }
    return "";
  }

  // A dropdown named by its caption and the option it shows at once (aria-labelledby="caption chosen", the chosen
  // part drawn inside it): the caption outside is its label, the part inside what it shows.
  function labelledParts(el) {
    const ids = (el.getAttribute("aria-labelledby") || "").split(/\s+/).filter(Boolean);
    if (ids.length < 2) return null;
    const root = el.getRootNode();
    const nodes = ids.map((id) => (root.getElementById ? root.getElementById(id) : doc.getElementById(id))).filter(Boolean);
    const outside = nodes.filter((n) => !el.contains(n)), inside = nodes.filter((n) => el.contains(n));
    if (!outside.length || !inside.length) return null;
    const words = (list) => clean(list.map((n) => contentText(n, 0)).join(" "));
    const label = words(outside);
    return label ? { label, shown: words(inside) } : null;
  }

  function accName(el, tag, role, label) {
    if (role === "dialog" || role === "alertdialog") {
      const title = closeOnlyTitle(el);
      if (title) return title;
    }
    const lb = byIds(el, "aria-labelledby");
    if (lb) return lb;
    const al = clean(el.getAttribute("aria-label"));
    if (al) return al;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") {
      const t = (el.getAttribute("type") || "").toLowerCase();
      if (t === "submit" || t === "reset" || t === "button") {
        return clean(el.value) || (t === "submit" ? "Submit" : t === "reset" ? "Reset" : "");
      }
      if (t === "image") return clean(el.getAttribute("alt")) || "Submit";
      if (label) return label;
      return clean(el.getAttribute("title")) || clean(el.getAttribute("placeholder"));
    }
    if (tag === "IMG") return clean(el.getAttribute("alt")) || clean(el.getAttribute("title"));
    if (tag === "FIELDSET") {
      const legend = el.querySelector(":scope > legend");
      if (legend) return clean(contentText(legend, 0));
    }
    if (tag === "TABLE") {
      const caption = el.querySelector(":scope > caption");
      if (caption) return clean(contentText(caption, 0));
    }
    if (role === "dialog" || role === "alertdialog") {
      const title = untitledDialogName(el);
      if (title) return title;
    }
    if (NAME_FROM_CONTENT.has(role) || (label === "" && role === "textbox")) {
      const text = clean(contentOf(el.shadowRoot || el));
      if (text) return text;
    }
    if (label) return label;
    return clean(el.getAttribute("title")) || tipName(el);
  }

  // A control nothing else names is known by its tooltip: the one the pointer showed (tips.js keeps it), else one
  // written on it or on a wrapper holding only it (data-tooltip="Save"), when that reads as words, not as a key.
  const TIPS = win[Symbol.for("tapwright.tips")];
  const TIP_ATTRS = ["data-tooltip", "data-tip", "data-title", "data-original-title", "data-bs-original-title",
    "data-hint", "mattooltip"];
  const WORDY = /^[\p{L}][\p{L}\p{N}\s.,:;'’&()\/+-]*$/u;
  const KEYLIKE = /^(?=.*\d)[\p{L}\p{N}_-]+$|^[\p{L}]+[\p{Lu}][\p{L}\p{N}]*$/u;  // "u0ybk5Oq", "tipSaveBtn"
  let tipFrom = null;
  function tipName(el) {
    tipFrom = null;
    const shown = TIPS ? TIPS.names.get(el) : undefined;
    if (shown) { tipFrom = "hover"; return clean(shown); }
    for (let n = el, up = 0; n && n.nodeType === 1 && up < 3; n = n.parentElement, up++) {
      if (n !== el && n.querySelectorAll(CONTROLS_SEL).length > 1) break;
      for (const a of TIP_ATTRS) {
        const v = clean(n.getAttribute(a) || "");
        if (v && v.length <= 80 && WORDY.test(v) && !(v.indexOf(" ") < 0 && KEYLIKE.test(v))) {
          tipFrom = "attribute";
          return v;
        }
      }
    }
    return "";
  }
  const CONTROLS_SEL = "a[href], button, input, select, textarea, [role=button], [role=link], [tabindex]";

  // A dialog nothing names is known by its title: its first heading, else its first line of text
  // when that comes before any of its controls ("Book a room" over the form).
  const CONTROL_TAGS = new Set(["INPUT", "SELECT", "TEXTAREA", "BUTTON"]);
  function untitledDialogName(el) {
    const h = el.querySelector("h1, h2, h3, h4, h5, h6, [role=heading]");
    if (h) { const t = clean(contentText(h, 0)); if (t) return cap(t, 60); }
    const tw = doc.createTreeWalker(el, 5);  // elements and text
    for (let n = tw.nextNode(), k = 0; n && k < 200; n = tw.nextNode(), k++) {
      if (n.nodeType === 1) {
        if (CONTROL_TAGS.has(n.tagName) || n.getAttribute("role") === "button") return "";
        continue;
      }
      const t = clean(n.data);
      if (t) return cap(t, 60);
    }
    return "";
  }

  // A field in a table's header row under the column headings (a filter row) is its column's field:
  // the heading at the same column position in the nearest header row above that has text.
  const CELLS = "th, td, [role=columnheader], [role=gridcell], [role=cell]";
  function columnAt(row, col) {
    let at = 0;
    for (const c of row.children) {
      if (!c.matches(CELLS)) continue;
      const span = Math.max(1, parseInt(c.getAttribute("colspan") || "1", 10) || 1);
      if (col >= at && col < at + span) return c;
      at += span;
    }
    return null;
  }
  function columnHeading(el) {
    const cell = el.closest(CELLS);
    const row = cell && cell.parentElement;
    if (!row || !(cell.tagName === "TH" || cell.getAttribute("role") === "columnheader" || row.closest("thead"))) return "";
    let col = 0;
    for (const c of row.children) { if (c === cell) break; if (c.matches(CELLS)) col += Math.max(1, parseInt(c.getAttribute("colspan") || "1", 10) || 1); }
    for (let r = row.previousElementSibling; r; r = r.previousElementSibling) {
      const head = columnAt(r, col);
      if (!head || head.querySelector("input, select, textarea")) continue;
      const t = clean(icons.text(head));
      if (t) return cap(t, 60);
    }
    return "";
  }

  // Text just before an unlabelled field ("Email: [    ]"): the nearest preceding text.
  function nearText(el) {
    const heading = columnHeading(el);
    if (heading) return heading;
    const t0 = (el.getAttribute("type") || "").toLowerCase();
    if (t0 === "checkbox" || t0 === "radio") {
      // A box's text usually follows it: "[x] Plain text".
      for (let n = el.nextSibling; n; n = n.nextSibling) {
        if (n.nodeType === 1 && FIELD_TAGS.has(n.tagName)) break;
        const t = clean(n.nodeType === 3 ? n.data : n.nodeType === 1 && !SKIP.has(n.tagName) ? icons.text(n) : "");
        if (t) return cap(t, 60);
      }
    }
    let node = el;
    for (let up = 0; up < 3 && node; up++) {
      for (let p = node.previousSibling; p; p = p.previousSibling) {
        const t = clean(p.nodeType === 3 ? p.data : p.nodeType === 1 && !SKIP.has(p.tagName) ? icons.text(p) : "");
        if (t) return cap(t, 60);
      }
      node = node.parentNode;
    }
    return "";
  }

  // A combobox drawn as a wrapper around its text input ("<div role=combobox><label for=i>Organiser</label><input id=i>"):
  // the label of the one labelled field inside names the wrapper, which is what the snapshot reports.
  const WRAPPERS = new Set(["combobox", "listbox"]);
  function innerLabel(el) {
    const fields = el.querySelectorAll("input, select, textarea");
    if (!fields.length || fields.length > 3) return "";
    const found = new Set();
    for (const f of fields) { const t = labelText(f); if (t) found.add(t); }
    return found.size === 1 ? [...found][0] : "";
  }

  const NO_TEXT = new Set(["textbox", "combobox", "listbox", "searchbox", "dialog", "alertdialog", "menu", "tabpanel",
    "canvas"]);
  const FIELD_TAGS = new Set(["INPUT", "TEXTAREA", "SELECT"]);
  const containerCache = [];
  let ctxIds = new Map();
  const ctxTable = [];

  // The stack holds containers as {el, tag, role, s}; their text ("row:Leo | leo@x") is only
  // worked out when an element inside is reported, which a query mostly never does.
  function ctxId(stack) {
    if (!stack.length) return -1;
    const names = stack.map((b) => (b.s === null ? (b.s = container(b.el, b.tag, b.role)) : b.s));
    const key = names.join("\u0001");
    let id = ctxIds.get(key);
    if (id === undefined) { id = ctxTable.length; ctxTable.push(names); ctxIds.set(key, id); }
    return id;
  }

  const CONTROL_SEL = "a[href], button, input, select, textarea, [role=button], [role=link], [role=checkbox]";
  function rowText(el) {
    const cells = el.querySelectorAll(":scope > td, :scope > th, :scope > [role=cell], :scope > [role=gridcell]");
    const parts = [];
    // Cells holding controls (Edit, Delete, a checkbox) are left out: the controls are
    // listed on their own, and the row reads as its data ("Leo Smith | leo@example.com").
    for (const c of cells) {
      if (c.querySelector(CONTROL_SEL)) continue;
      const t = cap(clean(contentText(c, 0)), 40);
      if (t) parts.push(t);
      if (parts.length >= 4) break;
    }
    return parts.length ? parts.join(" | ") : cap(clean(contentText(el, 0)), 60);
  }

  const CONTAINER_ROLES = new Set(["dialog", "alertdialog", "form", "row", "region", "navigation", "complementary",
    "tabpanel", "menu", "menubar", "group", "table", "list", "toolbar", "tablist", "radiogroup", "grid", "banner",
    "contentinfo", "search", "listitem", "listbox"]);
  const isContainer = (tag, role) => CONTAINER_ROLES.has(role) || role === "canvas" ||
    (role === "" && (tag === "HEADER" || tag === "FOOTER"));
  // A drawing surface (a <canvas>, or an <svg> the size of a work area, not an icon): "the canvas" a person
  // points at, and the container of what is drawn on it ("the Validate node on the canvas").
  function drawingSurface(el, tag) {
    if (tag !== "svg" && tag !== "CANVAS") return false;
    const r = el.getBoundingClientRect();
    return r.width >= 200 && r.height >= 150;
  }
  // A large box with no role that only its id names (<div id="side-palette">): a part of the page a person
  // points at by what the id says ("the palette"). Ids of words only: "ember123" or "r-4f9a" say nothing.
  const ID_WORDS = /^[A-Za-z]+(?:[-_]?[A-Za-z]+)*$/;
  const REGION_TAGS = new Set(["DIV", "SECTION", "ASIDE", "MAIN"]);
  function idRegion(el, tag, role) {
    if (role !== "" || !REGION_TAGS.has(tag) || !el.id || el.id.length > 60 || !ID_WORDS.test(el.id)) return false;
    const r = el.getBoundingClientRect();
    // A bar is long and short: an id that says so ("bulkbar", "action-bar", "status_bar") names it at any height.
    return r.width >= 120 && (r.height >= 120 || (r.height > 0 && /bar$/i.test(el.id)));
  }
  // A box with no role whose id says it is the page's navigation (<div id="mainnav">, <ul id="top-nav">,
  // <div id="navbar">): the navigation a person points at ("New Ticket in the navigation bar"), named by the
  // id's other words ("main"). Only ids: a class name is a style, not a statement of what the box is.
  const NAV_ID = /^(?:([a-z]*?)[-_]?(?:nav|navbar|navigation|menu|menubar)|(?:nav|navbar|navigation)[-_]?([a-z]*))$/;
  const NAV_TAGS = new Set(["DIV", "UL", "OL", "SECTION"]);
  function navId(el, tag, role) {
    if (role !== "" || !NAV_TAGS.has(tag) || !el.id || el.id.length > 40) return null;
    const m = NAV_ID.exec(el.id.replace(CAMEL_RE, "-").toLowerCase());
    if (!m) return null;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 ? (m[1] || m[2] || "").replace(/[-_]+/g, " ").trim() : null;
  }
  // Posts, cards and results drawn as repeated <div class="post"> siblings with no role are the items
  // of a list ("the second post", "There should be 5 results"); so is an <article>. Their parent is the list.
  const BOX_TAGS = new Set(["DIV", "SECTION", "ARTICLE"]);
  const repeatCache = new Map();
  const clsOf = (e) => (typeof e.className === "string" ? e.className.trim() : "");
  function repeats(parent) {
    let counts = repeatCache.get(parent);
    if (counts === undefined) {
      counts = new Map();
      for (let c = parent.firstElementChild; c; c = c.nextElementSibling) {
        const cls = clsOf(c);
        if (cls && BOX_TAGS.has(c.tagName)) counts.set(c.tagName + " " + cls, (counts.get(c.tagName + " " + cls) || 0) + 1);
      }
      let any = false;
      for (const n of counts.values()) if (n >= 3) any = true;
      if (!any) counts = null;
      repeatCache.set(parent, counts);
    }
    return counts;
  }
  function boxKind(el, tag, role) {
    if (role !== "" || !BOX_TAGS.has(tag)) return null;
    if (tag === "ARTICLE") return "article";
    const counts = el.parentElement ? repeats(el.parentElement) : null;
    const cls = clsOf(el);
    if (counts && cls && (counts.get(tag + " " + cls) || 0) >= 3) return "article";
    return repeats(el) && tag !== "ARTICLE" ? "list" : null;
  }

  // An unnamed table or list is known by the heading just before it ("Orders") or else by its id ("cart-items").
  function tableName(el) {
    let p = el.previousElementSibling;
    for (let k = 0; p && k < 3; k++, p = p.previousElementSibling) {
      if (TEXT_TAGS[p.tagName]) return clean(contentText(p, 0));
    }
    return el.id ? el.id.replace(/[-_]+/g, " ") : "";
  }

  // Containers that give an element its context ("dialog:Delete item", "row:Leo | leo@x").
  function container(el, tag, role) {
    switch (role) {
      case "dialog": case "alertdialog": return "dialog:" + cap(accName(el, tag, role, ""), 60);
      case "form": return "form:" + cap(accName(el, tag, role, "") || el.getAttribute("name") || el.id || "", 60);
      case "row": return "row:" + rowText(el);
      case "region": case "navigation": case "complementary": case "tabpanel": case "menu": case "menubar":
      case "group": case "table": case "list": case "toolbar": case "tablist": case "radiogroup": case "grid":
      case "banner": case "contentinfo": case "search": case "listbox": {
        const n = accName(el, tag, role, "") || ((role === "table" || role === "list" || role === "grid") ? tableName(el) : "");
        if (!n && (role === "group" || role === "list" || role === "table" || role === "listbox")) return role;
        return role + ":" + cap(n, 60);
      }
      case "listitem": return "listitem:" + cap(clean(contentText(el, 0)), 60);
      case "article": return "article:" + cap(clean(contentText(el, 0)), 60);
      case "idnav": return "navigation:" + navId(el, tag, "");
      case "block": return "block:" + el.id.replace(CAMEL_RE, " ").replace(/[-_]+/g, " ").toLowerCase();
      case "canvas": return "canvas:" + cap(clean(el.getAttribute("aria-label") || el.getAttribute("title") || ""), 60);
      default:
        if (tag === "HEADER" && role === "") return "banner";
        if (tag === "FOOTER" && role === "") return "contentinfo";
        return null;
    }
  }

  // Query mode (opts.q): every element is still walked and numbered exactly as in a full
  // snapshot, but only those that may match the description's words are reported in full
  // (box, style, state). The tokenization mirrors the locator's (lower case, ASCII
  // punctuation as spaces, camelCase ids split); text that is not ASCII is compared
  // loosely, as a substring, which only ever reports more elements, never fewer.
  const LABELABLE = new Set(["checkbox", "radio", "switch", "textbox", "searchbox", "combobox", "spinbutton",
    "slider", "listbox"]);
  const ASCII_RE = /^[\x00-\x7f]*$/;
  // What separates words for the locator in ASCII text: punctuation and whitespace (\0 joins fields here).
  const SEP = "\\0!-\\/:-@\\[-`{-~ \\t\\n\\r\\x0b\\x0c\\x1c-\\x1f";
  const CAMEL_RE = /(?<=[a-z0-9])(?=[A-Z])/g;
  const looseCompact = (s, split) => (split ? s.replace(CAMEL_RE, " ") : s).normalize("NFKC").toLowerCase()
    .replace(/ß/g, "ss").normalize("NFKD").replace(/([\u0000-\u024f])\p{M}+/gu, "$1").replace(/[^\p{L}\p{N}]+/gu, "");

  function makeQuery(spec) {
    const words = spec.words;
    // A whole field that is the description once punctuation and spaces are dropped.
    const wholeRes = spec.compact.map((c) => new RegExp(`(?:^|\\0)[${SEP.slice(2)}]*` +
      Array.from(c).join(`[${SEP.slice(2)}]*`) + `[${SEP.slice(2)}]*(?:\\0|$)`));
    const prefixes = spec.prefixes;
    const sep = new Uint8Array(128);
    for (let c = 0; c < 128; c++) sep[c] = new RegExp(`[${SEP}]`).test(String.fromCharCode(c)) ? 1 : 0;
    // Every word of ``hay`` (lower-case ASCII) that starts with ``p`` goes into ``into``.
    function scan(hay, p, into) {
      for (let i = hay.indexOf(p); i >= 0; i = hay.indexOf(p, i + 1)) {
        if (i > 0 && !sep[hay.charCodeAt(i - 1)]) continue;
        let j = i + p.length;
        while (j < hay.length && !sep[hay.charCodeAt(j)]) j++;
        into.add(hay.slice(i, j));
      }
    }
    // Whether ``hay`` has a word equal to ``w`` (or, for 3+ characters, starting with it).
    function hasWord(hay, w) {
      for (let i = hay.indexOf(w); i >= 0; i = hay.indexOf(w, i + 1)) {
        if (i > 0 && !sep[hay.charCodeAt(i - 1)]) continue;
        const end = i + w.length;
        if (w.length >= 3 || end === hay.length || sep[hay.charCodeAt(end)]) return true;
      }
      return false;
    }
    const seen = prefixes.map(() => new Set());
    const fuzzy = new Set();

    // Slow path for elements with non-ASCII text: each field compared loosely, as a substring.
    function wantsLoose(texts) {
      const found = words.map(() => false);
      let whole = false;
      for (const [text, split] of texts) {
        if (!text) continue;
        const loose = ASCII_RE.test(text) ? text.toLowerCase() : looseCompact(text, split);
        if (!ASCII_RE.test(text)) {
          for (const p of prefixes) if (loose.includes(p)) fuzzy.add(p);
        } else {
          const one = "\0" + (split ? text.replace(CAMEL_RE, " ") : text).toLowerCase();
          prefixes.forEach((p, i) => scan(one, p, seen[i]));
          if (wholeRes.some((re) => re.test(one))) whole = true;
        }
        words.forEach((w, i) => { found[i] = found[i] || loose.includes(w); });
      }
      return whole || found.every((f) => f);
    }

    return {
      wants(d, role) {
        const a = d.attrs;
        const o = d.o;
        let hay = "\0" + (o.n || "") + "\0" + (o.t || "") + "\0" + (a.label || "") + "\0" + (a.placeholder || "") +
          "\0" + (a.title || "") + "\0" + (a.alt || "") + "\0" + (d.near || "") + "\0" + (a.type || "") + "\0" +
          (o.v || "") + "\0" + (a.test_id ? a.test_id.replace(CAMEL_RE, " ") : "") + "\0" +
          (a.id ? a.id.replace(CAMEL_RE, " ") : "") + "\0" + (a.name ? a.name.replace(CAMEL_RE, " ") : "") + "\0" +
          (a.cls ? a.cls.replace(CAMEL_RE, " ") : "") + "\0" + (a.icon || "");
        let hit;
        if (ASCII_RE.test(hay)) {
          hay = hay.toLowerCase();
          for (let i = 0; i < prefixes.length; i++) scan(hay, prefixes[i], seen[i]);
          hit = words.every((w) => hasWord(hay, w)) || wholeRes.some((re) => re.test(hay));
        } else {
          hit = wantsLoose([[o.n], [o.t], [a.label], [a.placeholder], [a.title], [a.alt], [d.near], [a.type], [o.v],
            [a.test_id, true], [a.id, true], [a.name, true], [a.cls, true], [a.icon, true]]);
        }
        // Unnamed form controls can be named by the text drawn beside them: the locator needs them all.
        return hit || (LABELABLE.has(role) && !o.n && !a.label);
      },
      stats() {
        const out = {};
        prefixes.forEach((p, i) => {
          const all = Array.from(seen[i]).sort();
          out[p] = { n: all.length, first: all.slice(0, 65), fuzzy: fuzzy.has(p) };
        });
        return out;
      },
    };
  }
  const query = opts && opts.q ? makeQuery(opts.q) : null;

  const active = (() => { let a = doc.activeElement; while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement; return a; })();
  const els = [];
  const out = [];
  const stack = [];

  // A modal drawn with no dialog role: a fixed layer over the whole viewport, stacked above the page
  // (a z-index), holding a smaller box at its centre and only a part of the page's text. Found once,
  // from what lies at the middle of the viewport; it is reported as a dialog.
  const DIALOG_SEL = "dialog, [role=dialog], [role=alertdialog]";
  function modalLayer() {
    const vw = win.innerWidth, vh = win.innerHeight;
    if (!doc.elementFromPoint || !doc.body || vw <= 0 || vh <= 0) return null;
    const hit = doc.elementFromPoint(vw / 2, vh / 2);
    if (!hit || hit.closest(DIALOG_SEL)) return null;
    for (let p = hit; p && p !== doc.body && p !== doc.documentElement; p = p.parentElement) {
      const cs = getComputedStyle(p);
      if (cs.position !== "fixed") continue;
      const r = p.getBoundingClientRect();
      if (cs.zIndex === "auto" || r.width < vw * 0.9 || r.height < vh * 0.9) return null;
      const role = (p.getAttribute("role") || "").trim().toLowerCase();
      if (role && role !== "document" && role !== "presentation" && role !== "none") return null;
      const box = hit === p ? null : [...p.children].find((c) => c.contains(hit));
      const b = box ? box.getBoundingClientRect() : null;
      if (!b || b.width > vw * 0.9 || !p.querySelector("input, select, textarea, button, [role=button], [tabindex]")) return null;
      const own = (p.textContent || "").length, all = (doc.body.textContent || "").length;
      return own > 0 && own < all * 0.7 ? p : null;
    }
    return null;
  }
  // A modal box stacked over a backdrop of its own (a fixed layer over the whole viewport with no text and nothing to
  // press, as older component kits draw it): the box, a fixed or absolute sibling of the backdrop's (or a child
  // of one) stacked at or above it and holding a control, is the dialog.
  const MODAL_CONTROLS = "input, select, textarea, button, a[href], [role=button], [tabindex]";
  function backdropModal() {
    const vw = win.innerWidth, vh = win.innerHeight;
    if (!doc.elementFromPoint || !doc.body || vw <= 0 || vh <= 0) return null;
    let bd = doc.elementFromPoint(3, vh - 3);
    while (bd && bd !== doc.body && getComputedStyle(bd).position !== "fixed") bd = bd.parentElement;
    if (!bd || bd === doc.body || bd.closest(DIALOG_SEL)) return null;
    const r = bd.getBoundingClientRect();
    if (r.width < vw * 0.9 || r.height < vh * 0.9 || (bd.textContent || "").trim() || bd.querySelector(MODAL_CONTROLS)) return null;
    const level = (cs) => (cs.zIndex === "auto" ? 0 : parseInt(cs.zIndex, 10) || 0);
    const under = level(getComputedStyle(bd));
    const parent = bd.parentElement || doc.body;
    const near = [...parent.children].flatMap((c) => [c, ...c.children]);
    for (const c of near) {
      if (c === bd || c.contains(bd)) continue;
      const cs = getComputedStyle(c);
      if ((cs.position !== "fixed" && cs.position !== "absolute") || cs.display === "none" || cs.visibility === "hidden") continue;
      const after = bd.compareDocumentPosition(c) & Node.DOCUMENT_POSITION_FOLLOWING;
      if (level(cs) < under || (level(cs) === under && !after)) continue;
      const b = c.getBoundingClientRect();
      if (b.width < 40 || b.height < 20 || b.bottom <= 0 || b.top >= vh || !c.querySelector(MODAL_CONTROLS)) continue;
      const role = (c.getAttribute("role") || "").trim().toLowerCase();
      if (c.closest(DIALOG_SEL) || c.querySelector(DIALOG_SEL) || (role && role !== "document" && role !== "presentation" && role !== "none")) return null;
      return c;
    }
    return null;
  }
  const modal = modalLayer() || backdropModal();

  // The page's top bar when it has no banner landmark (a <div> bar of links and buttons across the top, as many
  // apps draw their title and menu): a box at the top edge, across the viewport, short, holding controls and a
  // small part of the page's text. It is reported as the banner.
  function topBar() {
    const vw = win.innerWidth;
    if (!doc.body || vw <= 0 || doc.querySelector("header:not(article header):not(section header), [role=banner]")) return null;
    let level = [doc.body];
    const all = (doc.body.textContent || "").length;
    for (let depth = 0; depth < 4; depth++) {
      const next = [];
      for (const p of level) for (const c of p.children) {
        if (/^(SCRIPT|STYLE|TEMPLATE|NOSCRIPT)$/.test(c.tagName)) continue;
        const r = c.getBoundingClientRect();
        if (r.width <= 0 || r.height <= 0) continue;
        const bar = r.top <= 4 && r.top >= -1 && r.width >= vw * 0.9 && r.height >= 24 && r.height <= 140;
        if (bar && c.querySelector("a[href], button, [role=button], [role=link]")
            && (c.textContent || "").length < all * 0.3) return c;
        if (r.top <= 4 && r.height > 140) next.push(c);  // a wrapper around the whole page: look inside it
      }
      level = next;
    }
    return null;
  }
  const banner = topBar();

  // A month grid (a small table with a row of seven cells and 28 or more day numbers, as date pickers draw
  // it) is a calendar: it, with the header naming its month just around it, is the container
  // "calendar" ("20 in the calendar", "June 2025 in the calendar").
  const DAY_RE = /^\s*([1-9]|[12]\d|3[01])\s*$/;
  const MONTH_YEAR = /(january|february|march|april|may|june|july|august|september|october|november|december)[\s,]*\d{4}(?!\d)/i;
  function calendars() {
    const out = new Set();
    for (const t of doc.getElementsByTagName("table")) {
      if (t.rows.length > 12 || t.rows.length < 4) continue;
      let days = 0, week = false;
      for (const r of t.rows) {
        if (r.cells.length === 7) week = true;
        for (const c of r.cells) if (DAY_RE.test(c.textContent || "")) days++;
      }
      if (!week || days < 28) continue;
      let root = t;
      for (let p = t, i = 0; p && i < 6; p = p.parentElement, i++) {
        const text = p.textContent || "";
        if (text.length > 1000) break;  // past the picker: the page around it
        if (MONTH_YEAR.test(text)) { root = p; break; }
      }
      out.add(root);
    }
    return out;
  }
  const calendarRoots = calendars();

  // The outline a person sees: "round" (a circle or a pill: corners rounded by half the short side or more),
  // "square" (about as wide as tall, with sharp corners), else "" (no word for it).
  function outline(cs, rect) {
    if (!rect || rect.width < 4 || rect.height < 4) return "";
    const short = Math.min(rect.width, rect.height);
    const raw = cs.borderTopLeftRadius || "0";
    const radius = raw.endsWith("%") ? (parseFloat(raw) / 100) * short : parseFloat(raw) || 0;
    if (radius >= short / 2 - 1) return "round";
    if (radius <= short * 0.15 && Math.abs(rect.width - rect.height) <= short * 0.15) return "square";
    return "";
  }

  function visible(el, rect) {
    if (rect.width <= 0 && rect.height <= 0) return false;
    return el.checkVisibility ? el.checkVisibility({ visibilityProperty: true }) : true;
  }

  // The cheap part of an element: what names it (role, name, text, label, ids, value).
  // Returns null when a text-only element has no text (then it is not reported at all).
  const NAMING_ATTRS = ["placeholder", "title", "alt", "type"];
  function describe(el, tag, role, interactive, inShadow, textOnly) {
    const o = { r: role };
    const attrs = { tag: tag.toLowerCase() };
    if (el.id) attrs.id = el.id;
    const any = el.hasAttributes();  // a bare <td> or <button>: none of the reads below can find anything
    const tid = any && (el.getAttribute("data-testid") || el.getAttribute("data-test") || el.getAttribute("data-qa") || el.getAttribute("data-cy"));
    if (tid) attrs.test_id = tid;
    let label = "", shownPart = "";
    if (FIELD_TAGS.has(tag)) label = labelText(el) || byIds(el, "aria-labelledby");
    else if (WRAPPERS.has(role)) label = innerLabel(el);
    if (!label && role === "combobox" && any) {
      const parts = labelledParts(el);
      if (parts) { label = parts.label; shownPart = parts.shown; }
    }
    if (label) {
      attrs.label = cap(label, MAX_TEXT);
      // A label drawn as a title line and a description ("<strong>Email</strong><span>Let others find you</span>"):
      // the title names the control as much as the whole label does.
      const ls = labelsOf(el);
      const first = ls && ls.length ? ls[0] : null;
      const head = first && first.childElementCount >= 2 ? first.firstElementChild : null;
      const title = head ? clean(contentText(head, 0)) : "";
      if (title && title !== label && title.length <= 60) attrs.label_title = title;
    }
    if (any) {
      for (const a of NAMING_ATTRS) {
        const v = el.getAttribute(a);
        if (v) attrs[a] = cap(v, MAX_TEXT);
      }
    }
    if (tag === "A" && el.hasAttribute("href")) attrs.href = cap(el.getAttribute("href"), 300);
    if (interactive) {
      // What a developer named it: name="__login_name", class="new-todo" (read as words by the locator).
      const nm = el.getAttribute("name");
      if (nm) attrs.name = cap(nm, 80);
      const cls = typeof el.className === "string" ? clean(el.className) : "";
      if (cls) attrs.cls = cap(cls, 80);
    }
    if (inShadow) attrs.shadow = "1";
    let name;
    let capEnd = null;
    if (textOnly) {
      name = "";
      capEnd = captionEnd(el);
      o.t = cap(clean(capEnd !== null ? captionText(el, capEnd) : contentOf(el)), MAX_TEXT);
      if (!o.t) return null;
      if (role === "heading") { name = o.t; attrs.level = String(TEXT_TAGS[tag] || el.getAttribute("aria-level") || 2); }
      else if (role === "cell" || role === "columnheader" || role === "rowheader") name = o.t;
    } else {
      tipFrom = null;
      name = accName(el, tag, role, label);
      if (name && tipFrom) attrs.tooltip = tipFrom;  // named by its tooltip (shown on hover, or written on it)
      if (role === "heading") attrs.level = String(TEXT_TAGS[tag] || el.getAttribute("aria-level") || 2);
      const text = NO_TEXT.has(role) ? ""
        : cap(clean(tag === "IMG" ? "" : contentOf(el)), MAX_TEXT);
      if (text && text !== name) o.t = text;
    }
    if (name) o.n = cap(name, MAX_TEXT);
    // Words its content draws as icons ("delete" beside "Delete", the arrow of a sorted column's heading).
    const drawn = lastNode === el || lastNode === el.shadowRoot ? lastIcons : [];
    if (drawn.length) attrs.icon = cap(drawn.join(" "), 80);
    else if (interactive && !o.t && ICON_ROLES.has(role) && el.firstElementChild && !NOT_BLANK.test(el.textContent || "")) {
      const icon = iconWords(el);
      if (icon) attrs.icon = icon;
    }
    let near = "";
    if (interactive) {
      if (tag === "INPUT" || tag === "TEXTAREA") {
        const t = (el.type || "").toLowerCase();
        if (!INPUT_ROLES[t] || t === "number" || t === "search") {
          o.v = t === "password" ? (el.value ? "********" : "") : cap(el.value, MAX_TEXT);
        } else if (t === "range") o.v = el.value;
      } else if (tag === "SELECT") {
        o.v = Array.from(el.selectedOptions, (x) => clean(x.label || x.text)).join(", ");
      } else if (el.isContentEditable) {
        o.v = cap(clean(el.innerText), MAX_TEXT);
      }
      // The text before a field names it when nothing else does, or only a placeholder or title does
      // ("From [City or airport]": the placeholder says what to type, the text which field it is).
      if (!label && FIELD_TAGS.has(tag) && (!name || (!el.hasAttribute("aria-label") && !el.hasAttribute("aria-labelledby"))))
        near = nearText(el);
      // A tick box with no name in a table's head (a heading cell, the head rows) ticks every row: people call it
      // what it does, "the select-all checkbox".
      if (!name && !near && role === "checkbox" && el.closest("th, thead, [role=columnheader]")) near = "Select all";
    }
    if (shownPart && o.v === undefined) o.v = cap(shownPart, MAX_TEXT);
    if (INDICATOR_ROLES.has(role)) {
      const said = el.getAttribute("aria-valuetext");
      if (said) o.v = cap(clean(said), MAX_TEXT);
    }
    return { o, attrs, label, name, near, capEnd };
  }

  // An icon-only control (<a><i class="fa fa-plus"></i></a>, <button><svg><use href="#icon-trash"/></svg></button>)
  // is known by its icon: the class words of what it holds, an icon set's own prefix dropped ("fa fa-plus" is
  // "plus"), a sprite's fragment name and a data-icon attribute.
  // The word "icon" in an icon's own name ("#icon-power") says nothing about which icon it is.
  const bare = (word) => word.replace(/^icons?[-_:]|[-_:]icons?$/i, "");
  const ICON_ROLES = new Set(["button", "link", "menuitem", "tab", "switch", "checkbox", "option", "treeitem"]);
  function iconWords(el) {
    const words = [];
    const own = el.getAttribute("data-icon");
    if (own) words.push(bare(own));
    const nodes = el.querySelectorAll("*");
    for (let k = 0; k < nodes.length && k < 6; k++) {
      const n = nodes[k];
      const parts = (n.getAttribute("class") || "").trim().split(/\s+/).filter(Boolean);
      for (const p of parts) {
        if (parts.some((q) => q !== p && q.startsWith(p + "-"))) continue;
        const set = parts.find((q) => q !== p && p.startsWith(q + "-"));
        words.push(set ? p.slice(set.length + 1) : p);
      }
      if (n.tagName.toLowerCase() === "use") {
        const href = n.getAttribute("href") || n.getAttribute("xlink:href") || "";
        if (href.includes("#")) words.push(bare(href.slice(href.indexOf("#") + 1)));
      }
      const di = n.getAttribute("data-icon");
      if (di) words.push(bare(di));
    }
    return cap(words.join(" "), 80);
  }

  // A drawing surface larger than the window (an 8000 px diagram in a scrolling pane) is where it shows.
  function clipToView(o, rect) {
    const x = Math.max(rect.x, 0), y = Math.max(rect.y, 0);
    const w = Math.max(0, Math.min(rect.x + rect.width, win.innerWidth) - x);
    const h = Math.max(0, Math.min(rect.y + rect.height, win.innerHeight) - y);
    o.b = [Math.round(x * 10) / 10, Math.round(y * 10) / 10, Math.round(w * 10) / 10, Math.round(h * 10) / 10];
  }

  // Whether a key event at a field would reach a handler of the page: one added for keydown, keyup or keypress
  // (observer.js keeps the targets) or an on-key property, on the field, anything holding it (across shadow
  // roots), its document or the window. Without the observer's record: assumed heard.
  const keyed = win.__twKeyed instanceof WeakSet ? win.__twKeyed : null;
  const hears = (t) => keyed.has(t) || t.onkeydown != null || t.onkeyup != null || t.onkeypress != null;
  function keysHeard(el) {
    if (keyed === null) return true;
    for (let n = el; n; n = n.parentNode || n.host) if (hears(n)) return true;
    return hears(win);
  }

  // The costly part: box, visibility, computed style and state flags.
  function finish(el, tag, interactive, d) {
    const { o, attrs, label, near, capEnd } = d;
    let rect = el.getBoundingClientRect();
    if (capEnd) {
      // A caption's own box: the lines before the block it titles, not the block ("Ticket System" over its links).
      const range = doc.createRange();
      range.setStartBefore(el.firstChild);
      range.setEndBefore(capEnd);
      const r = range.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) rect = r;
    }
    const vis = visible(el, rect);
    let st = vis ? "v" : "";
    if (interactive) {
      const cs = getComputedStyle(el);
      attrs.color = cs.color;
      if (cs.backgroundColor !== "rgba(0, 0, 0, 0)") attrs.background = cs.backgroundColor;
      attrs.font_size = String(parseFloat(cs.fontSize) || 0);
      attrs.font_weight = cs.fontWeight;
      const shape = outline(cs, rect);
      if (shape) attrs.shape = shape;
      if (cs.direction === "rtl") attrs.dir = "rtl"; // ordinals read a right-to-left row from the right
      const disabled = el.matches(":disabled") || el.getAttribute("aria-disabled") === "true";
      if (disabled) st += "d";
      if (tag === "INPUT" && (el.type === "checkbox" || el.type === "radio")) st += el.checked ? "c" : "u";
      else {
        const ac = el.getAttribute("aria-checked") || el.getAttribute("aria-pressed");
        if (ac === "true") st += "c"; else if (ac === "false") st += "u";
        else if (o.r === "checkbox") st += icons.tickBox(el) || "";
      }
      if (tag === "OPTION") st += el.selected ? "s" : "n";
      else {
        const sel = el.getAttribute("aria-selected");
        if (sel === "true") st += "s"; else if (sel === "false") st += "n";
      }
      if (el === active) st += "f";
      const ex = el.getAttribute("aria-expanded");
      if (ex === "true") st += "x"; else if (ex === "false") st += "o";
      else if (tag === "SUMMARY" && el.parentElement && el.parentElement.tagName === "DETAILS") st += el.parentElement.open ? "x" : "o";
      if (tag === "INPUT" || tag === "TEXTAREA") {
        const t = (el.type || "").toLowerCase();
        if ((!INPUT_ROLES[t] || t === "number" || t === "search") && !el.readOnly && !disabled) {
          st += "e";
          if (!keysHeard(el)) attrs.key_handlers = "none";  // a fill needs to type no key of its own (typed_fill.py)
        }
      } else if (tag === "SELECT") {
        if (!disabled) st += "e";
      } else if (el.isContentEditable) {
        st += "e";
      }
      if (!label && !o.n && (FIELD_TAGS.has(tag) || o.r === "checkbox") && near) attrs.near = near;
    }
    o.s = st;
    o.a = attrs;
    if (o.r === "canvas") clipToView(o, rect);
    else o.b = [Math.round(rect.x * 10) / 10, Math.round(rect.y * 10) / 10, Math.round(rect.width * 10) / 10, Math.round(rect.height * 10) / 10];
    const c = ctxId(stack);
    if (c >= 0) o.c = c;
    if (!interactive) o.i = 0;
  }

  function emit(el, tag, role, interactive, inShadow, textOnly, inText) {
    const d = describe(el, tag, role, interactive, inShadow, textOnly);
    if (d === null) return;
    if (inText) d.attrs.in_text = "1"; // a control inside a text another element reports: a word in running text
    const k = els.length;
    els.push(el);
    if (query !== null && !query.wants(d, role)) return;
    finish(el, tag, interactive, d);
    d.o.k = k;
    out.push(d.o);
  }

  // A list item or box whose own words come before a block of its own (<li>Ticket System<ul>...</ul></li>) is
  // titled by those words: the caption is them, on their own box, not the whole block's text and box.
  const BLOCK_TAGS = new Set(["UL", "OL", "DL", "TABLE", "DIV", "SECTION", "FORM", "NAV", "FIELDSET", "MENU"]);
  function captionEnd(el) {
    if (el.childElementCount === 0) return null;
    let words = false;
    for (let c = el.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3) { if (NOT_BLANK.test(c.data)) words = true; }
      else if (c.nodeType === 1 && BLOCK_TAGS.has(c.tagName)) return words ? c : null;
    }
    return null;
  }
  function captionText(el, end) {
    let t = "";
    for (let c = el.firstChild; c && c !== end; c = c.nextSibling) {
      t += " " + (c.nodeType === 3 ? c.data : c.nodeType === 1 ? contentText(c, 0) : "");
    }
    return t;
  }

  const NOT_BLANK = /\S/;
  function hasOwnText(el) {
    for (let c = el.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3 && NOT_BLANK.test(c.data)) return true;
    }
    return false;
  }

  const FRAME_TAGS = new Set(["IFRAME", "FRAME"]);
  // A div or span whose own text ends in a caret ("Select carrier ▾") is a home-made dropdown's
  // toggle: a control a person clicks, though no role says so.
  const CARET = /[▾▼⌄⏷˅🔽]\s*$/u;
  function caretToggle(el) {
    for (let c = el.lastChild; c; c = c.previousSibling) {
      if (c.nodeType === 3) { if (c.data.trim()) return CARET.test(c.data); }
      else if (c.nodeType === 1) return false;
    }
    return false;
  }

  // An element a page script made clickable (a click handler, onclick, or a tabindex and a pointer cursor on a
  // span or div) is a control of its own: "Eget" in a paragraph is clicked on its own box, not the paragraph's.
  // Only small elements count: a handler on a list or a table (event delegation) does not make it a button.
  // An anchor without an address that a script made clickable (<a class="btn">Send</a> with a handler) is a button.
  const SCRIPTABLE = new Set(["SPAN", "DIV", "I", "IMG", "SVG", "LABEL", "STRONG", "EM", "B", "SMALL", "A"]);
  // Shapes drawn in SVG (a diagram's nodes): a group of many parts is still one thing a person clicks.
  const SVG_SHAPES = new Set(["g", "rect", "circle", "ellipse", "path", "polygon", "text", "image", "use"]);
  const listened = win.__twClickable instanceof WeakSet ? win.__twClickable : null;
  const INNER_CONTROLS = "input,select,textarea,button,a[href],[contenteditable],[role=button],[role=link],[role=checkbox]," +
    "[role=switch],[role=radio],[role=textbox],[role=combobox],[role=option],[role=menuitem],[role=tab],[tabindex]";
  function scriptClickable(el) {
    const tagged = (listened !== null && listened.has(el)) || el.hasAttribute("onclick") || typeof el.onclick === "function";
    const focusable = el.hasAttribute("tabindex") && el.tabIndex >= 0;
    if (!tagged && !focusable) return false;
    if (el.childElementCount > 8 && !SVG_SHAPES.has(el.tagName)) return false;
    const text = el.textContent || "";
    if (text.length > 80) return false;
    // A wrapper around real controls (a field's frame, a list item with its own buttons) stays a wrapper:
    // as a control of its own it would hide the controls inside it.
    if (el.querySelector(INNER_CONTROLS) !== null) return false;
    if (focusable && !tagged && getComputedStyle(el).cursor !== "pointer") return false;
    return true;
  }

  // inText: an ancestor already reported this text; inCtl: inside an interactive element.
  function walk(node, inShadow, inText, inCtl) {
    for (let el = node.firstElementChild; el; el = el.nextElementSibling) {
      visit(el, inShadow, inText, inCtl);
      if (els.length >= maxEls) return;
    }
  }

  function visit(el, inShadow, inText, inCtl) {
    const tag = el.tagName;
    if (SKIP.has(tag)) return;
    if (tag === "SLOT") {
      for (const a of el.assignedElements({ flatten: true })) visit(a, inShadow, inText, inCtl);
      if (!el.assignedNodes().length) walk(el, inShadow, inText, inCtl);
      return;
    }
    if (el.hidden && tag !== "DIALOG") return;
    if (el.getAttribute("aria-hidden") === "true") return;
    if (FRAME_TAGS.has(tag)) return;  // frames are collected by their own call
    if (tag === "DIALOG" && !el.open) return;
    let role = roleOf(el, tag);
    if (el === modal) role = "dialog";
    else if (el === banner && !role) role = "banner";
    // A button that opens a list box around a labelled field (a select drawn over a read-only input) is a
    // dropdown named by that field's label ("Room"), not by the label and the current choice ("Room Atlas").
    if (role === "button" && /^(listbox|true)$/i.test(el.getAttribute("aria-haspopup") || "") && innerLabel(el)) role = "combobox";
    if (role === "" && (tag === "DIV" || tag === "SPAN") && caretToggle(el)) role = "button";
    if (role === "" && !inCtl && drawingSurface(el, tag)) role = "canvas";
    if (role === "" && !inCtl && (SCRIPTABLE.has(tag) || SVG_SHAPES.has(tag)) && scriptClickable(el)) role = "button";
    // A tick box drawn as a clickable box with an icon (no input inside it) is a checkbox.
    if (role === "button" && tag !== "INPUT" && !el.hasAttribute("role") && icons.tickBox(el) !== null) role = "checkbox";
    let pushed = false;
    const calendar = calendarRoots.size > 0 && calendarRoots.has(el);
    if (calendar) stack.push({ el, tag, role: "calendar", s: "calendar" });
    if (isContainer(tag, role)) { stack.push({ el, tag, role, s: null }); pushed = true; }
    else {
      // One of a run of like boxes (posts, results) is an item of a list, even when its id reads as words.
      const box = boxKind(el, tag, role);
      if (box !== null) { stack.push({ el, tag, role: box, s: null }); pushed = true; }
      else if (navId(el, tag, role) !== null) { stack.push({ el, tag, role: "idnav", s: null }); pushed = true; }
      else if (idRegion(el, tag, role)) { stack.push({ el, tag, role: "block", s: null }); pushed = true; }
    }
    let nowText = inText;
    const interactive = INTERACTIVE_ROLES.has(role) || (tag === "INPUT" && role !== "") ||
      (el.getAttribute("contenteditable") !== null && el.isContentEditable && !inCtl);
    if (interactive && !inCtl) {
      emit(el, tag, role, true, inShadow, false, inText);
    } else if (!inCtl && !inText && role === "img" && (el.getAttribute("alt") || el.getAttribute("aria-label"))) {
      emit(el, tag, "img", false, inShadow, false);
    } else if (!inCtl && !inText && (role === "" || role === "img" || READ_ROLES.has(role)) && icons.word(el)) {
      // A word drawn as an icon on its own (a done mark in a table cell): an image known by that word.
      emit(el, tag, "img", false, inShadow, false);
      nowText = true;
    } else if (!inCtl && !inText && (INDICATOR_ROLES.has(role) || ((tag === "PROGRESS" || tag === "METER") && role === ""))) {
      emit(el, tag, INDICATOR_ROLES.has(role) ? role : tag === "METER" ? "meter" : "progressbar", false, inShadow, false);
      nowText = true;
    } else if (!inCtl && !inText && (role === "heading" || ((role === "cell" || role === "columnheader" || role === "rowheader" || role === "" || role === "listitem" || role === "dialog" || role === "region" || LIVE_TEXT.has(role) || READ_ROLES.has(role)) && hasOwnText(el)))) {
      emit(el, tag, role === "" || role === "listitem" || role === "dialog" || role === "region" || READ_ROLES.has(role) ? "text" : role, false, inShadow, true);
      nowText = true;
    } else if (!inCtl && (role === "dialog" || role === "alertdialog" || role === "canvas")) {
      emit(el, tag, role, false, inShadow, false);
    }
    // The options of a list box (and the nested items of a tree) are controls of their own: an open
    // custom dropdown's options must be in the snapshot ("click French"). A native <select>'s are not.
    const ctl = inCtl || (interactive && !(role === "listbox" && tag !== "SELECT") && role !== "treeitem");
    if (el.shadowRoot) walk(el.shadowRoot, true, nowText, ctl);
    else if (!(tag === "SELECT" && ctl)) walk(el, inShadow, nowText, ctl);
    if (pushed) stack.pop();
    if (calendar) stack.pop();
  }

  walk(doc.documentElement || doc, false, false, false);
  // The reported nodes stay reachable as (generation, index) for the last few snapshots:
  // an action re-finds its very node through the "tapwright" selector engine (targets.py).
  // Not enumerable: keeps the page's own for-in loops over window unaffected.
  let snaps = win.__twSnaps;
  if (!(snaps instanceof Map)) {
    snaps = new Map();
    Object.defineProperty(win, "__twSnaps", { value: snaps, configurable: true, writable: true, enumerable: false });
  }
  const gen = (Number(win.__twGen) || 0) + 1;
  Object.defineProperty(win, "__twGen", { value: gen, configurable: true, writable: true, enumerable: false });
  snaps.set(gen, els);
  for (const old of snaps.keys()) {
    if (snaps.size <= 8) break;
    snaps.delete(old);
  }
  // A JSON string crosses the pipe far faster than Playwright's structured serialisation of 20k objects.
  return JSON.stringify({
    url: location.href, title: doc.title, w: win.innerWidth, h: win.innerHeight,
    els: out, ctx: ctxTable, mut: win.__twMut ? win.__twMut.get() : -1, mdoc: win.__twMut ? win.__twMut.doc : "", trunc: els.length >= maxEls,
    n: els.length, gen, stats: query !== null ? query.stats() : null,
  });
}
