"""Batch jobs on Dask (solvers/batch.py): the same bytes on 1 worker, 2 workers and a loopback cluster started
here (`dask scheduler` + two `dask worker` processes on 127.0.0.1), a worker killed mid-task, progress lines, and
the same answers where Dask is absent."""

from __future__ import annotations

import io
import os
import random
import signal
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from solvers import batch, pattern_db, pattern_db_build
from solvers import genius as g
from solvers.sudoku import bank_build
from solvers.sudoku.bank import file_name

HERE = Path(__file__).resolve().parent
SEEDS = (0, 3)  # a small 12x12 bank range (about a second a seed): written twice with every=2


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A scheduler and two single-process workers on loopback (this folder on their path); its address."""
    with batch.loopback(2, tmp_path_factory.mktemp("dask"), [str(HERE)]) as address:
        assert address.startswith("tcp://127.0.0.1:")
        yield address


def _bank(tmp: Path, **where: object) -> bytes:
    out = tmp / "bank"
    out.mkdir(parents=True)
    bank_build.build(12, *SEEDS, every=2, out=out, **where)
    return (out / file_name(12)).read_bytes()


def _rolls() -> list[tuple[int, ...]]:
    return random.Random(35).sample(g.all_rolls(), 120)


@pytest.fixture(scope="module")
def one_worker_bank(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The bank of SEEDS made by one local worker (what the others must match)."""
    return _bank(tmp_path_factory.mktemp("bank"), workers=1)


def test_the_same_bytes_on_one_worker_two_and_a_cluster(cluster: str, one_worker_bank: bytes, tmp_path: Path) -> None:
    one = one_worker_bank
    assert one == _bank(tmp_path / "2", workers=2) == _bank(tmp_path / "c", scheduler=cluster)
    lines = one.decode().splitlines()
    assert f"# seeds {SEEDS[0]} {SEEDS[1]}" in lines and not any(".part" in x for x in lines)
    rolls = _rolls()
    counts = g.count_all(rolls, workers=1)
    assert counts == g.count_all(rolls, workers=2) == g.count_all_timed(rolls, scheduler=cluster, quiet=True)[0]
    assert counts == [g.count_solutions(r) for r in rolls[:20]] + counts[20:]  # the direct count agrees


def test_pattern_tables_are_the_same_bytes_on_one_worker_and_two(tmp_path: Path) -> None:
    small = {(3, 3): pattern_db.PARTITIONS[(3, 3)], (2, 3): ((1, 2, 3, 4, 5),)}
    one = {p.name: p.read_bytes() for p in pattern_db_build.build_databases(tmp_path / "1", small, workers=1)}
    two = {p.name: p.read_bytes() for p in pattern_db_build.build_databases(tmp_path / "2", small, workers=2)}
    assert one == two and len(one) == 5 and "sliding-2x3.json" in one


def test_resume_goes_on_to_the_same_file(one_worker_bank: bytes, tmp_path: Path) -> None:
    whole = one_worker_bank
    out = tmp_path / "part"
    out.mkdir()
    bank_build.build(12, SEEDS[0], SEEDS[0] + 2, workers=1, out=out)
    bank_build.build(12, SEEDS[0], SEEDS[1], workers=1, out=out, resume=True)
    assert (out / file_name(12)).read_bytes() == whole


def test_the_scheduler_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch, cluster: str) -> None:
    monkeypatch.setenv(batch.SCHEDULER_ENV, cluster)
    with batch.Batch() as b:
        assert b.client is not None and b.cluster is None and b.client.scheduler.address == cluster
        assert list(b.run(abs, [-3, 2, -1], quiet=True)) == [3, 2, 1]


def test_a_worker_killed_mid_task_has_its_piece_run_again(cluster: str, tmp_path: Path) -> None:
    import batch_pieces

    pieces = [(x, str(tmp_path)) for x in range(6)]
    got: list[int] = []
    job = threading.Thread(target=lambda: got.extend(batch.run(batch_pieces.stall_once, pieces, scheduler=cluster,
                                                               quiet=True)))
    job.start()
    deadline = time.monotonic() + 120
    while not (stalled := list(tmp_path.glob("started-2-*"))) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert stalled, "the stalling piece never started"
    os.kill(int(stalled[0].read_text()), signal.SIGKILL)  # the worker process running it
    job.join(timeout=batch_pieces.STALL + 60)
    assert not job.is_alive() and got == [x * x for x in range(6)]
    assert len({m.name for m in tmp_path.glob("started-2-*")}) == 2  # run twice, by two processes


def test_progress_is_a_line_every_few_seconds_off_a_terminal() -> None:
    out = io.StringIO()
    progress = batch.Progress(10, "job", "seeds", stream=out, every=0.0)
    for k in range(10):
        progress.add(1, note=f"seed {k}")
    progress.close()
    lines = out.getvalue().splitlines()
    assert len(lines) == 10 and lines[-1].startswith("job: 100%") and "10/10" in lines[-1]
    assert lines[-1].endswith("· seed 9") and "seeds/s" in lines[-1] and "\r" not in out.getvalue()
    quiet = io.StringIO()
    progress = batch.Progress(10, "job", stream=quiet, every=3600.0)
    progress.add(4)
    progress.close()
    assert quiet.getvalue().count("\n") == 1 and "4/10" in quiet.getvalue()  # only the closing line


def test_without_tqdm_a_terminal_gets_the_plain_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setitem(sys.modules, "tqdm", None)  # `import tqdm` raises ImportError, as where it is not installed
    out = Terminal()
    progress = batch.Progress(4, "job", "rolls", stream=out, every=0.0)
    assert progress.bar is None
    for _ in range(4):
        progress.add(1)
    progress.close()
    lines = out.getvalue().splitlines()
    assert len(lines) == 4 and lines[-1].startswith("job: 100% 4/4 [") and lines[-1].endswith(" rolls/s]")
    assert batch.meter(4, 10, 3.2, "job", "seeds") == "job:  40% 4/10 [00:03<00:04, 1.25 seeds/s]"
    assert batch.clock(3725) == "1:02:05"


def test_without_dask_the_pieces_run_here_with_the_same_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    rolls = _rolls()[:40]
    with_dask = g.count_all(rolls, workers=2)
    monkeypatch.setattr(batch, "dask_present", lambda: False)
    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    assert g.count_all(rolls, workers=2) == with_dask
    assert "Dask is not installed" in err.getvalue()
    with pytest.raises(SystemExit, match="needs Dask"), batch.Batch(scheduler="tcp://127.0.0.1:1"):
        pass
