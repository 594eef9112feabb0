// Names a page shows only while the pointer rests on a control: the tooltip of an icon button. One function,
// four steps (``op``): "known" says whether ``el`` needs no hover (hovered already, or no script could show a
// tooltip for it); "arm" watches the page for what changes while the pointer moves onto ``el``; "read" waits
// (at most ``ms``) for a short text to appear beside ``el`` and keeps it as ``el``'s name; "gone" waits (at most
// ``ms``) for that text to be hidden again once the pointer left. What was learned lives in a WeakMap on the
// window (the snapshot reads it): it goes with the document, and changes nothing the page can see.
(el, args) => {
  const KEY = Symbol.for("tapwright.tips");
  const st = window[KEY] || (window[KEY] = { names: new WeakMap(), obs: null, changed: [], tip: null });
  const op = args.op;

  function shown(e) {
    const r = e.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0) return false;
    return e.checkVisibility ? e.checkVisibility({ visibilityProperty: true, opacityProperty: true }) : true;
  }
  const words = (e) => (e.innerText || e.textContent || "").replace(/\s+/g, " ").trim();

  // A tooltip: shown, one or two short lines, beside the control (not inside it, not around it).
  function tipLike(e, box) {
    if (!e || e.nodeType !== 1 || e === el || e.contains(el) || el.contains(e)) return "";
    const t = words(e);
    if (!t || t.length > 80 || !shown(e)) return "";
    const r = e.getBoundingClientRect();
    if (r.height > 90 || r.width > 480) return "";
    const dx = Math.max(box.left - r.right, r.left - box.right, 0);
    const dy = Math.max(box.top - r.bottom, r.top - box.bottom, 0);
    return dx <= 200 && dy <= 200 ? t : "";
  }

  // What the control says describes it now (aria-describedby, set by many tooltip libraries on show).
  function described(box) {
    for (let n = el, up = 0; n && up < 3; n = n.parentElement, up++) {
      const ids = (n.getAttribute && n.getAttribute("aria-describedby")) || "";
      for (const id of ids.split(/\s+/).filter(Boolean)) {
        const t = tipLike(document.getElementById(id), box);
        if (t) return [document.getElementById(id), t];
      }
    }
    return null;
  }

  function candidates() {
    const out = new Set();
    for (const rec of st.changed) {
      const n = rec.type === "characterData" ? rec.target.parentElement : rec.target;
      if (n && n.nodeType === 1) out.add(n);
      for (const a of rec.addedNodes || []) {
        if (a.nodeType === 1) { out.add(a); a.querySelectorAll("*").forEach((d) => out.add(d)); }
        else if (a.parentElement) out.add(a.parentElement);
      }
    }
    return out;
  }

  function find() {
    const box = el.getBoundingClientRect();
    const d = described(box);
    if (d) return d;
    let best = null, bestRank = -1;
    for (const c of candidates()) {
      const t = tipLike(c, box);
      if (!t) continue;
      // a tooltip by its role first, then the innermost element holding the words
      const rank = (c.getAttribute("role") === "tooltip" ? 2 : 0) + (c.childElementCount === 0 ? 1 : 0);
      if (rank > bestRank) { best = [c, t]; bestRank = rank; }
    }
    return best;
  }

  if (op === "arm") {
    if (st.obs) st.obs.disconnect();
    st.changed = [];
    st.tip = null;
    st.obs = new MutationObserver((recs) => { for (const r of recs) st.changed.push(r); });
    st.obs.observe(document.documentElement, { subtree: true, childList: true, characterData: true,
      attributes: true, attributeFilter: ["class", "style", "hidden", "aria-hidden", "aria-describedby", "open"] });
    return true;
  }
  const until = performance.now() + (args.ms || 0);
  if (op === "read") {
    return new Promise((resolve) => {
      const step = () => {
        const hit = find();
        if (hit || performance.now() >= until) {
          if (st.obs) { st.obs.disconnect(); st.obs = null; }
          st.changed = [];
          st.tip = hit ? hit[0] : null;
          const name = hit ? hit[1] : "";
          st.names.set(el, name);  // "" too: hovered, nothing shown (not hovered again)
          resolve(name);
        } else setTimeout(step, 40);
      };
      step();
    });
  }
  if (op === "gone") {
    return new Promise((resolve) => {
      const step = () => {
        const t = st.tip;
        if (!t || !t.isConnected || !shown(t) || performance.now() >= until) { st.tip = null; resolve(true); }
        else setTimeout(step, 40);
      };
      step();
    });
  }
  if (op === "known") {
    // Hovered already, or nothing could show a tooltip on hover: no script listens to the pointer arriving on it,
    // anything holding it (across shadow roots), its document or window (unknown listeners: it could).
    if (st.names.has(el)) return true;
    const heard = window.__twHoverable;
    if (!(heard instanceof WeakSet)) return false;
    const hears = (t) => heard.has(t) || t.onmouseenter != null || t.onmouseover != null || t.onpointerenter != null;
    for (let n = el; n; n = n.parentNode || n.host) if (hears(n)) return false;
    if (hears(window)) return false;
    st.names.set(el, "");
    return true;
  }
  return null;
};
