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
    for (const el of document.querySelectorAll("[role=alert],.error,.errors,.field-error,.invalid-feedback,.help-block.error,[aria-live=assertive]")) {
      if (!visible(el)) continue;
      const near = el.previousElementSibling && el.previousElementSibling.matches("input,select,textarea") ? labelOf(el.previousElementSibling) : null;
      push(el.textContent, near);
    }
    for (const el of document.querySelectorAll("input,select,textarea")) {
      if (!visible(el)) continue;
      if (el.getAttribute("aria-invalid") === "true" && el.getAttribute("aria-errormessage")) push(byIds(el.getAttribute("aria-errormessage")), labelOf(el));
      if (el.willValidate && !el.checkValidity() && el.validationMessage && !el.form?.noValidate) push(el.validationMessage, labelOf(el));
    }
    const status = [...document.querySelectorAll("[role=status],.notice,.success,.alert-success")].filter(visible)
      .map((e) => clean(e.textContent)).filter((t) => /[A-Za-z\u00C0-\u024F]{2}/.test(t));  // not a bare counter badge
    const invalid = [...document.querySelectorAll("[aria-invalid=true]")].filter(visible).map(labelOf);
    return { messages: out, status, invalid };
  }
  function calendar() {
    // The open custom date picker: its month heading and its day buttons.
    const box = [...document.querySelectorAll("[role=dialog],[role=grid],.calendar,.datepicker,.picker__box,.react-datepicker,.flatpickr-calendar")].find(visible);
    if (!box) return null;
    const head = box.querySelector(".month,[class*=month],[class*=caption],[aria-live],h2,h3");
    return { month: head ? clean(head.textContent) : clean(box.textContent).slice(0, 40) };
  }
  switch (arg.kind) {
    case "fields": return fields();
    case "messages": return messages();
    case "calendar": return calendar();
    default: throw new Error("unknown forms call " + arg.kind);
  }
}
