// Tessera's solver worker (a module worker). Pyodide starts from the build's memory snapshot, with every
// solvers module already imported (tools/pyodide_snapshot.mjs), when there is one, and an empty standard library
// zip in place of the real one (2.5 MB): solvers/worker.py `later` fetches it, and the solvers' wheel, only when
// an import needs a module the snapshot does not hold. Else it starts the ordinary way, loading the `tessera`
// wheel with Pyodide's own loader (from the site's pyodide-lock.json, hash checked). Then it answers
// {id, fn, args} with {id, ok, value}: fn is one of solvers/worker.py's exported functions, whose answers are
// JSON text ("how" says how it started and how long it took).
// On a cross-origin isolated page, `interrupts` hands solvers/worker.py a counter in shared memory that the
// page bumps to stop the calls under way (they answer "interrupted" at their budget's next check).
import { loadPyodide } from "../pyodide/pyodide.mjs";

const pyodideURL = new URL("../pyodide/", import.meta.url).href;

async function snapshot() {
  const response = await fetch(pyodideURL + "snapshot.bin.gz");
  if (!response.ok || typeof DecompressionStream === "undefined") throw new Error("no snapshot");
  return new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
}

// Pyodide fetches its wasm at once but compiles it only once the snapshot is unpacked: compile it meanwhile,
// from the same download (the response's body read twice, never fetched twice).
function compilingWasm() {
  const original = self.fetch;
  let compiled = null;
  self.fetch = (input, ...rest) => {
    const response = original(input, ...rest);
    if (compiled === null && String(input.url || input).endsWith("/pyodide.asm.wasm")) {
      compiled = response.then((r) => WebAssembly.compileStreaming(r.clone()));
      compiled.catch(() => {});  // a failure is Pyodide's own to meet
      self.fetch = original;
    }
    return response;
  };
  return (imports) => compiled && compiled.then(async (module) => ({
    module, instance: await WebAssembly.instantiate(module, imports) }));
}

// Pyodide 314.0.7 restores a snapshot into the memory its wasm module declares, which is smaller than the
// snapshot's if importing the solvers grew the heap ("RangeError: offset is out of bounds"). Grow the
// memory to the snapshot's heap as the module is instantiated, before the restore writes it. The module is the
// one compiled while the snapshot came, when there is one.
function growingTo(image, precompiled) {
  const originals = { instantiate: WebAssembly.instantiate, instantiateStreaming: WebAssembly.instantiateStreaming };
  for (const [name, original] of Object.entries(originals)) {
    WebAssembly[name] = async (...args) => {
      const early = name === "instantiateStreaming" && precompiled(args[1]);
      const result = (early && await early.catch(() => null)) || await original.apply(WebAssembly, args);
      const memory = (result.instance || result).exports.memory;
      const bytes = await image.catch(() => null);
      if (memory && bytes) {
        const need = bytes.byteLength - new Uint32Array(bytes, 0, 2)[1];  // the snapshot less its header
        if (memory.buffer.byteLength < need) memory.grow(Math.ceil((need - memory.buffer.byteLength) / 65536));
      }
      return result;
    };
  }
  return () => Object.assign(WebAssembly, originals);
}

async function start() {
  const t0 = performance.now();
  const ms = () => Math.round(performance.now() - t0);
  let py;
  let how = "snapshot";
  const precompiled = compilingWasm();
  const image = snapshot();
  image.catch(() => {});  // a missing snapshot is handled below, when loadPyodide awaits it
  const restore = growingTo(image, precompiled);
  try {  // the snapshot downloads while Pyodide fetches its own files; every solvers module is in it
    py = await loadPyodide({ indexURL: pyodideURL, _loadSnapshot: image,
                             stdLibURL: pyodideURL + "python_stdlib_later.zip" });
    restore();
    const wheel = py.lockfile.packages.tessera.file_name;
    py.pyimport("solvers.worker").later(pyodideURL + "python_stdlib.zip", pyodideURL + wheel);
  } catch (error) {
    restore();
    how = "fresh (" + String(error).slice(0, 80) + ")";
    py = await loadPyodide({ indexURL: pyodideURL });
    await py.loadPackage("tessera", { messageCallback: () => {} });
  }
  const worker = py.pyimport("solvers.worker");
  how += ", solvers at " + ms() + " ms";
  return { worker, exported: new Set(worker.EXPORTS.toJs()), how };
}

const ready = start();

self.onmessage = async (event) => {
  const { id, fn, args } = event.data;
  try {
    const { worker, exported, how } = await ready;
    if (fn === "how") {
      postMessage({ id, ok: true, value: how });
      return;
    }
    if (!exported.has(fn)) throw new Error("no worker function " + fn);
    const value = await worker[fn](...args);
    postMessage({ id, ok: true, value: String(value) });
  } catch (error) {
    postMessage({ id, ok: false, value: String(error).slice(0, 500) });
  }
};
