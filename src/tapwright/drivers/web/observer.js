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
  const doc = Math.random().toString(36).slice(2, 12);  // this document's counter, not the next one's
  let armed = false;
  const push = () => {
    if (!armed || binding === null) return;
    armed = false;
    try { binding(doc, n).catch(() => {}); } catch (e) { /* the channel is gone: the counter is still read */ }
  };
  let n = 0;
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
  let tracked = false;
  try {
    const add = EventTarget.prototype.addEventListener;
    EventTarget.prototype.addEventListener = function (type, listener, options) {
      if (CLICKY.has(type) && this instanceof Element) clickable.add(this);
      if (KEYS.has(type) && this) keyed.add(this);
      return add.call(this, type, listener, options);
    };
    tracked = EventTarget.prototype.addEventListener !== add;  // a frozen prototype ignores the assignment
  } catch (e) { /* a frozen prototype: handlers are then known only from onclick, and keys assumed heard */ }
  Object.defineProperty(window, "__twClickable", { value: clickable, configurable: true, enumerable: false });
  if (tracked) Object.defineProperty(window, "__twKeyed", { value: keyed, configurable: true, enumerable: false });
  const mo = new MutationObserver((recs) => { n += recs.length; wake(); push(); });
  const start = () => mo.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  start();
  const bump = () => { n += 1; wake(); push(); };
  window.addEventListener("input", bump, true);
  window.addEventListener("change", bump, true);
  // Opening another window changes nothing in this document, yet it is what the action did: count it
  // (the new tab is announced only once its first page commits, well after the click returned).
  // ``opening`` counts them until tapwright takes the count (takeOpening), so it knows a tab is coming.
  let opening = 0;
  window.addEventListener("click", (e) => {
    const link = !e.defaultPrevented && e.target instanceof Element ? e.target.closest("a[href][target]") : null;
    if (link && !["", "_self", "_top", "_parent"].includes(link.target.toLowerCase())) { opening += 1; bump(); }
  });
  // A press whose node the page replaced with a copy of itself before the release (a framework redrawing the
  // same control) makes a click no handler of that control takes: the click goes to what holds both nodes.
  // Said at once (kind "lost"), ahead of the click's reply, so the click is tried again on the node now
  // there. A press whose node gave way to something else is what the press did (a control that turns into
  // an editor when pressed), and is left alone.
  let pressed = null;
  window.addEventListener("mousedown", (e) => { if (e.isTrusted) pressed = e.composedPath()[0] || e.target; }, true);
  window.addEventListener("mouseup", (e) => {
    const was = pressed;
    pressed = null;
    if (!e.isTrusted || !(was instanceof Element) || was.isConnected || binding === null) return;
    const at = e.composedPath()[0] || e.target;
    let twin = null;
    try { twin = at instanceof Element ? at.closest(was.tagName) : null; } catch (err) { /* a tag no selector names */ }
    const same = twin !== null && twin.id === was.id && twin.getAttribute("name") === was.getAttribute("name")
      && (twin.textContent || "").trim() === (was.textContent || "").trim();
    if (same) { try { binding(doc, n, "lost").catch(() => {}); } catch (err) { /* gone */ } }
  }, true);
  // A link with a download attribute downloads without a navigation request: say so ahead of the click's
  // reply, so the click waits for the download to begin and reports it.
  try {
    if (window.navigation && binding) {
      window.navigation.addEventListener("navigate", (e) => {
        if (e.downloadRequest != null) { try { binding(doc, n, "download").catch(() => {}); } catch (err) { /* gone */ } }
      });
    }
  } catch (e) { /* no Navigation API: the download is seen when it begins */ }
  try {
    const open = window.open;
    window.open = function (...args) { opening += 1; bump(); return open.apply(this, args); };
  } catch (e) { /* a frozen window.open: the new tab is seen when it is announced */ }
  const get = () => { n += mo.takeRecords().length; armed = true; return n; };
  Object.defineProperty(window, "__twMut", {
    value: {
      get,
      doc,
      takeOpening: () => { const k = opening; opening = 0; return k; },
      // Resolves with the counter once it differs from ``since`` (at once if it already
      // does; ``since < 0`` waits for the next change), or after ``ms`` milliseconds.
      wait: (ms, since) => new Promise((resolve) => {
        const now = get();
        if (since >= 0 && now !== since) { resolve(now); return; }
        const waiter = (value) => { clearTimeout(timer); resolve(value); };
        const timer = setTimeout(() => { waiters = waiters.filter((w) => w !== waiter); resolve(get()); }, ms);
        waiters.push(waiter);
      }),
    },
    configurable: true, enumerable: false,
  });
})();
