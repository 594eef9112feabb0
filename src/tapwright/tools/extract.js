// tapwright extraction: one in-page pass per call. Finds repeated records (product cards,
// articles, posts), tables, lists and links, and returns raw text; Python parses prices,
// numbers and dates. Evaluated as `(arg) => ...` by extract.py.
(arg) => {
  "use strict";
  // Words drawn as icons by a ligature font ("arrow_upward" beside "Priority") are not read (icons.js).
  const icons = twIcons();
  const PRICE = /(?:[$€£¥₹]|US\$|zł|zl|PLN|EUR|USD|GBP|CHF|SEK|NOK|DKK|CZK|JPY|kr|Kč)\s?\d|\d[\d\s\u00a0.,']*\s?(?:[$€£¥₹]|zł|zl|PLN|EUR|USD|GBP|CHF|SEK|NOK|DKK|CZK|kr|Kč|,-|\.-)(?![a-z])/i;
  const clean = (s) => (s || "").replace(/[\s\u00a0]+/g, " ").trim();
  const abs = (u) => { try { return u ? new URL(u, location.href).href : null; } catch (e) { return null; } };
  const visible = (el) => {
    if (el.hidden || el.closest("[hidden],template,script,style,noscript")) return false;
    const st = getComputedStyle(el);
    return st.display !== "none" && st.visibility !== "hidden";
  };
  const cls = (el) => ((el.getAttribute && el.getAttribute("class")) || "").toLowerCase() + " " + ((el.getAttribute && el.getAttribute("itemprop")) || "").toLowerCase();
  // Class tokens, not substrings: "listing-page" is no "age", "image" no "age".
  const tokens = (el) => ((el.getAttribute && el.getAttribute("class")) || "").toLowerCase().split(/\s+/).filter(Boolean);
  const hasTok = (el, rx) => tokens(el).some((t) => rx.test(t));
  const findTok = (root, rx) => { for (const el of root.querySelectorAll("[class]")) if (hasTok(el, rx)) return el; return null; };
  const struck = (el) => !!el.closest("s,del,strike,[class*=old],[class*=was],[class*=strike],[class*=before],[class*=regular-price],[class*=list-price]");
  const inChrome = (el) => !!el.closest("header,footer,nav,aside,[role=navigation],[role=banner],[role=contentinfo],form,select,option");

  // -- prices -------------------------------------------------------------------------
  function priceElements(root) {
    const out = new Set();
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const t = n.nodeValue;
      if (!t || !/\d/.test(t)) continue;
      let el = n.parentElement;
      if (!el || inChrome(el)) continue;
      for (let up = 0; el && up < 3; up++, el = el.parentElement) {
        const text = clean(el.textContent);
        if (text.length > 40) break;
        if (PRICE.test(text)) { out.add(el); break; }
      }
    }
    for (const el of root.querySelectorAll("[itemprop=price],[data-price]")) if (!inChrome(el)) out.add(el);
    // Keep the innermost: a price span inside a price box counts once.
    return [...out].filter((el) => ![...out].some((o) => o !== el && el.contains(o)) && visible(el));
  }
  const priceText = (el) => clean(el.getAttribute("content") && el.matches("[itemprop=price]") ? el.getAttribute("content") + " " + clean(el.textContent) : el.textContent);

  // -- repeated records -----------------------------------------------------------------
  // Records are siblings of one shape: same tag and same first class ("post bg1" and "post bg2" match).
  const sig = (el) => el.tagName + "." + ((el.getAttribute("class") || "").trim().split(/\s+/)[0] || "");
  function otherText(el, skip) {
    let text = clean(el.textContent);
    for (const s of skip) text = text.replace(clean(s.textContent), "");
    return /[A-Za-z\u00C0-\u024F]{3}/.test(text);
  }
  // The record around a seed element: the nearest ancestor whose parent holds at least two
  // same-tag children that each contain a seed, and which has something besides the seed.
  function recordFor(seed, seeds, hasSeed) {
    for (let node = seed; node && node.parentElement && node !== document.body; node = node.parentElement) {
      const parent = node.parentElement;
      const same = [...parent.children].filter((c) => sig(c) === sig(node) && hasSeed(c));
      if (same.length >= 2 && (node.querySelector("a[href],img,h1,h2,h3,h4,h5,h6") || otherText(node, seeds.filter((s) => node.contains(s))))) return node;
    }
    return null;
  }
  function groups(seeds) {
    // Every ancestor of a seed, so "does this element hold a seed" is one lookup.
    const marked = new Set();
    for (const s of seeds) for (let e = s; e && !marked.has(e); e = e.parentElement) marked.add(e);
    const hasSeed = (el) => marked.has(el);
    const byParent = new Map();
    for (const seed of seeds) {
      const rec = recordFor(seed, seeds, hasSeed);
      if (!rec) continue;
      const key = rec.parentElement;
      if (!byParent.has(key)) byParent.set(key, new Set());
      byParent.get(key).add(rec);
    }
    return [...byParent.entries()].map(([parent, recs]) => ({ parent, records: [...recs] }));
  }
  // The main group: most records times how rich they are; groups of the same shape join it.
  function mainRecords(found) {
    if (!found.length) return [];
    const rich = (r) => (r.querySelector("img") ? 1 : 0) + (r.querySelector("h1,h2,h3,h4,h5,h6,[class*=title],[class*=name]") ? 1 : 0) + (r.querySelector("a[href]") ? 1 : 0);
    const score = (g) => g.records.length * (1 + g.records.reduce((a, r) => a + rich(r), 0) / g.records.length) * (inChrome(g.parent) ? 0.2 : 1);
    found.sort((a, b) => score(b) - score(a));
    const best = found[0];
    const shape = (g) => g.records[0].tagName + "." + (g.records[0].getAttribute("class") || "").split(/\s+/)[0];
    const out = [];
    for (const g of found) if (g === best || (shape(g) === shape(best) && !inChrome(g.parent))) out.push(...g.records);
    out.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    return out;
  }

  // -- fields -----------------------------------------------------------------------------
  const BAD_LINK = /^(\d+\s*(comments?|replies|reviews?|offers?)|compare|add to|buy|reply|hide|share|report|more|»|›|←|→|\d+)$/i;
  function titleLink(rec, authorEl) {
    const links = [...rec.querySelectorAll("a[href]")].filter((a) => visible(a) && clean(a.textContent) && !(authorEl && (authorEl.contains(a) || a.contains(authorEl))));
    const inHeading = links.find((a) => a.closest("h1,h2,h3,h4,h5,h6,[class*=title],[class*=headline],[class*=subject],[class*=name]") && !BAD_LINK.test(clean(a.textContent)));
    if (inHeading) return inHeading;
    const ok = links.filter((a) => !BAD_LINK.test(clean(a.textContent)) && !/user|profile|member|author|\/u\//i.test(a.getAttribute("href")));
    ok.sort((a, b) => clean(b.textContent).length - clean(a.textContent).length);
    return ok[0] || null;
  }
  function heading(rec) {
    return rec.querySelector("h1,h2,h3,h4,h5,h6,[itemprop=name],[class*=title],[class*=name]");
  }
  function image(rec) {
    const img = rec.querySelector("img");
    if (!img) return null;
    const lazy = img.getAttribute("data-src") || img.getAttribute("data-lazy-src") || img.getAttribute("data-original");
    const src = lazy || img.getAttribute("src");
    return src && !src.startsWith("data:") ? abs(src) : (lazy ? abs(lazy) : null);
  }
  function rating(rec) {
    for (const el of rec.querySelectorAll("[itemprop=ratingValue],[data-rating],[class*=rating],[class*=star],[aria-label*=rating i],[aria-label*=rated i],[aria-label*=ocena i],[aria-label*='out of 5' i],[aria-label*=stars i]")) {
      const cands = [el.getAttribute("content"), el.getAttribute("data-rating"), el.getAttribute("aria-label"), el.getAttribute("title")];
      const value = el.querySelector("[class*=value],[itemprop=ratingValue]");
      if (value) cands.unshift(clean(value.textContent));
      cands.push(clean(el.textContent));
      for (const c of cands) {
        const m = c && c.match(/(\d(?:[.,]\d{1,2})?)\s*(?:\/\s*5|out of 5|of 5|na 5|stars?|★)?/i);
        if (m) { const v = parseFloat(m[1].replace(",", ".")); if (v >= 0 && v <= 5) return v; }
      }
    }
    return null;
  }
  const AUTHOR = /^(author|authors|user|username|hnuser|byline|poster|postauthor|submitter)$|^(author|user)[-_]/;
  const DATE = /^(date|age|time|timestamp|posted|published|pubdate|datetime)$|^(date|time|posted|published)[-_]|[-_](date|time|timestamp)$/;
  const SCORE = /^(score|points|votes|likes|karma|upvotes)$|^(score|points|votes|likes)[-_]|[-_](score|points|votes|likes)$/;
  function authorOf(rec) {
    return rec.querySelector("[rel=author],[itemprop=author]") || findTok(rec, AUTHOR) ||
      rec.querySelector("a[href*='/u/'],a[href*='/user/'],a[href*='user?id='],a[href*='viewprofile']");
  }
  function dateOf(rec) {
    const t = rec.querySelector("time");
    if (t) return t.getAttribute("datetime") || clean(t.textContent);
    const el = rec.querySelector("[itemprop=datePublished]") || findTok(rec, DATE);
    if (!el) return null;
    const title = el.getAttribute("title") || el.getAttribute("content");
    return title && /\d{4}-\d{2}-\d{2}/.test(title) ? title : clean(el.textContent);
  }
  function scoreOf(rec) {
    const el = rec.querySelector("[itemprop=upvoteCount]") || findTok(rec, SCORE);
    return el ? clean(el.getAttribute("content") || el.textContent) : null;
  }

  function products() {
    const seeds = priceElements(document.body);
    const recs = mainRecords(groups(seeds));
    return recs.map((rec) => {
      const prices = seeds.filter((p) => rec.contains(p));
      const current = prices.find((p) => !struck(p)) || prices[0];
      const h = heading(rec);
      const link = (h && (h.matches("a[href]") ? h : h.querySelector("a[href]"))) || titleLink(rec, null);
      const name = clean((h && h.textContent) || (link && link.textContent) || (rec.querySelector("img[alt]") || {}).alt);
      return { name, price_text: current ? priceText(current) : null, url: link ? abs(link.getAttribute("href")) : null, image: image(rec), rating: rating(rec) };
    });
  }

  const AGO = /^\d+\s+(seconds?|minutes?|hours?|days?|weeks?|months?|years?)\s+ago$/i;
  const META = /^(comments?|byline|meta|tagline|subtext)$/;
  // A link inside an author, date, score or comments element (up to three levels up) is metadata, not a title.
  const inMeta = (a) => { for (let e = a, i = 0; e && i < 3; e = e.parentElement, i++) if (e.tagName === "TIME" || hasTok(e, AUTHOR) || hasTok(e, DATE) || hasTok(e, SCORE) || hasTok(e, META)) return true; return false; };
  function articleSeeds() {
    return [...document.querySelectorAll("a[href]")].filter((a) => {
      if (inChrome(a) || inMeta(a) || AGO.test(clean(a.textContent)) || !visible(a)) return false;
      const t = clean(a.textContent);
      return t.length >= 12 && /\s/.test(t) && !BAD_LINK.test(t);
    });
  }
  function articles() {
    const seeds = articleSeeds();
    const recs = mainRecords(groups(seeds));
    return recs.map((rec) => {
      // A record split over sibling rows (a title row, then a row of score, author, age).
      let scope = rec;
      const next = rec.nextElementSibling;
      const parts = [rec];
      if (next && next.tagName === rec.tagName && !seeds.some((s) => next.contains(s))) parts.push(next);
      const q = (f) => { for (const p of parts) { const v = f(p); if (v) return v; } return null; };
      const a = q(authorOf);
      const link = titleLink(scope, a);
      const h = q((p) => p.querySelector("h1,h2,h3,h4,h5,h6"));
      const title = clean(h && h.contains(link) ? h.textContent : (link ? link.textContent : (h ? h.textContent : "")));
      return { title, url: link ? abs(link.getAttribute("href")) : null, author: a ? clean(a.textContent).replace(/^by\s+/i, "") : null, date: q(dateOf), score: q(scoreOf) };
    });
  }

  function links(pattern, flags) {
    const rx = pattern ? new RegExp(pattern, flags) : null;
    const seen = new Set();
    const out = [];
    for (const a of document.querySelectorAll("a[href]")) {
      const url = abs(a.getAttribute("href"));
      if (!url || seen.has(url) || !visible(a)) continue;
      const text = clean(a.textContent) || clean(a.getAttribute("aria-label")) || clean(a.getAttribute("title"));
      if (rx && !rx.test(url) && !rx.test(text)) continue;
      seen.add(url);
      out.push({ text, url });
    }
    return out;
  }

  // -- tables ------------------------------------------------------------------------------
  function tableName(t, i) {
    const cap = t.querySelector("caption");
    if (cap && clean(icons.text(cap))) return clean(icons.text(cap));
    for (let el = t; el && el !== document.body; el = el.parentElement) {
      for (let p = el.previousElementSibling; p; p = p.previousElementSibling) {
        if (/^H[1-6]$/.test(p.tagName)) return clean(icons.text(p));
        const h = p.querySelectorAll("h1,h2,h3,h4,h5,h6");
        if (h.length) return clean(icons.text(h[h.length - 1]));
      }
    }
    return t.id || t.getAttribute("aria-label") || `Table ${i + 1}`;
  }
  // A heading's words without what it hides from a screen reader (a sort arrow beside "Owner").
  function headText(c) {
    if (!c.querySelector("[aria-hidden=true]")) return clean(icons.text(c));
    const bare = c.cloneNode(true);
    for (const x of bare.querySelectorAll("[aria-hidden=true]")) x.remove();
    return clean(icons.text(bare)) || clean(icons.text(c));
  }
  function grid(t) {
    const rows = [...t.rows].filter((r) => r.closest("table") === t);
    const out = [];
    const isHead = [];
    rows.forEach((row, r) => {
      out[r] = out[r] || [];
      let c = 0;
      for (const cell of row.cells) {
        while (out[r][c] !== undefined) c++;
        const span = Math.max(1, Math.min(cell.colSpan || 1, 1000));
        const down = Math.max(1, Math.min(cell.rowSpan || 1, rows.length - r));
        const head = cell.tagName === "TH" || row.parentElement.tagName === "THEAD";
        const text = head ? headText(cell) : clean(icons.text(cell));
        for (let dr = 0; dr < down; dr++) {
          out[r + dr] = out[r + dr] || [];
          for (let dc = 0; dc < span; dc++) out[r + dr][c + dc] = { text, th: cell.tagName === "TH" && !(cell.getAttribute("scope") === "row") };
        }
        c += span;
      }
      isHead[r] = row.parentElement.tagName === "THEAD";
    });
    return { cells: out.map((r) => [...r].map((x) => x || { text: "", th: false })), isHead };
  }
  // A grid drawn with ARIA roles and no <table> (a data grid of divs): its rows are the role=row elements it owns,
  // its cells their cell roles; a row of column headers is a header row.
  const GRID_SEL = "table,[role=grid],[role=table],[role=treegrid]";
  const CELL_SEL = "[role=gridcell],[role=cell],[role=columnheader],[role=rowheader]";
  function ariaGrid(t) {
    const rows = [...t.querySelectorAll("[role=row]")].filter((r) => r.parentElement.closest(GRID_SEL) === t);
    const cells = rows.map((r) => [...r.querySelectorAll(CELL_SEL)].filter((c) => c.parentElement.closest("[role=row]") === r));
    const isHead = cells.map((cs) => cs.length > 0 && cs.every((c) => c.getAttribute("role") === "columnheader"));
    return { cells: cells.map((cs) => cs.map((c) => ({ text: c.getAttribute("role") === "columnheader" ? headText(c) : clean(icons.text(c)), th: c.getAttribute("role") === "columnheader" }))), isHead };
  }
  // Shown: not inside a closed dialog or a hidden tab (an ancestor's display: none), and drawn with a size.
  const shown = (t) => visible(t) && (!t.checkVisibility || t.checkVisibility()) && t.getClientRects().length > 0;
  function tables() {
    const all = [...document.querySelectorAll(GRID_SEL)].filter((t) => shown(t) && !t.querySelector(GRID_SEL)
      && (t.tagName === "TABLE" ? t.rows.length : t.querySelector("[role=row]")));
    return all.map((t, i) => {
      const g = t.tagName === "TABLE" ? grid(t) : ariaGrid(t);
      let head = 0;
      while (head < g.cells.length && (g.isHead[head] || (g.cells[head].length && g.cells[head].every((c) => c.th)))) head++;
      if (head === g.cells.length) head = Math.min(1, g.cells.length);
      const width = Math.max(...g.cells.map((r) => r.length));
      const headers = [];
      for (let c = 0; c < width; c++) {
        const parts = [];
        for (let r = 0; r < head; r++) { const v = (g.cells[r][c] || { text: "" }).text; if (v && parts[parts.length - 1] !== v) parts.push(v); }
        headers.push(parts.join(" / "));
      }
      const body = g.cells.slice(head).map((r) => Array.from({ length: width }, (_, c) => (r[c] || { text: "" }).text));
      return { name: tableName(t, i), id: t.id || null, headers, rows: body };
    });
  }

  function lists() {
    const out = [];
    for (const l of document.querySelectorAll("ul,ol,dl,[role=list]")) {
      if (inChrome(l) || !visible(l) || l.closest("li,dd,[role=listitem]")) continue;
      if (l.getAttribute("role") === "list" && !/^(UL|OL|DL)$/.test(l.tagName)) {  // a list drawn with ARIA roles
        const items = [...l.querySelectorAll("[role=listitem]")].filter((c) => c.parentElement.closest("[role=list]") === l
          && (!c.checkVisibility || c.checkVisibility())).map((c) => clean(icons.text(c))).filter(Boolean);
        if (items.length) out.push({ name: tableName(l, out.length), kind: "unordered", id: l.id || null, items });
        continue;
      }
      const name = tableName(l, out.length);
      if (l.tagName === "DL") {
        const items = [];
        let term = null;
        for (const c of l.children) {
          if (c.tagName === "DT") term = clean(icons.text(c));
          else if (c.tagName === "DD") items.push({ term, definition: clean(icons.text(c)) });
        }
        if (items.length) out.push({ name, kind: "definitions", id: l.id || null, items });
      } else {
        const items = [...l.children].filter((c) => c.tagName === "LI").map((c) => clean(icons.text(c))).filter(Boolean);
        if (items.length) out.push({ name, kind: l.tagName === "OL" ? "ordered" : "unordered", id: l.id || null, items });
      }
    }
    return out;
  }

  // -- records for a caller's schema ---------------------------------------------------------
  // Each record: every element in it with its class / itemprop / data-field / label words and text.
  function fieldsOf(rec) {
    const out = [];
    for (const el of [rec, ...rec.querySelectorAll("*")]) {
      const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.nodeValue.trim());
      if (!own && !el.matches("a[href],img,time,[content],[data-value],h1,h2,h3,h4,h5,h6")) continue;
      const p = el.parentElement && el !== rec ? el.parentElement : null;
      const words = [el.getAttribute("class"), el.getAttribute("itemprop"), el.getAttribute("data-field"), el.getAttribute("name"),
        el.getAttribute("aria-label"), el.tagName.toLowerCase(), p && p.getAttribute("class"), p && p.tagName.toLowerCase()].filter(Boolean).join(" ");
      out.push({ words, text: clean(el.textContent), href: el.matches("a[href]") ? abs(el.getAttribute("href")) : null,
        src: el.matches("img") ? image(el.parentElement || el) : null, datetime: el.getAttribute("datetime"),
        content: el.getAttribute("content") || el.getAttribute("data-value"), price: PRICE.test(clean(el.textContent)) && clean(el.textContent).length < 40 });
    }
    return out;
  }
  function records() {
    const seeds = [...priceElements(document.body), ...articleSeeds()];
    let recs = mainRecords(groups(seeds));
    if (!recs.length) {
      const els = [...document.querySelectorAll("li,tr,article,[class*=item],[class*=card]")].filter((e) => !inChrome(e) && visible(e));
      recs = mainRecords(groups(els.map((e) => e.firstElementChild || e)));
    }
    return recs.map(fieldsOf);
  }
  function pairs() {
    // label -> value pairs for a single record: dl, two-cell rows, "Label: value" lines.
    const out = [];
    for (const dt of document.querySelectorAll("dt")) { const dd = dt.nextElementSibling; if (dd && dd.tagName === "DD") out.push([clean(dt.textContent), clean(dd.textContent)]); }
    for (const tr of document.querySelectorAll("tr")) { if (tr.cells.length === 2) out.push([clean(tr.cells[0].textContent), clean(tr.cells[1].textContent)]); }
    for (const el of document.querySelectorAll("p,li,div,span")) {
      if (el.children.length > 2) continue;
      const m = clean(el.textContent).match(/^([^:]{1,40}):\s*(.{1,300})$/);
      if (m) out.push([m[1], m[2]]);
    }
    for (const el of document.querySelectorAll("[itemprop]")) out.push([el.getAttribute("itemprop"), clean(el.getAttribute("content") || el.textContent)]);
    const h1 = document.querySelector("h1");
    if (h1) out.push(["title", clean(h1.textContent)], ["name", clean(h1.textContent)]);
    return out;
  }

  switch (arg.kind) {
    case "products": return products();
    case "articles": return articles();
    case "links": return links(arg.pattern, arg.flags || "i");
    case "tables": return tables();
    case "lists": return lists();
    case "records": return records();
    case "pairs": return pairs();
    case "text": return clean(document.body ? icons.strip(document.body, document.body.innerText) : "").slice(0, arg.limit || 20000);
    default: throw new Error("unknown extraction " + arg.kind);
  }
}
