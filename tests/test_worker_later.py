"""The worker restored from its snapshot has no files of the standard library or the solvers: at the first import
the snapshot does not hold, `later` fetches both (solvers/worker.py). Under CPython, with the fetch faked."""

from __future__ import annotations

import importlib
import io
import site
import sys
import zipfile
import zipimport
from pathlib import Path

import pytest

from solvers import worker

EMPTY_ZIP = b"PK\x05\x06" + bytes(18)  # what the worker starts with (build.py's python_stdlib_later.zip)


def zipped(files: dict[str, str]) -> bytes:
    """A zip of these files."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for name, text in files.items():
            z.writestr(name, text)
    return out.getvalue()


@pytest.fixture
def restored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """An empty standard library zip first on sys.path and an empty site-packages, as in a restored worker."""
    archive, packages = tmp_path / "python314.zip", tmp_path / "site-packages"
    archive.write_bytes(EMPTY_ZIP)
    packages.mkdir()
    monkeypatch.setattr(sys, "path", [str(archive), *sys.path, str(packages)])
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    monkeypatch.setattr(site, "getsitepackages", lambda: [str(packages)])
    yield archive, packages
    for name in ("later_std_probe", "later_wheel_probe"):
        sys.modules.pop(name, None)
    zipimport._zip_directory_cache.pop(str(archive), None)
    importlib.invalidate_caches()


def test_the_first_import_fetches_the_files_once(restored: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    _, packages = restored
    served = {"stdlib": zipped({"later_std_probe.py": "X = 1\n"}),
              "wheel": zipped({"later_wheel_probe.py": "Y = 2\n", "solvers/sudoku/bank_9x9.txt": "data"})}
    asked = []
    monkeypatch.setattr(worker, "_fetch_now", lambda url: asked.append(url) or served[url])
    worker.later("stdlib", "wheel")
    builtin = next((n for n in sys.builtin_module_names if n not in sys.modules), None)
    if builtin is not None:  # a built-in module needs no file: nothing fetched
        importlib.import_module(builtin)
        assert asked == []
    assert importlib.import_module("later_std_probe").X == 1
    assert importlib.import_module("later_wheel_probe").Y == 2
    assert asked == ["stdlib", "wheel"] and worker._FetchFirst not in sys.meta_path
    assert not (packages / "solvers").exists()  # only the wheel's modules: its data files are fetched as data


def test_a_failed_fetch_fails_the_import_and_is_tried_again(restored: tuple[Path, Path],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    def offline(url: str) -> bytes:
        raise ImportError(f"could not load {url} (HTTP 0) for a module of the solver")

    monkeypatch.setattr(worker, "_fetch_now", offline)
    worker.later("stdlib", "wheel")
    with pytest.raises(ImportError, match="could not load stdlib"):
        importlib.import_module("later_std_probe")
    assert sys.meta_path[0] is worker._FetchFirst
    monkeypatch.setattr(worker, "_fetch_now", {"stdlib": zipped({"later_std_probe.py": "X = 3\n"}),
                                               "wheel": zipped({})}.get)
    assert importlib.import_module("later_std_probe").X == 3
