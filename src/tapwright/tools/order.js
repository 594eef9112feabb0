// web.verify_order: where each text stands among the items of the list, table or grid that holds it.
// arg: {texts: [...]}. Returns {items: [{text, found, positions, container, count}], common: bool}.
// An item is the row or entry a text is in: a table row, an ARIA row, list item, option or tree item, or
// else the nearest ancestor repeated beside siblings of the same tag and class (a list drawn with divs).
// Positions are 1-based among the container's visible items, top to bottom (then left to right), so
// rows drawn out of document order (a virtual grid placing rows by transform) count as they are seen.
(arg) => {
  const icons = twIcons();
  const norm = (s) => (s || "").replace(/\s+/g, " ").trim().toLowerCase();
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0) return false;
    const s = getComputedStyle(el);
    return s.visibility !== "hidden" && s.display !== "none";
  };
  const ITEM = "tr,[role=row],li,[role=listitem],[role=option],[role=treeitem]";
  const HOLDER = "table,[role=grid],[role=treegrid],[role=table],[role=list],[role=listbox],[role=tree],ul,ol";
  const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const header = (row) => row.closest("thead") !== null || row.querySelector("[role=columnheader]") !== null ||
    (row.tagName === "TR" && row.cells.length > 0 && [...row.cells].every((c) => c.tagName === "TH" && c.getAttribute("scope") !== "row"));
  const signature = (el) => el.tagName + "." + (typeof el.className === "string" ? el.className.trim().split(/\s+/).sort().join(".") : "");

  function holders(text) {
    const want = new RegExp("(^|[^\\p{L}\\p{N}])" + escape(norm(text)) + "($|[^\\p{L}\\p{N}])", "u");
    const plain = norm(text);
    const cands = [...document.body.querySelectorAll("*")].filter((el) => norm(el.textContent).includes(plain));
    const hits = [];
    for (let i = cands.length - 1; i >= 0; i--) {  // descendants before their ancestors
      const el = cands[i];
      if (hits.some((h) => el.contains(h))) continue;  // holds a hit already: leaf-most elements only
      if (el.closest("script,style,noscript,template,head")) continue;
      if (want.test(norm(icons.text(el))) && visible(el)) hits.push(el);
    }
    return hits;
  }
  function itemOf(el) {
    const marked = el.closest(ITEM);
    if (marked && !header(marked)) return marked;
    for (let a = el; a && a.parentElement && a !== document.body; a = a.parentElement) {
      const sig = signature(a);
      const same = [...a.parentElement.children].filter((s) => signature(s) === sig && visible(s));
      if (same.length >= 2) return a;
    }
    return null;
  }
  function peers(item) {
    // The container and its visible items of the same kind, in the order they are seen.
    let box, all;
    if (item.matches(ITEM)) {
      box = item.parentElement.closest(HOLDER) || item.parentElement;
      const role = item.getAttribute("role");
      const kind = item.tagName === "TR" ? "tr" : role ? `[role=${role}]` : item.tagName.toLowerCase();
      all = [...box.querySelectorAll(kind)].filter((r) => (r.parentElement.closest(HOLDER) || r.parentElement) === box);
    } else {
      box = item.parentElement;
      const sig = signature(item);
      all = [...box.children].filter((s) => signature(s) === sig);
    }
    const rows = all.filter((r) => visible(r) && !header(r) && norm(r.innerText || r.textContent));
    rows.sort((a, b) => {
      const ra = a.getBoundingClientRect(), rb = b.getBoundingClientRect();
      return Math.abs(ra.top - rb.top) > 2 ? ra.top - rb.top : ra.left - rb.left;
    });
    return { box, rows };
  }
  const boxes = [];
  const boxId = (box) => { let i = boxes.indexOf(box); if (i < 0) { boxes.push(box); i = boxes.length - 1; } return i; };
  const name = (box) => {
    const label = box.getAttribute("aria-label") || (box.querySelector("caption") || {}).textContent || "";
    const kind = box.matches("table,[role=grid],[role=treegrid],[role=table]") ? "table" : "list";
    return (label ? `the ${kind} ${JSON.stringify(label.trim().slice(0, 60))}` : `a ${kind}`);
  };
  const items = arg.texts.map((text) => {
    const seen = new Map();
    for (const el of holders(text)) {
      const item = itemOf(el);
      if (!item) continue;
      const { box, rows } = peers(item);
      const at = rows.indexOf(item);
      if (at < 0) continue;
      seen.set(item, { container: boxId(box), name: name(box), position: at + 1, count: rows.length });
    }
    const found = [...seen.values()];
    return { text, found: found.length, places: found };
  });
  return { items };
}
