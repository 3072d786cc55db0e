// The explorer works without this script; it only keeps the problems list live (SSE), remembers the token and keeps
// a try-it form from being sent twice while its call runs.
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

  // A call may take long: its button says so, and the form refuses another submit (a second click, Enter) until the
  // answer's page replaces this one. Back to the page from the history (bfcache): ready again.
  function oneCallAtATime() {
    var forms = document.querySelectorAll("form.try, form.retry");
    forms.forEach(function (form) {
      var button = form.querySelector("button[type=submit]");
      var idle = button ? button.textContent : "";
      form.addEventListener("submit", function (event) {
        if (form.dataset.busy) {
          event.preventDefault();
          return;
        }
        form.dataset.busy = "1";
        form.setAttribute("aria-busy", "true");
        if (button) {
          button.setAttribute("aria-disabled", "true");
          button.textContent = idle.replace(/^Call /, "Calling ").replace(/^Retry /, "Retrying ") + "…";
        }
      });
      window.addEventListener("pageshow", function () {
        delete form.dataset.busy;
        form.removeAttribute("aria-busy");
        if (button) {
          button.removeAttribute("aria-disabled");
          button.textContent = idle;
        }
      });
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
    oneCallAtATime();
    liveProblems();
  });
})();
