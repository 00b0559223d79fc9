// Build step: a Pyodide memory snapshot with the solvers already imported, for the worker's fast start.
//   node tools/pyodide_snapshot.mjs <dist/pyodide dir> <tessera wheel> <output .gz> [<W>x<H>=<packed automaton>...]
// The wheel's modules are unpacked into site-packages by Python itself (Pyodide's loadPackage keeps a JavaScript
// reference that a snapshot cannot hold; its data files, the Sudoku bank, are fetched by the worker when a call
// needs them) and every module is imported (the files are not in the snapshot, only what is in memory), except the
// host-only table builder (numpy), the CLI and the build's batch jobs: a worker that imports one of them fetches
// the files first (solvers/worker.py `later`). The sliding searches' duplicate-path automata come packed from the
// build (move_pruning.pack, made in CPython): building them here left megabytes of garbage in the heap. Before the
// snapshot is taken, the heap's free memory is zeroed (it compresses to nothing) and the snapshot ends where the
// heap in use ends (above it the memory is zero, and a fresh module's too).
import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { pathToFileURL } from "node:url";

const [dir, wheel, out, ...automata] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(dir + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: dir + "/", _makeSnapshot: true });
py.FS.writeFile("/tmp/tessera.whl", readFileSync(wheel));
for (const [i, spec] of automata.entries()) py.FS.writeFile(`/tmp/automaton-${i}`, readFileSync(spec.split("=")[1]));
py.runPython(`
import site, zipfile
with zipfile.ZipFile("/tmp/tessera.whl") as wheel:
    wheel.extractall(site.getsitepackages()[0], [n for n in wheel.namelist() if n.endswith(".py")])
import importlib, pkgutil
import solvers
for info in pkgutil.walk_packages(solvers.__path__, "solvers."):
    if info.name.rsplit(".", 1)[-1] not in SKIP:
        importlib.import_module(info.name)
solvers.names()  # the registry, found by reading the files (cached: the snapshot keeps no files)
for i, (w, h) in enumerate(AUTOMATA):  # the sliding searches' automata, packed: unpacked at a search's first use
    with open(f"/tmp/automaton-{i}", "rb") as f:
        solvers.move_pruning.keep(w, h, f.read())
import pyodide.http  # the worker's data fetches (about 0.1 s to import at the first one otherwise)
import encodings.utf_16_le  # what formats.py's f-puzzles links need (no stdlib file needed at an export)
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
