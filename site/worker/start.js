// Start the solver worker at once, while the page's own Python loads; the page adopts it
// (site/py/tessera_ui.py, Worker._start) and talks to it from then on. On a first visit (no service worker
// serves the page yet) every file comes from the network and both compete for the machine: the page starts the
// worker itself once its board is drawn.
if (navigator.serviceWorker && navigator.serviceWorker.controller) {
  window.tesseraWorker = new Worker(new URL("./worker/boot.js", document.baseURI), { type: "module" });
  document.documentElement.setAttribute("data-early-worker", "1");
}
