"""No import circle between the modules of fwlab (DESIGN.md: data flows one way, each layer knows only
the layers below it).

The graph is grimp's (what import-linter reads): every ``import`` of a module, at its top or inside
a function (a lazy import is still a dependency), with and without the imports made only for the
type checker (``if TYPE_CHECKING:``). A circle of imports that run is refused outright. One circle
made only of type-checking imports is known (below) and may not grow: mypyc needs the Daemornia
helpers to name the concrete ``Game`` they are compiled against. pyproject.toml's import-linter
contract "No circles between the packages and modules of fwlab" keeps the packages acyclic as well.
"""

from __future__ import annotations

import grimp
import pytest

#: Circles that exist only through ``if TYPE_CHECKING:`` imports, each with why it stays.
TYPE_ONLY_CIRCLES: dict[frozenset[str], str] = {
    frozenset({"fwlab.rules.daemornia.game", "fwlab.rules.daemornia.combat", "fwlab.rules.daemornia.effects"}):
        "combat.py and effects.py take the Game that game.py builds from them; mypyc compiles their "
        "attribute reads natively only against the concrete class",
}


def circles(graph: grimp.ImportGraph) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan, iteratively)."""
    modules = sorted(graph.modules)
    edges = {m: sorted(graph.find_modules_directly_imported_by(m) & graph.modules) for m in modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[frozenset[str]] = []
    for root in modules:
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            v, i = work.pop()
            if i == 0:
                index[v] = low[v] = len(index)
                stack.append(v)
                on_stack.add(v)
            for j in range(i, len(edges[v])):
                w = edges[v][j]
                if w not in index:
                    work.append((v, j + 1))
                    work.append((w, 0))
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            else:
                if low[v] == index[v]:
                    comp = set()
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        comp.add(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        out.append(frozenset(comp))
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[v])
    return out


def _describe(graph: grimp.ImportGraph, circle: frozenset[str]) -> str:
    lines = []
    for a in sorted(circle):
        for b in sorted(graph.find_modules_directly_imported_by(a) & circle):
            where = ", ".join(str(d["line_number"]) for d in graph.get_import_details(importer=a, imported=b))
            lines.append(f"  {a} -> {b} (line {where})")
    return "\n".join(lines)


@pytest.fixture(scope="module")
def graphs() -> dict[str, grimp.ImportGraph]:
    return {"all": grimp.build_graph("fwlab", cache_dir=None),
            "run": grimp.build_graph("fwlab", exclude_type_checking_imports=True, cache_dir=None)}


def test_no_circle_of_imports_that_run(graphs: dict[str, grimp.ImportGraph]) -> None:
    graph = graphs["run"]
    found = circles(graph)
    assert not found, "import circles:\n" + "\n\n".join(_describe(graph, c) for c in found)


def test_no_circle_of_type_checking_imports_but_the_known_one(graphs: dict[str, grimp.ImportGraph]) -> None:
    graph = graphs["all"]
    found = set(circles(graph))
    new = found - set(TYPE_ONLY_CIRCLES)
    assert not new, "new import circles:\n" + "\n\n".join(_describe(graph, c) for c in new)
    gone = set(TYPE_ONLY_CIRCLES) - found
    assert not gone, f"no longer a circle: remove it from TYPE_ONLY_CIRCLES: {[sorted(c) for c in gone]}"


def test_the_circle_finder_finds_a_circle_and_a_lazy_import() -> None:
    """The check itself: a module-level and a function-level import that close a loop are found."""
    g = grimp.ImportGraph()
    for m in ("p", "p.a", "p.b", "p.c", "p.d"):
        g.add_module(m)
    g.add_import(importer="p.a", imported="p.b", line_number=1, line_contents="from . import b")
    g.add_import(importer="p.b", imported="p.c", line_number=9, line_contents="from . import c  # in a function")
    g.add_import(importer="p.c", imported="p.a", line_number=2, line_contents="from .a import x")
    g.add_import(importer="p.c", imported="p.d", line_number=3, line_contents="from . import d")
    assert circles(g) == [frozenset({"p.a", "p.b", "p.c"})]
    g.remove_import(importer="p.b", imported="p.c")
    assert circles(g) == []
