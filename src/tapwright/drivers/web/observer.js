// Installed in every frame before page scripts run: counts DOM mutations and form
// edits so an action can report whether the page changed, and lets a poll sleep
// until the page changes rather than for a fixed time. Not enumerable, so the
// page's own loops over window do not see it.
(() => {
  if (window.__twMut) return;
  // The first change after each read of the counter is pushed to tapwright through a Playwright
  // binding (installed just before this script), so an action learns that it changed the page
  // without asking. The binding is taken off window: the page cannot see or call it by name.
  const binding = typeof window.__twChanged === "function" ? window.__twChanged : null;
  if (binding) { try { delete window.__twChanged; } catch (e) { /* stays; harmless */ } }
  // Work the page has under way that may end in a navigation (a login that posts with fetch, then sets
  // location): fetch and XHR requests in flight and short timers, each with the time its chain began
  // (a timer set by a timer's callback, or a request sent from one, belongs to that timer's chain, so a
  // page's own polling loop, begun before an action, is not the action's work). ``quiet`` (below) waits
  // while such work begun since an action is under way; tapwright's own waits use the untouched timers.
  const st = window.setTimeout, ct = window.clearTimeout, now = () => performance.now();
  let chain = -1;  // the chain of the timer callback running now, else -1
  let navigating = -Infinity;  // when this document last began a navigation to another document
  const work = new Map();  // key -> {root, due}: a timer (due when it fires) or a request (due Infinity)
  const ends = [];  // {at, root}: the latest ends of work, so a follow-up gets a moment to begin
  const end = (key) => {
    const item = work.get(key);
    if (item === undefined) return;
    work.delete(key);
    ends.push({ at: now(), root: item.root });
    if (ends.length > 32) ends.shift();
  };
  try {
    window.setTimeout = function (fn, ms, ...rest) {
      if (typeof fn !== "function") return st.call(this, fn, ms, ...rest);
      const at = now(), root = chain >= 0 ? chain : at;
      let id = 0;
      const run = function (...args) {
        end("t" + id);
        const was = chain;
        chain = root;
        try { return fn.apply(this, args); } finally { chain = was; }
      };
      id = st.call(this, run, ms, ...rest);
      work.set("t" + id, { root, due: at + Math.max(0, Number(ms) || 0) });
      return id;
    };
    window.clearTimeout = function (id) { work.delete("t" + id); return ct.call(this, id); };
    const ci = window.clearInterval;  // it clears a timeout too
    window.clearInterval = function (id) { work.delete("t" + id); return ci.call(this, id); };
    let sent = 0;
    const fetch = window.fetch;
    if (typeof fetch === "function") {
      window.fetch = function (...args) {
        const key = "r" + (sent += 1);
        work.set(key, { root: chain >= 0 ? chain : now(), due: Infinity });
        let p;
        try { p = fetch.apply(this, args); } catch (e) { end(key); throw e; }
        Promise.resolve(p).then(() => end(key), () => end(key));
        return p;
      };
    }
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (...args) {
      const key = "r" + (sent += 1);
      work.set(key, { root: chain >= 0 ? chain : now(), due: Infinity });
      this.addEventListener("loadend", () => end(key));
      try { return send.apply(this, args); } catch (e) { end(key); throw e; }
    };
  } catch (e) { /* frozen globals: the page's work is not seen, and a picture waits for nothing */ }
  try {
    if (window.navigation) {
      window.navigation.addEventListener("navigate", (e) => {
        if (e.downloadRequest == null && !e.destination.sameDocument) navigating = now();
      });
    }
  } catch (e) { /* no Navigation API: a navigation is seen when its request begins */ }
  // Resolves once no work begun in the last ``agoMs`` ms (and due within ``horizonMs`` of its chain's
  // start) is under way and ``quietMs`` passed since the last such work ended, or once this document
  // begins a navigation, or after ``maxMs``: {why: "quiet" | "navigation" | "capped", waited: [kinds]}.
  // ``agoMs`` is measured before the call is sent, so a call that took long to arrive (a loaded machine)
  // would move the action's start past the work it set off; ``sinceWallMs`` (the action's start on the
  // wall clock, which a browser on the same machine shares) is turned into this page's clock and wins
  // when it is earlier, by at most 5 s (a browser on another machine with a clock far off).
  const quiet = (agoMs, horizonMs, quietMs, maxMs, sinceWallMs) => new Promise((resolve) => {
    const start = now(), waited = new Set();
    let since = start - agoMs;
    if (typeof sinceWallMs === "number" && isFinite(sinceWallMs)) {
      const wall = sinceWallMs - (Date.now() - start);
      if (wall < since && wall > since - 5000) since = wall;
    }
    const look = () => {
      const t = now();
      let next = Infinity;
      if (navigating >= since) { resolve({ why: "navigation", waited: [...waited] }); return; }
      for (const [key, item] of work) {
        if (item.root < since) continue;
        if (item.due === Infinity) {  // a request: looked at again until it ends
          waited.add("request");
          next = Math.min(next, 25);
        } else if (item.due - item.root <= horizonMs && t - item.due < 1000) {
          // a timer due soon enough after its chain began (one a second overdue will not fire: a frozen frame)
          waited.add("timer");
          next = Math.min(next, item.due - t + 1);
        }
      }
      for (const e of ends) if (e.root >= since && t - e.at < quietMs) next = Math.min(next, quietMs - (t - e.at) + 1);
      if (next === Infinity) { resolve({ why: "quiet", waited: [...waited] }); return; }
      if (t - start >= maxMs) { resolve({ why: "capped", waited: [...waited] }); return; }
      st(look, Math.max(4, Math.min(next, 25, maxMs - (t - start))));
    };
    look();
  });
  const doc = Math.random().toString(36).slice(2, 12);  // this document's counter, not the next one's
  let armed = false;
  const push = () => {
    if (!armed || binding === null) return;
    armed = false;
    try { binding(doc, n).catch(() => {}); } catch (e) { /* the channel is gone: the counter is still read */ }
  };
  let n = 0;
  // When the DOM last changed (not an edit's input or change event, which moves nothing): a node found by a look
  // and measured again once the DOM has been still for a few frames has held still (see ``still`` below).
  let movedAt = now();
  let waiters = [];
  const wake = () => {
    const now = waiters;
    waiters = [];
    for (const resolve of now) resolve(n);
  };
  // Elements a page script made clickable with addEventListener("click" ...): a span or div with a handler is
  // a control a person clicks, though no role says so (snapshot.js reads this set; nothing else does).
  const clickable = new WeakSet();
  const CLICKY = new Set(["click", "mousedown", "mouseup", "pointerdown", "pointerup", "dblclick"]);
  // Everything a page script listens to keys on (an element, a shadow root, the document, the window): a fill
  // ends with a key typed only where a key handler could hear it (snapshot.js reads this set; nothing else does).
  const keyed = new WeakSet();
  const KEYS = new Set(["keydown", "keyup", "keypress"]);
  // Everything a page script listens to an edit's announcement on (``beforeinput``, ``textInput``): a fill types
  // through the page's editing command, which announces nothing, only where no such handler could hear it
  // (typed_fill.py and editors.py read this set; nothing else does).
  const announced = new WeakSet();
  const EDITS = new Set(["beforeinput", "textInput"]);
  // Everything a page script listens to the pointer arriving on: only there can a script show a tooltip on hover
  // (tips.js reads this set; nothing else does).
  const hoverable = new WeakSet();
  const HOVERS = new Set(["mouseenter", "mouseover", "pointerenter", "pointerover"]);
  let tracked = false;
  try {
    const add = EventTarget.prototype.addEventListener;
    EventTarget.prototype.addEventListener = function (type, listener, options) {
      if (CLICKY.has(type) && this instanceof Element) clickable.add(this);
      if (KEYS.has(type) && this) keyed.add(this);
      if (EDITS.has(type) && this) announced.add(this);
      if (HOVERS.has(type) && this) hoverable.add(this);
      return add.call(this, type, listener, options);
    };
    tracked = EventTarget.prototype.addEventListener !== add;  // a frozen prototype ignores the assignment
  } catch (e) { /* a frozen prototype: handlers are then known only from onclick, and keys assumed heard */ }
  Object.defineProperty(window, "__twClickable", { value: clickable, configurable: true, enumerable: false });
  if (tracked) Object.defineProperty(window, "__twKeyed", { value: keyed, configurable: true, enumerable: false });
  if (tracked) Object.defineProperty(window, "__twAnnounced", { value: announced, configurable: true, enumerable: false });
  if (tracked) Object.defineProperty(window, "__twHoverable", { value: hoverable, configurable: true, enumerable: false });
  const mo = new MutationObserver((recs) => { n += recs.length; movedAt = now(); wake(); push(); });
  const start = () => mo.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  start();
  const bump = () => { n += 1; wake(); push(); };
  window.addEventListener("input", bump, true);
  window.addEventListener("change", bump, true);
  // Opening another window changes nothing in this document, yet it is what the action did: count it
  // (the new tab is announced only once its first page commits, well after the click returned).
  // ``opening`` counts them until tapwright takes the count (takeOpening), so it knows a tab is coming.
  let opening = 0;
  // Said at once too ("opening"), ahead of the click's reply: the runner waits for the tab only when told.
  const opened = () => {
    opening += 1;
    bump();
    if (binding !== null) { try { binding(doc, opening, "opening").catch(() => {}); } catch (err) { /* gone */ } }
  };
  window.addEventListener("click", (e) => {
    const link = !e.defaultPrevented && e.target instanceof Element ? e.target.closest("a[href][target]") : null;
    if (link && !["", "_self", "_top", "_parent"].includes(link.target.toLowerCase())) opened();
  });
  // A press whose node the page replaced with a copy of itself before the release (a framework redrawing the
  // same control) makes a click no handler of that control takes: the click goes to what holds both nodes.
  // Said at once (kind "lost"), ahead of the click's reply, so the click is tried again on the node now
  // there. A press whose node gave way to something else is what the press did (a control that turns into
  // an editor when pressed), and is left alone.
  // ``lost`` numbers them in this document: a click read back in the page (``__twMut.lost``) and the binding's word
  // arriving after it count one lost click once.
  let pressed = null, lost = 0;
  window.addEventListener("mousedown", (e) => { if (e.isTrusted) pressed = e.composedPath()[0] || e.target; }, true);
  window.addEventListener("mouseup", (e) => {
    const was = pressed;
    pressed = null;
    if (!e.isTrusted || !(was instanceof Element) || was.isConnected) return;
    const at = e.composedPath()[0] || e.target;
    let twin = null;
    try { twin = at instanceof Element ? at.closest(was.tagName) : null; } catch (err) { /* a tag no selector names */ }
    const same = twin !== null && twin.id === was.id && twin.getAttribute("name") === was.getAttribute("name")
      && (twin.textContent || "").trim() === (was.textContent || "").trim();
    if (!same) return;
    lost += 1;
    if (binding !== null) { try { binding(doc, lost, "lost").catch(() => {}); } catch (err) { /* gone */ } }
  }, true);
  // A link with a download attribute downloads without a navigation request: say so ahead of the click's
  // reply, so the click waits for the download to begin and reports it. A navigation to another document is
  // said too ("navigating"): its request may reach tapwright after the click's reply (a loaded machine), and
  // the action's result waits for it to commit or end (it may end as a download).
  try {
    if (window.navigation && binding) {
      window.navigation.addEventListener("navigate", (e) => {
        const kind = e.downloadRequest != null ? "download" : e.destination.sameDocument ? null : "navigating";
        if (kind !== null) { try { binding(doc, n, kind).catch(() => {}); } catch (err) { /* gone */ } }
      });
    }
  } catch (e) { /* no Navigation API: the download is seen when it begins */ }
  try {
    const open = window.open;
    window.open = function (...args) { opened(); return open.apply(this, args); };
  } catch (e) { /* a frozen window.open: the new tab is seen when it is announced */ }
  const take = () => { const k = mo.takeRecords().length; if (k) { n += k; movedAt = now(); } };
  const get = () => { take(); armed = true; return n; };
  Object.defineProperty(window, "__twMut", {
    value: {
      get,
      doc,
      quiet,
      takeOpening: () => { const k = opening; opening = 0; return k; },
      lost: () => lost,
      // Milliseconds since the DOM last changed (changes not yet delivered to the observer included).
      still: () => { take(); return now() - movedAt; },
      // Resolves with the counter once it differs from ``since`` (at once if it already
      // does; ``since < 0`` waits for the next change), or after ``ms`` milliseconds.
      wait: (ms, since) => new Promise((resolve) => {
        const now = get();
        if (since >= 0 && now !== since) { resolve(now); return; }
        const waiter = (value) => { ct(timer); resolve(value); };
        const timer = st(() => { waiters = waiters.filter((w) => w !== waiter); resolve(get()); }, ms);
        waiters.push(waiter);
      }),
    },
    configurable: true, enumerable: false,
  });
})();
