// tapwright navigation: measure a page's content, scroll it, and find clickable things by
// their text (tagged data-tw-c="N" for Playwright). Evaluated as `(arg) => ...` by navigate.py.
(arg) => {
  "use strict";
  const clean = (s) => (s || "").replace(/[\s\u00a0]+/g, " ").trim();
  const norm = (s) => clean(s).toLowerCase();
  const visible = (el) => {
    if (el.closest("[hidden]")) return false;
    const st = getComputedStyle(el);
    if (st.display === "none" || st.visibility === "hidden") return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  const CLICKABLE = "a[href],button,[role=button],[role=link],[role=treeitem],[role=menuitem],[role=tab],summary,input[type=submit],input[type=button],[onclick]";
  const textOf = (el) => clean(el.getAttribute("aria-label") || el.textContent || el.value || el.getAttribute("title"));
  function measure() {
    const sel = arg.items || "article,li,tr,[class*=card],[class*=item],[class*=post],[class*=story],[class*=product]";
    return { height: document.documentElement.scrollHeight, items: document.querySelectorAll(sel).length,
      nodes: document.getElementsByTagName("*").length, y: window.scrollY };
  }
  function scroll() {
    const el = document.scrollingElement || document.documentElement;
    window.scrollTo(0, el.scrollHeight);
    // Feeds inside a scrolling box: scroll the tallest one too.
    let box = null;
    for (const e of document.querySelectorAll("main,section,div,ul")) {
      if (e.scrollHeight > e.clientHeight + 50 && /(auto|scroll)/.test(getComputedStyle(e).overflowY) && (!box || e.scrollHeight > box.scrollHeight)) box = e;
    }
    if (box) box.scrollTop = box.scrollHeight;
    return measure();
  }
  const untag = () => { for (const el of document.querySelectorAll("[data-tw-c]")) el.removeAttribute("data-tw-c"); };
  function clickables(text, exact) {
    untag();
    const want = norm(text);
    const out = [];
    let n = 0;
    for (const el of document.querySelectorAll(CLICKABLE)) {
      if (!visible(el)) continue;
      const t = norm(textOf(el));
      if (!t) continue;
      const rank = t === want ? 0 : (!exact && t.startsWith(want) ? 1 : (!exact && t.includes(want) ? 2 : -1));
      if (rank < 0) continue;
      const id = String(n++);
      el.setAttribute("data-tw-c", id);
      out.push({ id, rank, text: textOf(el).slice(0, 200), tag: el.tagName.toLowerCase(), expanded: el.getAttribute("aria-expanded"),
        href: el.getAttribute("href"), chrome: !!el.closest("header,footer") });
    }
    out.sort((a, b) => a.rank - b.rank || a.chrome - b.chrome);
    return out;
  }
  function nextControl() {
    // rel=next, then "Next"-like words, then the page number after the current one, then "load more".
    untag();
    let n = 0;
    const tag = (el, how) => { el.setAttribute("data-tw-c", "n" + n); return { id: "n" + n++, how, text: textOf(el).slice(0, 100), href: el.getAttribute("href") }; };
    const all = [...document.querySelectorAll(CLICKABLE)].filter((el) => visible(el) && !el.disabled && el.getAttribute("aria-disabled") !== "true");
    const rel = all.find((el) => (el.getAttribute("rel") || "").split(/\s+/).includes("next"));
    if (rel) return tag(rel, "rel=next");
    const NEXT = /^(next( page)?|next ›|next »|›|»|→|>|older( posts)?|następna|następne|dalej|weiter|suivant|siguiente|more)$/i;
    const word = all.find((el) => NEXT.test(textOf(el)) || /^next( page)?$/i.test(el.getAttribute("aria-label") || ""));
    if (word) return tag(word, "next link");
    const cur = document.querySelector("[aria-current=page],.pagination .active,.pager .current,.current-page");
    const curNum = cur ? parseInt(textOf(cur), 10) : NaN;
    if (!isNaN(curNum)) {
      const num = all.find((el) => textOf(el) === String(curNum + 1));
      if (num) return tag(num, "page number");
    }
    const more = all.find((el) => /^(load|show|see|view) more|więcej|mehr laden/i.test(textOf(el)));
    if (more) return tag(more, "load more");
    return null;
  }
  switch (arg.kind) {
    case "measure": return measure();
    case "scroll": return scroll();
    case "clickables": return clickables(arg.text, arg.exact);
    case "next": return nextControl();
    default: throw new Error("unknown nav call " + arg.kind);
  }
}
