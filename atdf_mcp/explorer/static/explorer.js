// The explorer works without this script; it only keeps the problems list live (SSE) and remembers the token.
"use strict";
(function () {
  var KEY = "atdf-mcp-explorer-token";

  function rememberToken() {
    var field = document.getElementById("f-token");
    if (!field) return;
    var saved = window.sessionStorage.getItem(KEY) || "";
    if (saved && !field.value) field.value = saved;
    var copies = document.querySelectorAll("input.token-copy");
    copies.forEach(function (copy) { copy.value = field.value; });
    field.addEventListener("input", function () {
      window.sessionStorage.setItem(KEY, field.value);
      copies.forEach(function (copy) { copy.value = field.value; });
    });
  }

  function liveProblems() {
    var target = document.getElementById("problems");
    var status = document.getElementById("reload-status");
    if (!target || !window.EventSource) return;
    var events = new EventSource("/explore/events?since=" + encodeURIComponent(target.dataset.reloads || ""));
    events.addEventListener("reload", function (event) {
      var data = JSON.parse(event.data);
      target.innerHTML = data.html;
      if (status) {
        var s = data.summary || {};
        status.textContent = "Reloaded at " + new Date().toLocaleTimeString() + ": " + (s.errors || 0) + " error(s), " +
          (s.warnings || 0) + " warning(s) (" + data.reloads + " reload(s) so far).";
      }
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    rememberToken();
    liveProblems();
  });
})();
