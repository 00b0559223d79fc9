// Start the solver worker at once, while the page's own Python loads; the page adopts it
// (site/py/tessera_ui.py, Worker._start) and talks to it from then on.
window.tesseraWorker = new Worker(new URL("./worker/boot.js", document.baseURI), { type: "module" });
document.documentElement.setAttribute("data-early-worker", "1");
