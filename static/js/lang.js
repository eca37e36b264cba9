// The language menu submits its form on change (no inline handler: the CSP forbids them).
const select = document.getElementById("lang-select");
if (select && select.form) {
  select.addEventListener("change", () => select.form.submit());
}
