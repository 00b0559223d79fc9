"""The installed package: `pip install` into a fresh virtual environment (no extras: neither Dask nor tqdm), then the
`tessera` command runs a batch job to the end, its progress and answers as in the checkout.

Offline: the wheel is built from a copy of the tree by this interpreter's setuptools, and installed with --no-index.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

import pytest

from solvers import genius as g

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT.parent / "shared" / "benchmarks" / "genius_square_solution_counts.csv"
ROLLS = 30  # the first rolls of `genius stats --limit` (the whole 62,208 take minutes)


def run(args: list[str | Path], cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """Run a command to the end; its output as text (the test fails with its stderr when it fails)."""
    out = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, f"{args[:3]} failed:\n{out.stdout[-2000:]}\n{out.stderr[-2000:]}"
    return out


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with the package installed from its wheel, nothing else."""
    pytest.importorskip("setuptools")
    tmp = tmp_path_factory.mktemp("install")
    src = tmp / "src"  # a copy, so setuptools' scratch folders stay out of the shared tree
    src.mkdir()
    shutil.copy2(ROOT / "pyproject.toml", src)
    shutil.copytree(ROOT / "solvers", src / "solvers", ignore=shutil.ignore_patterns("__pycache__", "*.part"))
    run([sys.executable, "-m", "pip", "wheel", "-q", "--disable-pip-version-check", "--no-deps",
         "--no-build-isolation", "-w", tmp / "wheel", src], tmp)
    wheel = next((tmp / "wheel").glob("tessera-*.whl"))
    run([sys.executable, "-m", "venv", "--without-pip", tmp / "venv"], tmp)  # this pip installs into it (quicker)
    run([sys.executable, "-m", "pip", "--python", tmp / "venv" / "bin" / "python", "install", "-q",
         "--disable-pip-version-check", "--no-deps", "--no-index", wheel], tmp)
    return tmp / "venv"


def clean_env() -> dict[str, str]:
    """The environment without this checkout's paths or data (the installed package alone)."""
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "TESSERA_DATA", "TESSERA_DIST",
                                                              "TESSERA_SCHEDULER", "VIRTUAL_ENV")}


def test_the_installed_package_runs_a_batch_command_without_its_extras(venv: Path, tmp_path: Path) -> None:
    python = venv / "bin" / "python"
    for name in ("tqdm", "distributed", "dask"):  # the extras really are absent
        probe = subprocess.run([python, "-c", f"import {name}"], cwd=tmp_path, env=clean_env(), capture_output=True)
        assert probe.returncode != 0, f"{name} is importable in the fresh venv"
    where = run([python, "-c", "import solvers; print(solvers.__file__)"], tmp_path, clean_env()).stdout
    assert where.startswith(str(venv)), where  # the installed copy, not the checkout
    if not GOLDEN.is_file():
        pytest.skip(f"no golden counts at {GOLDEN}")
    out = run([venv / "bin" / "tessera", "genius", "stats", "--limit", str(ROLLS), "--workers", "2", "--csv", GOLDEN],
              tmp_path, clean_env())
    golden = g.read_counts_csv(GOLDEN)
    counts = [golden[r] for r in g.all_rolls()[:ROLLS]]
    assert f"compared with {GOLDEN.name}: {ROLLS} rolls equal, 0 differ" in out.stdout
    assert f"Genius Square: {ROLLS} rolls counted" in out.stdout
    assert (f"solvable {sum(n > 0 for n in counts):,} of {ROLLS}; min {min(counts):,}; max {max(counts):,}; "
            f"mean {statistics.fmean(counts):,.1f}; median {statistics.median(counts):,}; total {sum(counts):,}"
            in out.stdout)
    assert "Dask is not installed: the pieces run here" in out.stderr and "Traceback" not in out.stderr
    assert "Genius rolls: 100%" in out.stderr  # the closing progress line, without tqdm
    solve = subprocess.run([venv / "bin" / "tessera", "sliding", "solve"], input='{"width": 2, "height": 2, '
                           '"tiles": [1, 2, 0, 3]}\n', cwd=tmp_path, env=clean_env(), capture_output=True, text=True,
                           timeout=60)
    assert solve.returncode == 0 and solve.stdout.strip() == '{"moves": [3], "length": 1, "optimal": true}'
