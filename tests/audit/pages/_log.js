// Page-side click log for the instruction corpus: which element a step really clicked.
// A click on a <label> is skipped (the browser then clicks its control, which is logged),
// and so is a click into a text field (typing may or may not click first).
window.__log = [];
document.addEventListener("click", (e) => {
  const t = e.target instanceof Element ? e.target : e.target.parentElement;
  if (!t) return;
  if (t.closest("label") && !t.closest("input,button,select,textarea,a")) return;
  if (t.closest("textarea,[contenteditable]")) return;
  const input = t.closest("input");
  if (input && !["checkbox", "radio", "button", "submit", "reset", "image", "range", "color"].includes(input.type)) return;
  const el = t.closest("[data-k]") ||
    t.closest("a,button,input,select,summary,[role],li,tr,th,td,h1,h2,h3,h4,p") || t;
  window.__log.push(el.getAttribute("data-k") || el.id || (el.textContent || "").trim().replace(/\s+/g, " ").slice(0, 40));
}, true);
