// Build step: a Pyodide memory snapshot with the solvers already imported, for the worker's fast start.
//   node tools/pyodide_snapshot.mjs <dist/pyodide dir> <tessera wheel> <output .gz>
// The wheel is unpacked into site-packages by Python itself (Pyodide's loadPackage keeps a JavaScript
// reference that a snapshot cannot hold) and every module is imported (the files are not in the
// snapshot, only what is in memory), except the host-only table builder (numpy) and the CLI; tables that a
// first search would build are built here too.
import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";

const [dir, wheel, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(dir + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: dir + "/", _makeSnapshot: true });
py.FS.writeFile("/tmp/tessera.whl", readFileSync(wheel));
py.runPython(`
import site, zipfile
zipfile.ZipFile("/tmp/tessera.whl").extractall(site.getsitepackages()[0])
import importlib, pkgutil
import solvers
for info in pkgutil.walk_packages(solvers.__path__, "solvers."):
    if info.name.rsplit(".", 1)[-1] not in SKIP:
        importlib.import_module(info.name)
solvers.names()  # the registry, found by reading the files (cached: the snapshot keeps no files)
solvers.move_pruning.automaton(4, 4)  # the 15-puzzle search's duplicate-path automaton: built here, not at a hint
solvers.move_pruning.automaton(5, 5)  # the 24-puzzle's (an exact search near solved): 3-4 s to build otherwise
import pyodide.http  # the worker's data fetches (about 0.1 s to import at the first one otherwise)
`.replace("SKIP", JSON.stringify(["pattern_db_build", "__main__"])));
// The heap in use after the imports: once it passes Pyodide's initial memory (31.5 MB for 314.0.7) the heap grows
// by a fifth, the snapshot with it, and the worker must grow its memory before restoring (site/worker/boot.js).
const used = Number(py._module._sbrk(0));
const snap = py.makeMemorySnapshot();
writeFileSync(out, gzipSync(snap, { level: 6 }));
console.log(`snapshot: ${(snap.length / 1e6).toFixed(1)} MB in memory (${(used / 1e6).toFixed(1)} MB in use), ${out}`);
