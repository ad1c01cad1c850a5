/* The findings' filters change the list in place: the form's query is fetched as the list's
   fragment and swapped in, the address updated so the view can be shared or reloaded.
   A kind's name above filters to it; the pager's links stay in place too.  Without
   JavaScript the form and the links reload the page, with the same result. */
(function () {
  var form = document.querySelector("form.findings-filter");
  var box = document.getElementById("findings-results");
  if (!form || !box) return;

  function show(query) {
    var params = new URLSearchParams(query);
    params.delete("fragment");
    var address = window.location.pathname + (params.toString() ? "?" + params : "");
    params.set("fragment", "findings");
    box.setAttribute("aria-busy", "true");
    fetch(window.location.pathname + "?" + params, { credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (html) {
        box.innerHTML = html;
        box.removeAttribute("aria-busy");
        window.history.replaceState(null, "", address + "#findings");
      })
      .catch(function () { window.location.assign(address + "#findings"); });
  }

  function formQuery() {
    var params = new URLSearchParams();
    new FormData(form).forEach(function (value, key) { if (value !== "") params.append(key, value); });
    return params.toString();
  }

  form.addEventListener("submit", function (event) { event.preventDefault(); show(formQuery()); });
  form.addEventListener("change", function () { show(formQuery()); });
  document.addEventListener("click", function (event) {
    var link = event.target.closest("a");
    if (!link) return;
    var code = link.getAttribute("data-filter-code");
    if (code !== null) {
      event.preventDefault();
      form.elements.code.value = code;
      show(formQuery());
      document.getElementById("findings").scrollIntoView();
    } else if (box.contains(link) && link.closest("nav")) {
      event.preventDefault();
      show(link.search.slice(1));
    }
  });
})();
