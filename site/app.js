// Every page: register the service worker (offline play) and offer a reload when a new build is
// ready. The static index page also gets its theme button here (game pages bind theirs in Python).
(function () {
  // localStorage.setItem that says whether it fitted (a full storage throws, which MicroPython cannot catch).
  window.tesseraStore = function (key, text) {
    try { localStorage.setItem(key, text); return true; } catch (e) { return false; }
  };

  function notice(worker) {
    if (document.getElementById("update-notice")) return;
    var box = document.createElement("div");
    box.id = "update-notice";
    box.className = "update-notice";
    box.setAttribute("role", "status");
    box.textContent = "A new version of Tessera is ready. ";
    var button = document.createElement("button");
    button.type = "button";
    button.textContent = "Reload";
    button.addEventListener("click", function () { worker.postMessage("skip-waiting"); });
    box.appendChild(button);
    document.body.appendChild(box);
  }

  // Registered once the page has started (a game page: its solver is ready, or after a few seconds): installing
  // caches every file of the site, which on a first visit would compete with the page's own start.
  function started(then) {
    var body = document.body;
    function ready() { return body.getAttribute("data-worker") === "ready"; }
    if (!document.querySelector('script[type="mpy"]') || ready()) return then();
    var done = false;
    function once() { if (!done) { done = true; observer.disconnect(); then(); } }
    var observer = new MutationObserver(function () { if (ready()) once(); });
    observer.observe(body, { attributes: true, attributeFilter: ["data-worker"] });
    setTimeout(once, 5000);
  }

  if ("serviceWorker" in navigator) {
    var reloading = false;
    window.addEventListener("load", function () { started(function () {
      var hadController = !!navigator.serviceWorker.controller;
      navigator.serviceWorker.register("./sw.js", { updateViaCache: "none" }).then(function (reg) {
        document.documentElement.setAttribute("data-sw", "registered");
        if (reg.waiting && hadController) notice(reg.waiting);
        reg.addEventListener("updatefound", function () {
          var fresh = reg.installing;
          fresh.addEventListener("statechange", function () {
            if (fresh.state === "installed" && navigator.serviceWorker.controller) notice(fresh);
          });
        });
      }).catch(function () { document.documentElement.setAttribute("data-sw", "failed"); });
      navigator.serviceWorker.addEventListener("controllerchange", function () {
        if (hadController && !reloading) {
          reloading = true;
          window.location.reload();
        }
        hadController = true;
      });
    }); });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var button = document.getElementById("theme");
    if (button && document.body.hasAttribute("data-static")) {
      button.addEventListener("click", function () {
        var dark = document.documentElement.classList.toggle("dark");
        localStorage.setItem("tessera-theme", dark ? "dark" : "light");
      });
    }
  });
})();
