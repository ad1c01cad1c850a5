/* Follows a submission's validation live: polls the progress fragment and swaps it in;
   when validation has finished, reloads the page to show the results.  Without
   JavaScript the fragment's own "Refresh" link does the same by hand. */
(function () {
  var box = document.querySelector("[data-progress-url]");
  if (!box) return;
  var url = box.getAttribute("data-progress-url");
  function poll() {
    fetch(url, { credentials: "same-origin", headers: { "Accept": "text/html" } })
      .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (html) {
        box.innerHTML = html;
        if (box.querySelector("[data-finished]")) { window.location.reload(); }
        else { window.setTimeout(poll, 1000); }
      })
      .catch(function () { window.setTimeout(poll, 5000); });
  }
  window.setTimeout(poll, 1000);
})();
