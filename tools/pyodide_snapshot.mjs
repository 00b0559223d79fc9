// Build step: a Pyodide memory snapshot with the solvers already imported, for the worker's fast start.
//   node tools/pyodide_snapshot.mjs <dist/pyodide dir> <the wheel's files, unpacked> <output .gz>
//                                    [<W>x<H>=<packed automaton>...]
// The wheel's modules are written into site-packages from here (Pyodide's loadPackage keeps a JavaScript reference
// that a snapshot cannot hold, and Python's zipfile would stay in its memory; the data files, the Sudoku bank, are
// fetched by the worker when a call needs them) and every module is imported (the files are not in the snapshot, only what is in memory), except the
// host-only table builder (numpy), the CLI and the build's batch jobs: a worker that imports one of them fetches
// the files first (solvers/worker.py `later`). The sliding searches' duplicate-path automata come packed from the
// build (move_pruning.pack, made in CPython): building them here left megabytes of garbage in the heap. Before the
// snapshot is taken, the heap's free memory is zeroed (it compresses to nothing) and the snapshot ends where the
// heap in use ends (above it the memory is zero, and a fresh module's too).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { gzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";

const [dir, wheel, out, ...automata] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(dir + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: dir + "/", _makeSnapshot: true });
// The wheel's modules and the data they read as they are imported, unpacked here (Python's zipfile would stay
// in the snapshot's memory).
const sitePackages = py.runPython("import site; site.getsitepackages()[0]");
for (const entry of readdirSync(wheel, { recursive: true, withFileTypes: true })) {
  const path = join(entry.parentPath, entry.name);
  if (!entry.isFile() || !/\.(py|json)$/.test(path)) continue;  // modules, and the data they read on import
  const target = sitePackages + "/" + relative(wheel, path).split(sep).join("/");
  py.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
  py.FS.writeFile(target, readFileSync(path));
}
for (const [i, spec] of automata.entries()) py.FS.writeFile(`/tmp/automaton-${i}`, readFileSync(spec.split("=")[1]));
py.runPython(`
import gc, importlib, os
import solvers
root = os.path.dirname(os.path.dirname(solvers.__file__))
for folder, _, files in sorted(os.walk(os.path.dirname(solvers.__file__))):
    package = os.path.relpath(folder, root).replace(os.sep, ".")
    for name in sorted(f[:-3] for f in files if f.endswith(".py")):
        if name not in SKIP:  # every module but these, each package before its modules
            importlib.import_module(package if name == "__init__" else package + "." + name)
            gc.collect()  # each module's garbage gone before the next: a lower heap
import pyodide.http  # the worker's data fetches (about 0.1 s to import at the first one otherwise)
import encodings.utf_16_le  # what formats.py's f-puzzles links need (no stdlib file needed at an export)
solvers.names()  # the registry, found by reading the files (cached: the snapshot keeps no files)
for i, (w, h) in enumerate(AUTOMATA):  # the sliding searches' automata, packed: unpacked at a search's first use
    with open(f"/tmp/automaton-{i}", "rb") as f:
        solvers.move_pruning.keep(w, h, f.read())
import gc
gc.collect()
`.replace("SKIP", JSON.stringify(["pattern_db_build", "__main__", "batch", "learn_build", "bank_build"]))
 .replace("AUTOMATA", JSON.stringify(automata.map((spec) => spec.split("=")[0].split("x").map(Number)))));
// Zero the heap's free memory (what imports and the garbage collector freed still holds old bytes): take every free
// block (malloc with the heap held at its size, largest first), zero it, give it back.
const M = py._module;
M._malloc_set_footprint_limit(M._malloc_footprint());
const blocks = [];
for (let size = 1 << 24; size >= 16; size >>= 1) {
  for (let p; (p = M._malloc(size)); blocks.push(p)) M.HEAPU8.fill(0, p, p + size);
}
for (const p of blocks) M._free(p);
M._malloc_set_footprint_limit(-1);  // no limit again (the largest size_t)
const used = Number(M._sbrk(0));
const snap = py.makeMemorySnapshot();
const heap = new Uint32Array(snap.buffer, snap.byteOffset, 2)[1];  // where the memory starts, after the header
if (snap.subarray(heap + used).some((byte) => byte !== 0)) throw new Error("memory above the heap in use is not zero");
const kept = snap.subarray(0, heap + Math.ceil(used / 65536) * 65536);  // whole wasm pages
writeFileSync(out, gzipSync(kept, { level: 9 }));
console.log(`snapshot: ${(kept.length / 1e6).toFixed(1)} MB in memory (of ${(snap.length / 1e6).toFixed(1)} MB: `
  + `the heap in use), ${(readFileSync(out).length / 1e6).toFixed(1)} MB gzipped, ${out}`);
