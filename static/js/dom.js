// Small DOM helpers shared by the table modules.

/**
 * Create an element: h("div", {class: "x", onclick: fn, dataset: {a: "1"}}, child, "text", …).
 * `null`/`false` children are skipped; arrays are flattened.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.appendChild(typeof child === "string" || typeof child === "number" ? document.createTextNode(String(child)) : child);
  }
  return el;
}

/**
 * Translator over the strings of <template id="table-i18n"> (each <span data-k="key">text</span>).
 * t(key, {name: "x"}) fills "{name}" placeholders; an unknown key returns the key itself.
 */
export function makeTranslator(templateEl) {
  const strings = {};
  if (templateEl) {
    for (const el of templateEl.content.querySelectorAll("[data-k]")) strings[el.dataset.k] = el.textContent.trim();
  }
  const t = (key, params = {}) => {
    let s = Object.prototype.hasOwnProperty.call(strings, key) ? strings[key] : key;
    for (const [k, v] of Object.entries(params)) s = s.split(`{${k}}`).join(String(v));
    return s;
  };
  t.has = (key) => Object.prototype.hasOwnProperty.call(strings, key);
  return t;
}

/** Point figure without a plus sign: 25,000 / −4,500 (a score below zero with the Unicode
 * minus, like the signed changes beside it). Empty for undefined. */
export function score(n, locale) {
  if (n === undefined || n === null) return "";
  const v = Number(n);
  return v < 0 ? `\u2212${Math.abs(v).toLocaleString(locale)}` : v.toLocaleString(locale);
}

/** Signed point figure: +1,000 / −2,600 / 0 (Unicode minus for readability). */
export function signed(n, locale) {
  const abs = Math.abs(n).toLocaleString(locale);
  if (n > 0) return `+${abs}`;
  if (n < 0) return `\u2212${abs}`;
  return "0";
}
