"""Check the imports of `solvers/`: no import cycle (function-level imports included) and no private name
(`_x`) imported from another module or reached through one (`module._x`).

    python3 tools/imports.py        # prints each problem; exit status 1 when there is one

`from pkg import name` counts as importing `pkg.name` when that is a module, else `pkg` (its __init__). The
parent packages a module's import runs first are not counted: they are how Python imports, not a choice.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "solvers"


def modules(root: Path = ROOT) -> dict[str, Path]:
    """Dotted name -> file of every module under the package (a package is its __init__)."""
    out = {}
    for path in sorted((root / PACKAGE).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _base(name: str, path: Path, node: ast.ImportFrom) -> str:
    """The dotted module an ImportFrom reads from."""
    if not node.level:
        return node.module or ""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for _ in range(node.level - 1):
        package = package.rpartition(".")[0]
    return f"{package}.{node.module}" if node.module else package


def imports(name: str, path: Path, known: dict[str, Path], root: Path = ROOT) -> tuple[set[str], list[str]]:
    """(the package's modules this one imports, anywhere in it; the private names it imports from another)."""
    edges: set[str] = set()
    private: list[str] = []
    tree = ast.parse(path.read_text(), str(path))
    bound: set[str] = set()  # local names of the package's modules imported here
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            edges.update(a.name for a in node.names if a.name in known)
            bound.update(a.asname or a.name for a in node.names if a.name in known)
        elif isinstance(node, ast.ImportFrom):
            base = _base(name, path, node)
            if not (base == PACKAGE or base.startswith(PACKAGE + ".")):
                continue
            for alias in node.names:
                full = f"{base}.{alias.name}"
                if full in known:
                    edges.add(full)
                    bound.add(alias.asname or alias.name)
                    continue
                edges.add(base)
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    private.append(f"{path.relative_to(root)}:{node.lineno}: imports {alias.name} from {base}")
    for node in ast.walk(tree):  # module._name: a private name reached in another module
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in bound \
                and node.attr.startswith("_") and not node.attr.startswith("__"):
            private.append(f"{path.relative_to(root)}:{node.lineno}: uses {node.value.id}.{node.attr}")
    edges.discard(name)
    return edges, private


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def problems(root: Path = ROOT) -> list[str]:
    """Every cycle and private import, in words."""
    known = modules(root)
    graph: dict[str, set[str]] = {}
    out: list[str] = []
    for name, path in known.items():
        graph[name], private = imports(name, path, known, root)
        out += private
    out += ["import cycle: " + " <-> ".join(group) for group in cycles(graph)]
    return out


if __name__ == "__main__":
    sys.setrecursionlimit(10_000)
    found = problems()
    print("\n".join(found) if found else f"{PACKAGE}/: no import cycle, no private name imported across modules")
    sys.exit(1 if found else 0)
