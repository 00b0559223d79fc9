"""Run code under the site's MicroPython (the npm build the pages load), through Node.

The page and the worker share rules modules written in the subset MicroPython runs; tests
import them under CPython and run the same calls here to prove both give the same answers.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RUNNER = ROOT / "tests" / "tools" / "mpy_run.mjs"
MICROPYTHON = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs"


def run_micropython(code: str, modules: dict[str, Path] | None = None, timeout: float = 120) -> str:
    """Run `code` with `modules` (import name -> source file, "pkg/mod" for packages) on /lib; its output."""
    node = shutil.which("node")
    if node is None or not MICROPYTHON.exists():
        pytest.skip("node and the npm MicroPython build are needed (python3 build.py installs them)")
    files = {f"/lib/{name}.py": path.read_text() for name, path in (modules or {}).items()}
    job = json.dumps({"files": files, "code": code})
    done = subprocess.run([node, str(RUNNER)], input=job, capture_output=True, text=True, timeout=timeout)
    if done.returncode != 0:
        raise AssertionError(f"MicroPython failed:\n{done.stdout}\n{done.stderr}")
    return done.stdout
