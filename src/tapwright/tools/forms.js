// tapwright forms: describe the fields of the page's forms with their labels, and read back
// validation messages. Each field is tagged data-tw-f="N" so Python can act on it through
// Playwright (real events). Evaluated as `(arg) => ...` by forms.py.
(arg) => {
  "use strict";
  const clean = (s) => (s || "").replace(/[\s\u00a0]+/g, " ").trim();
  const visible = (el) => {
    if (el.closest("[hidden]")) return false;
    const st = getComputedStyle(el);
    if (st.display === "none" || st.visibility === "hidden") return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 || r.height > 0 || el.type === "radio" || el.type === "checkbox";
  };
  const byIds = (ids) => clean((ids || "").split(/\s+/).map((id) => { const e = document.getElementById(id); return e ? e.textContent : ""; }).join(" "));
  function labelOf(el) {
    if (el.getAttribute("aria-labelledby")) { const t = byIds(el.getAttribute("aria-labelledby")); if (t) return t; }
    if (el.getAttribute("aria-label")) return clean(el.getAttribute("aria-label"));
    if (el.id) { const l = document.querySelector(`label[for="${CSS.escape(el.id)}"]`); if (l) return clean(l.textContent); }
    const wrap = el.closest("label");
    if (wrap) { const c = wrap.cloneNode(true); for (const x of c.querySelectorAll("select,textarea")) x.remove(); const t = clean(c.textContent); if (t) return t; }
    return clean(el.getAttribute("placeholder") || el.getAttribute("title") || el.getAttribute("name") || "");
  }
  function groupOf(el) {
    const fs = el.closest("fieldset");
    const legend = fs && fs.querySelector("legend");
    if (legend) return clean(legend.textContent);
    const rg = el.closest("[role=radiogroup],[role=group]");
    if (rg) return clean(rg.getAttribute("aria-label") || byIds(rg.getAttribute("aria-labelledby")));
    return clean(el.getAttribute("name") || "");
  }
  function fields() {
    const out = [];
    let n = 0;
    const scope = arg.form ? document.querySelector(arg.form) : document;
    if (!scope) return { error: "no form matches " + arg.form };
    for (const el of document.querySelectorAll("[data-tw-f]")) el.removeAttribute("data-tw-f");
    for (const el of scope.querySelectorAll("input,select,textarea,[role=combobox],[role=spinbutton]")) {
      const type = (el.tagName === "INPUT" ? (el.getAttribute("type") || "text") : el.tagName.toLowerCase()).toLowerCase();
      if (["hidden", "submit", "button", "reset", "image", "file"].includes(type) || !visible(el)) continue;
      const id = String(n++);
      el.setAttribute("data-tw-f", id);
      const f = { id, type, label: labelOf(el), name: el.getAttribute("name") || "", required: el.required || el.getAttribute("aria-required") === "true",
        readonly: el.readOnly || false, disabled: el.disabled || false, placeholder: el.getAttribute("placeholder") || "",
        value: el.type === "checkbox" || el.type === "radio" ? el.checked : el.value, popup: el.getAttribute("aria-haspopup") || "",
        form: el.form ? (el.form.id || el.form.getAttribute("name") || "form") : "", min: el.getAttribute("min"), max: el.getAttribute("max") };
      if (type === "radio") { f.group = groupOf(el); f.option = f.label; }
      if (el.tagName === "SELECT") f.options = [...el.options].map((o) => ({ text: clean(o.textContent), value: o.value }));
      out.push(f);
    }
    return out;
  }
  function messages() {
    const out = [];
    const seen = new Set();
    const push = (text, field) => { text = clean(text); if (text && !seen.has(text + field)) { seen.add(text + field); out.push({ text, field }); } };
    // A message by its role, or by a class word that says error or invalid ("field-error", "message-invalid" in
    // any library's naming), never a field or button styled so.
    const ERR = /(^|[-_ ])(error|errors|invalid)([-_ ]|$)/i;
    const OK = /(^|[-_ ])(notice|success)([-_ ]|$)/i;
    const classed = (re) => [...document.querySelectorAll("[class]")].filter((el) => typeof el.className === "string" && re.test(el.className)
      && !el.matches("input,select,textarea,button,a,label,form,option") && !el.querySelector("input,select,textarea"));
    for (const el of new Set([...document.querySelectorAll("[role=alert],[aria-live=assertive]"), ...classed(ERR)])) {
      if (!visible(el)) continue;
      const near = el.previousElementSibling && el.previousElementSibling.matches("input,select,textarea") ? labelOf(el.previousElementSibling) : null;
      push(el.textContent, near);
    }
    for (const el of document.querySelectorAll("input,select,textarea")) {
      if (!visible(el)) continue;
      if (el.getAttribute("aria-invalid") === "true" && el.getAttribute("aria-errormessage")) push(byIds(el.getAttribute("aria-errormessage")), labelOf(el));
      if (el.willValidate && !el.checkValidity() && el.validationMessage && !el.form?.noValidate) push(el.validationMessage, labelOf(el));
    }
    const status = [...new Set([...document.querySelectorAll("[role=status]"), ...classed(OK)])].filter(visible)
      .map((e) => clean(e.textContent)).filter((t) => /[A-Za-z\u00C0-\u024F]{2}/.test(t));  // not a bare counter badge
    const invalid = [...document.querySelectorAll("[aria-invalid=true]")].filter(visible).map(labelOf);
    return { messages: out, status, invalid };
  }
  function calendar() {
    // The open date picker, known by what it draws, not by a class: the smallest box showing 28 or more
    // day numbers that run 1, 2, 3 ... up to at least 28 (a month), with its month and year just around
    // it; of several, the one nearest the field. It is marked data-tw-cal, and the day `arg.day` of its
    // month run (not the greyed days of the months around it) data-tw-day, for Python to click.
    const DAY = /^\s*([1-9]|[12]\d|3[01])\s*$/;
    const MONTH = /[A-Za-z\u00C0-\u024F]{3,}[\s,]+\d{4}(?!\d)|\b\d{1,2}[./-]\d{4}\b/;
    for (const el of document.querySelectorAll("[data-tw-cal],[data-tw-day]")) { el.removeAttribute("data-tw-cal"); el.removeAttribute("data-tw-day"); }
    const cells = [...document.body.querySelectorAll("*")].filter((e) => !e.children.length && DAY.test(e.textContent) && visible(e));
    const count = new Map();
    for (const c of cells) for (let p = c.parentElement; p && p !== document.body; p = p.parentElement) count.set(p, (count.get(p) || 0) + 1);
    const monthRun = (box) => {
      // The day cells of `box` that count 1, 2, 3 ... from a 1 to 28 or more, in the page's order.
      const mine = cells.filter((c) => box.contains(c));
      for (let i = 0; i < mine.length; i++) {
        if (Number(mine[i].textContent) !== 1) continue;
        let j = i;
        while (j + 1 < mine.length && Number(mine[j + 1].textContent) === Number(mine[j].textContent) + 1) j++;
        if (j - i + 1 >= 28) return mine.slice(i, j + 1);
      }
      return null;
    };
    const grids = [...count.keys()].filter((box) => count.get(box) >= 28 && ![...box.children].some((k) => (count.get(k) || 0) >= 28))
      .map((box) => [box, monthRun(box)]).filter(([, run]) => run);
    if (!grids.length) return null;
    const field = arg.field != null ? document.querySelector(`[data-tw-f="${arg.field}"]`) : null;
    const at = field ? field.getBoundingClientRect() : { x: 0, y: 0, width: 0, height: 0 };
    const far = (e) => { const r = e.getBoundingClientRect(); return Math.hypot(r.x + r.width / 2 - at.x - at.width / 2, r.y + r.height / 2 - at.y - at.height / 2); };
    grids.sort((u, v) => far(u[0]) - far(v[0]));
    const [grid, run] = grids[0];
    let box = grid;
    for (let p = grid, i = 0; p && p !== document.body && i < 6; p = p.parentElement, i++) {
      if ((p.textContent || "").length > 1000) break;  // past the picker: the page around it
      if (MONTH.test(p.textContent || "")) { box = p; break; }
    }
    box.setAttribute("data-tw-cal", "");
    const day = arg.day != null ? run.find((c) => Number(c.textContent) === Number(arg.day)) : null;
    if (day) day.setAttribute("data-tw-day", "");
    const heads = [...box.querySelectorAll("*")].filter((e) => !run.includes(e) && MONTH.test(e.textContent || "") && visible(e))
      .sort((u, v) => clean(u.textContent).length - clean(v.textContent).length);
    return { month: heads.length ? clean(heads[0].textContent) : clean(box.textContent).slice(0, 40), day: !!day };
  }
  function monthStep() {
    // The open calendar's button to the next (arg.forward) or previous month, marked data-tw-step: inside the
    // calendar (data-tw-cal) or its header, a visible control whose name, title, label or class words say so
    // ("Next month", "›", a "next" class or a right chevron icon). The innermost such element is taken.
    for (const el of document.querySelectorAll("[data-tw-step]")) el.removeAttribute("data-tw-step");
    const cal = document.querySelector("[data-tw-cal]");
    if (!cal) return false;
    const words = (e) => [e.getAttribute("aria-label"), e.getAttribute("title"), e.getAttribute("class"),
      e.getAttribute("data-icon"), e.children.length ? "" : e.textContent].join(" ").toLowerCase();
    const FWD = /(^|[^a-z])(next|forward)([^a-z]|$)|[›»>→]|chevron[-_ ]?right|arrow[-_ ]?right|right[-_ ]?arrow/;
    const BACK = /(^|[^a-z])(prev|previous|back)([^a-z]|$)|[‹«<←]|chevron[-_ ]?left|arrow[-_ ]?left|left[-_ ]?arrow/;
    const want = arg.forward ? FWD : BACK, other = arg.forward ? BACK : FWD;
    for (let root = cal, i = 0; root && i < 3; root = root.parentElement, i++) {
      const hits = [...root.querySelectorAll("*")].filter((e) => visible(e) && want.test(words(e)) && !other.test(words(e))
        && (e.textContent || "").trim().length <= 20);
      const inner = hits.filter((e) => !hits.some((o) => o !== e && e.contains(o)));
      if (inner.length) {
        const control = inner[0].closest("button,a,[role=button]") || inner[0];
        control.setAttribute("data-tw-step", "");
        return true;
      }
    }
    return false;
  }
  switch (arg.kind) {
    case "fields": return fields();
    case "messages": return messages();
    case "calendar": return calendar();
    case "month_step": return monthStep();
    default: throw new Error("unknown forms call " + arg.kind);
  }
}
