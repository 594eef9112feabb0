// Installed in every frame before page scripts run: counts DOM mutations and form
// edits so an action can report whether the page changed, and lets a poll sleep
// until the page changes rather than for a fixed time. Not enumerable, so the
// page's own loops over window do not see it.
(() => {
  if (window.__twMut) return;
  let n = 0;
  let waiters = [];
  const wake = () => {
    const now = waiters;
    waiters = [];
    for (const resolve of now) resolve(n);
  };
  const mo = new MutationObserver((recs) => { n += recs.length; wake(); });
  const start = () => mo.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  start();
  const bump = () => { n += 1; wake(); };
  window.addEventListener("input", bump, true);
  window.addEventListener("change", bump, true);
  const get = () => { n += mo.takeRecords().length; return n; };
  Object.defineProperty(window, "__twMut", {
    value: {
      get,
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
