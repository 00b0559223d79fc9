"""The page's Timer (site/py/tessera_ui.py) under the site's MicroPython, on a clock of the test's own.

The timer counts a second only while the player is there: idle for more than 90 s means away. Its clock is
MicroPython's millisecond ticks, which wrap; the test starts the clock just before the wrap and checks that idle
time is seen across it (the page once compared JavaScript's Date.now(), which reaches MicroPython as a wrapping
32-bit int, so a wrap hid the player's absence). The browser is stubbed: only what the Timer touches.
"""

from __future__ import annotations

import json
from pathlib import Path

from micropython import run_micropython

ROOT = Path(__file__).resolve().parents[1]

PYSCRIPT = '''
class Node:
    def __init__(self):
        self.innerText = ""
        self.innerHTML = ""
        self.attrs = {}

    def setAttribute(self, name, value):
        self.attrs[name] = value

    def addEventListener(self, kind, fn):
        pass


class Document:
    hidden = False

    def __init__(self):
        self.nodes = {}

    def getElementById(self, ident):
        return self.nodes.setdefault(ident, Node())

    def addEventListener(self, kind, fn):
        pass

    def hasFocus(self):
        return True


class Storage:
    def getItem(self, key):
        return None


class Window:
    localStorage = Storage()

    def setInterval(self, fn, ms):
        pass


document = Document()
window = Window()
'''

FFI = '''
def create_proxy(fn):
    return fn


def to_js(value):
    return value
'''

SCRIPT = '''
import json
import time
import tessera_ui as ui

clock = [time.ticks_add(0, -30000)]  # 30 s before the ticks wrap
timer = ui.Timer(now=lambda: clock[0])
timer.reset(0)
seen = []

def wait(seconds, touch=False):
    """`seconds` of the timer's one-second ticks; the player touches the page at each when `touch`."""
    for _ in range(seconds):
        clock[0] = time.ticks_add(clock[0], 1000)
        if touch:
            timer.touched()
        timer._tick()

wait(60)  # across the wrap, still within 90 s of the last touch: counted
seen.append(timer.seconds)
wait(60)  # 120 s without a touch: the last 30 are not counted
seen.append(timer.seconds)
wait(5, touch=True)  # back: counted again
seen.append(timer.seconds)
for _ in range(2):  # a week away (more than half the ticks' period), in two steps ticks_add takes
    clock[0] = time.ticks_add(clock[0], 7 * 12 * 3600 * 1000)
timer._tick()
seen.append(timer.seconds)
timer.touched()
wait(1)
seen.append(timer.seconds)
big = 1 << 29  # spans either side of the wrap, as idle compares them
seen.append([ui.idle(time.ticks_add(big, d), big) for d in (0, 90000, 90001, -1)])
seen.append([ui.idle(time.ticks_add(0, d - 1000), time.ticks_add(0, -1000)) for d in (89000, 91000)])
seen.append(ui.document.getElementById("timer").innerText)
print(json.dumps(seen))
'''


def test_the_timer_sees_idle_time_across_the_clock_wrapping(tmp_path: Path) -> None:
    (tmp_path / "pyscript.py").write_text(PYSCRIPT)
    (tmp_path / "ffi.py").write_text(FFI)
    modules = {"pyscript/__init__": tmp_path / "pyscript.py", "pyscript/ffi": tmp_path / "ffi.py",
               "tessera_ui": ROOT / "site" / "py" / "tessera_ui.py"}
    modules |= {f"rules/{m}": ROOT / "solvers" / "rules" / f"{m}.py" for m in ("__init__", "days", "latin",
                                                                            "records", "trace")}
    got = json.loads(run_micropython(SCRIPT, modules).strip().splitlines()[-1])
    assert got == [60, 90, 95, 95, 96, [False, False, True, True], [False, True], "1:36"]
