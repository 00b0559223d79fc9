// Run Python code under the site's own MicroPython (the npm build the pages use), in Node.
// stdin: JSON {"files": {"/lib/name.py": "source", ...}, "code": "python source"}; stdout: what it printed.
// Exit status 1 when the code raised (the traceback is printed).
import { readFileSync } from "node:fs";
import { loadMicroPython } from "../../node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs";

const job = JSON.parse(readFileSync(0, "utf8"));
let out = "";
const mp = await loadMicroPython({ stdout: (s) => { out += s + "\n"; }, stderr: (s) => { out += s + "\n"; } });
for (const [path, text] of Object.entries(job.files || {})) {
  const parts = path.split("/").filter(Boolean);
  let dir = "";
  for (const p of parts.slice(0, -1)) {
    dir += "/" + p;
    try { mp.FS.mkdir(dir); } catch (e) { /* exists */ }
  }
  mp.FS.writeFile(path, text);
}
let failed = false;
try {
  mp.runPython("import sys\nsys.path.insert(0, '/lib')\n" + job.code);
} catch (e) {
  out += String(e.message || e) + "\n";
  failed = true;
}
process.stdout.write(out);
process.exit(failed ? 1 : 0);
