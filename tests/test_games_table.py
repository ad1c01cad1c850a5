"""One table of games: the engine's catalog (:data:`games.engine.catalog.GAMES`) names every
game, and every layer above finds its part of a game in the game's own module, by the
catalog's code (docs/design.md, "The rules engine").

Every layer covers exactly the catalog's games, in its order; and no source module outside
the engine names the games in a table of its own: no dict, list, tuple or set literal holds
two or more games, whether by code (``"ante-up-21"``), by an engine rules module's ``GAME``
constant, or by a game's own module (``ante_up.SAMPLING``), or in an entry built of one
(``ValidatedGame("ante-up-21", ...)``).  Tests, data, documents and
migrations may; so may the module-level names of :data:`NOT_A_TABLE_OF_GAMES` (a demo
venue's tables, the benchmark's workloads: data about a venue or a run, not a list of the
games).
"""

from __future__ import annotations

import ast
import pkgutil
from importlib import import_module
from pathlib import Path

from audits.samples.games import SAMPLE_GAMES
from audits.validation.games import GAMES as VALIDATED
from games.engine.catalog import GAMES as CATALOG

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("compliance", "games", "audits", "bench", "scripts")
#: module-level names whose literals name several games and are no table of games: data of a
#: workload, a venue's tables or a benchmark's runs (path, name) -> why
NOT_A_TABLE_OF_GAMES = {
    ("audits/par/year_rates.py", "DEMO"): "the demo venue: its six tables and how its players "
    "stake at each, the venue whose years monitoring's rates are measured on",
    ("bench/validation.py", "WORKLOADS"): "the benchmark's runs (two of Toss One 21, two of the "
    "tie bonus game), each with its seats, tables and goals",
}


def test_every_layer_covers_exactly_the_catalogs_games_in_its_order():
    assert list(VALIDATED) == list(SAMPLE_GAMES) == list(CATALOG)
    assert all(game.code == code for code, game in VALIDATED.items())
    assert all(game.code == code for code, game in SAMPLE_GAMES.items())


def test_each_game_is_named_by_its_module_on_every_floor():
    for code, definition in CATALOG.items():
        assert definition.engine.__module__ == f"games.engine.{definition.module}", code
        assert (ROOT / "audits/validation/games" / definition.module / "__init__.py").exists()
        assert (ROOT / "audits/samples" / f"{definition.module}.py").exists()


def test_no_game_module_is_left_out_of_the_catalog():
    """A game's folder or module the catalog does not name would never be found."""
    modules = {d.module for d in CATALOG.values()}
    import audits.validation.games as validated

    folders = [m.name for m in pkgutil.iter_modules(validated.__path__) if m.ispkg]
    with_game = {f for f in folders if hasattr(import_module(f"{validated.__name__}.{f}"), "GAME")}
    assert with_game == modules
    import audits.samples as samples

    names = [m.name for m in pkgutil.iter_modules(samples.__path__)]
    dealt = {n for n in names if hasattr(import_module(f"audits.samples.{n}"), "SAMPLE_GAME")}
    assert dealt == modules


def _sources() -> list[Path]:
    return sorted(
        p
        for top in SOURCES
        for p in (ROOT / top).rglob("*.py")
        if "migrations" not in p.parts and not p.is_relative_to(ROOT / "games/engine")
    )


class _Games:
    """What names a game in one module: a code, a name imported as an engine rules module's
    ``GAME``, an attribute ``GAME``, an attribute of a game's own module, or a call given one
    of these."""

    def __init__(self, tree: ast.Module):
        self.modules = {d.module for d in CATALOG.values()}
        self.constants = {"GAME"}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                self.constants |= {a.asname or a.name for a in node.names if a.name == "GAME"}

    def names(self, node: ast.AST) -> str | None:
        if isinstance(node, ast.Call):  # an entry built of a game: Entry("ante-up-21", ...)
            named = (self.names(a) for a in [*node.args, *(k.value for k in node.keywords)])
            return next((n for n in named if n), None)
        if isinstance(node, ast.Constant) and node.value in CATALOG:
            return node.value
        if isinstance(node, ast.Name) and node.id in self.constants:
            return ast.unparse(node)
        if isinstance(node, ast.Attribute):
            if node.attr == "GAME":
                return ast.unparse(node)
            if isinstance(node.value, ast.Name) and node.value.id in self.modules:
                return node.value.id
        return None


def _tables(tree: ast.Module, games: _Games):
    """(line, name of the module-level statement, games) of each literal naming 2+ games."""
    for statement in tree.body:
        targets = getattr(statement, "targets", None) or [getattr(statement, "target", None)]
        name = next((t.id for t in targets if isinstance(t, ast.Name)), "")
        for node in ast.walk(statement):
            if isinstance(node, ast.Dict):
                parts = [*(k for k in node.keys if k is not None), *node.values]
            elif isinstance(node, ast.List | ast.Tuple | ast.Set):
                parts = node.elts
            else:
                continue
            named = {n for n in map(games.names, parts) if n}
            if len(named) >= 2:
                yield node.lineno, name, sorted(named)


def test_no_source_names_the_games_in_a_table_of_its_own():
    found = []
    for path in _sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = path.relative_to(ROOT).as_posix()
        for line, name, named in _tables(tree, _Games(tree)):
            if (where, name) not in NOT_A_TABLE_OF_GAMES:
                found.append(f"{where}:{line} {named}")
    assert found == []


def test_the_check_sees_a_table_of_games():
    tree = ast.parse(
        "from games.engine.ante_up_rules import GAME as ANTE\n"
        "from . import ante_up, tie_bonus\n"
        "A = {'ante-up-21': 1, 'blackjack-tie-bonus': 2}\n"
        "B = (ANTE, tie_bonus_rules.GAME)\n"
        "C = [ante_up.SAMPLING, tie_bonus.SAMPLING]\n"
        "D = ('ante-up-21', 'T1')\n"
        "E = {g.code: g for g in (Game('toss-one-21', f), Game(code=ANTE))}\n"
    )
    assert [name for _, name, _ in _tables(tree, _Games(tree))] == ["A", "B", "C", "E"]
