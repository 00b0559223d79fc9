"""The PyScript worker script (Pyodide): load the solvers with Pyodide's own package loader, then
export the worker's functions (solvers/worker.py) to the page.

`tessera` is a wheel registered in the site's pyodide-lock.json by the build, so `loadPackage`
fetches it from the site itself with its hash checked; no micropip (PyScript's `packages` would load
micropip first, about a second on a slow machine). PyScript runs this file with top-level await.
"""

import pyodide_js

await pyodide_js.loadPackage("tessera")  # noqa: F704

from solvers import worker  # noqa: E402

for name in worker.EXPORTS:
    globals()[name] = getattr(worker, name)
__export__ = list(worker.EXPORTS)
