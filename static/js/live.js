/* The live page of a venue's gaming day: fetches the day's fragment every five seconds and
   swaps it in (without JavaScript, the fragment's "Refresh" link does it by hand). */
(function () {
  var box = document.querySelector("[data-live-url]");
  if (!box) return;
  var url = box.getAttribute("data-live-url");
  function poll() {
    fetch(url, { credentials: "same-origin", headers: { "Accept": "text/html" } })
      .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (html) { box.innerHTML = html; window.setTimeout(poll, 5000); })
      .catch(function () { window.setTimeout(poll, 15000); });
  }
  window.setTimeout(poll, 5000);
})();
