"""No import cycles among the project's own modules (issue 27, item 5).

The graph is read from the source with the standard library's ``ast``, never by
importing anything: every ``import`` and ``from … import`` statement of a module
under ``app/``, ``models/`` and ``scoring/`` counts, at module level and inside
functions (an import put inside a function to dodge a cycle is still one),
including a package ``__init__``'s re-exports. Imports under
``if TYPE_CHECKING:`` count too: they are the same dependency, only postponed.
``from package import name`` is an edge to the submodule ``package.name`` when
such a module exists, otherwise to the package itself. Importing a submodule is
not counted as an edge to its parent packages (Python initialises a parent
before its child, so that order is not a cycle).

A cycle is reported as the chain of modules, e.g.
``models.db -> models.faults -> models.db``.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("app", "models", "scoring")
EXCLUDED = ("models.migrations",)  # Alembic's scripts, run only inside Alembic


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_modules(root: Path = ROOT) -> dict[str, Path]:
    """Map each dotted module name under the project packages to its file."""
    modules: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            name = _module_name(path)
            if any(name == e or name.startswith(e + ".") for e in EXCLUDED):
                continue
            modules[name] = path
    return modules


def _resolve_relative(module: str, is_package: bool, level: int, target: str | None) -> str:
    base = module.split(".") if is_package else module.split(".")[:-1]
    if level > 1:
        base = base[: len(base) - (level - 1)]
    return ".".join(base + ([target] if target else []))


def _nearest_module(name: str, modules: dict[str, Path]) -> str | None:
    parts = name.split(".")
    while parts:
        candidate = ".".join(parts)
        if candidate in modules:
            return candidate
        parts.pop()
    return None


def import_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Each project module's set of imported project modules (see the module docstring)."""
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = _resolve_relative(name, is_package, node.level, node.module)
                else:
                    base = node.module or ""
                for alias in node.names:
                    sub = f"{base}.{alias.name}"
                    targets.append(sub if sub in modules else base)
            for target in targets:
                found = _nearest_module(target, modules)
                if found is not None and found != name:
                    graph[name].add(found)
    return graph


def find_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle (as a closed chain of module names) per strongly connected group.

    Tarjan's algorithm finds the groups; a shortest cycle through the group's
    first module (in name order) is reported for each.
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    counter = 0

    def visit(start: str) -> None:
        nonlocal counter
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        groups.append(sorted(group))

    for name in sorted(graph):
        if name not in index:
            visit(name)

    cycles = []
    for group in sorted(groups):
        members = set(group)
        first = group[0]
        # Breadth-first search back to the first module, inside the group.
        came_from: dict[str, str] = {}
        frontier = [first]
        found = False
        while frontier and not found:
            next_frontier = []
            for node in frontier:
                for child in sorted(graph[node] & members):
                    if child == first:
                        chain = [first]
                        while node != first:
                            chain.append(node)
                            node = came_from[node]
                        chain.append(first)
                        cycles.append([chain[0], *reversed(chain[1:-1]), first])
                        found = True
                        break
                    if child not in came_from:
                        came_from[child] = node
                        next_frontier.append(child)
                if found:
                    break
            frontier = next_frontier
    return cycles


def test_graph_reader_sees_known_imports() -> None:
    """The reader is not vacuous: a few imports known to exist are in the graph."""
    graph = import_graph(project_modules())
    assert "models.db" in graph
    assert any(edges for edges in graph.values())
    assert "scoring.errors" in graph["scoring.rules"] | set().union(*graph.values())


def test_find_cycles_reports_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert find_cycles(graph) == [["a", "b", "c", "a"]]
    assert find_cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycles() -> None:
    graph = import_graph(project_modules())
    cycles = find_cycles(graph)
    assert not cycles, "import cycles:\n" + "\n".join(" -> ".join(c) for c in cycles)
