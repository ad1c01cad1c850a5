"""Where a name a docstring cites is defined in the project's sources, found with ast.

A name is defined in a module when the module binds it at its top level (a ``def``, a
``class``, an assignment, an annotated one, an import); a member of a class when the class's
body binds it or one of its methods assigns ``self.<member>``.  An imported name is followed
to the module it comes from; a class's member may be its bases' (an outside base, Django's
``Model`` say, is taken on trust).  Names of other projects (django, numpy, ...) are taken
on trust too.
"""

from __future__ import annotations

import ast
import builtins
import functools
import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROJECT = ("audits", "games", "compliance", "bench", "scripts")
Module = tuple[str, ...]
SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


@functools.cache
def module_tree(module: Module) -> ast.Module | None:
    """The module's source parsed, or None when the project has no such module."""
    if not module:
        return None
    head = ROOT.joinpath(*module)
    for path in (head.with_suffix(".py"), head / "__init__.py"):
        if path.is_file():
            return ast.parse(path.read_text(encoding="utf-8"))
    return None


def _is_package(module: Module) -> bool:
    return (ROOT.joinpath(*module) / "__init__.py").is_file()


def bindings(body: list[ast.stmt]) -> dict[str, ast.AST]:
    """Each name the statements bind, and the statement (or import alias) that binds it; the
    bodies of ``if``, ``try``, ``with`` and loops are read, functions' and classes' are not."""
    found: dict[str, ast.AST] = {}
    for node in body:
        found |= _bound_by(node)
    return found


def _bound_by(node: ast.stmt) -> dict[str, ast.AST]:
    if isinstance(node, SCOPES):
        return {node.name: node}
    if isinstance(node, ast.Import | ast.ImportFrom):
        return {alias.asname or alias.name.split(".")[0]: alias for alias in node.names}
    found: dict[str, ast.AST] = {}
    if isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        found |= {name.id: node for target in targets for name in _names(target)}
    inner = [*getattr(node, "body", []), *getattr(node, "orelse", []),
             *getattr(node, "finalbody", []),
             *(s for handler in getattr(node, "handlers", []) for s in handler.body)]  # fmt: skip
    found |= bindings(inner)
    heads = [getattr(node, field) for field in ("test", "value", "iter") if hasattr(node, field)]
    found |= {n.target.id: node for head in heads if head is not None
              for n in ast.walk(head) if isinstance(n, ast.NamedExpr)}  # fmt: skip
    return found


def _names(target: ast.expr) -> list[ast.Name]:
    if isinstance(target, ast.Name):
        return [target]
    if isinstance(target, ast.Tuple | ast.List):
        return [name for element in target.elts for name in _names(element)]
    return []


def _imported_from(module: Module, alias: ast.alias, statement: ast.ImportFrom) -> Module:
    """The module an import statement of ``module`` reads ``alias`` from."""
    if not statement.level:
        return tuple((statement.module or "").split("."))
    package = module if _is_package(module) else module[:-1]
    base = package[: len(package) - statement.level + 1]
    return (*base, *((statement.module or "").split(".") if statement.module else ()))


def _statement_of(tree: ast.Module, alias: ast.alias) -> ast.Import | ast.ImportFrom:
    return next(
        n for n in ast.walk(tree) if isinstance(n, ast.Import | ast.ImportFrom) and alias in n.names
    )


def defined(module: Module, names: list[str], depth: int = 0) -> bool:
    """Whether ``names`` (a name, a class and its member, ...) are defined in ``module``."""
    tree = module_tree(module)
    if tree is None or depth > 10:
        return False
    if not names:
        return True
    bound = bindings(tree.body).get(names[0])
    if bound is None:  # a module of the package, not imported by it
        return module_tree((*module, names[0])) is not None and defined(
            (*module, names[0]), names[1:], depth + 1
        )
    if isinstance(bound, ast.alias):
        return _imported(module, tree, bound, names[1:], depth)
    if len(names) == 1:
        return True
    if isinstance(bound, ast.ClassDef):
        return _member(module, bound, names[1:], depth)
    return False


def _imported(module: Module, tree: ast.Module, alias: ast.alias, rest: list[str], depth: int):
    """Whether the name ``alias`` imports, and ``rest`` inside it, are defined where it comes
    from (on trust when that is another project)."""
    statement = _statement_of(tree, alias)
    if isinstance(statement, ast.Import):
        source = tuple(alias.name.split(".") if alias.asname else alias.name.split(".")[:1])
        return source[0] not in PROJECT or defined(source, rest, depth + 1)
    source = _imported_from(module, alias, statement)
    if source[0] not in PROJECT:
        return True
    if module_tree((*source, alias.name)) is not None:  # a module imported from its package
        return defined((*source, alias.name), rest, depth + 1)
    return defined(source, [alias.name, *rest], depth + 1)


def _member(module: Module, cls: ast.ClassDef, rest: list[str], depth: int) -> bool:
    """Whether the class (of ``module``) or one of its bases defines ``rest[0]``."""
    members = set(bindings(cls.body))
    members |= {
        target.attr
        for node in ast.walk(cls)
        if isinstance(node, ast.Assign | ast.AnnAssign)
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Attribute) and getattr(target.value, "id", "") == "self"
    }
    if rest[0] in members:
        return True
    for base in cls.bases:
        if not isinstance(base, ast.Name):  # models.Model: another project's, on trust
            return True
        if hasattr(builtins, base.id) and base.id not in bindings(module_tree(module).body):
            if hasattr(getattr(builtins, base.id), rest[0]):
                return True
        elif defined(module, [base.id, *rest], depth + 1):
            return True
    return False


def target_defined(target: str, module: Module, cls: ast.ClassDef | None) -> bool:
    """Whether a role's target (``~`` dropped) is defined: relative to ``module``'s package when
    it starts with dots; else a name of ``module`` (or of the class ``cls`` whose docstring
    cites it), or a module of the project and names in it; another project's on trust."""
    target = target.lstrip("~")
    if target.startswith("."):
        dots = len(target) - len(target.lstrip("."))
        package = module if _is_package(module) else module[:-1]
        return _absolute([*package[: len(package) - dots + 1], *target.lstrip(".").split(".")])
    parts = target.split(".")
    if defined(module, parts):
        return True
    if cls is not None and _member(module, cls, parts, 0):
        return True
    if parts[0] in PROJECT:
        return _absolute(parts)
    return "." in target and importlib.util.find_spec(parts[0]) is not None


def _absolute(parts: list[str]) -> bool:
    """Whether ``parts`` name a module of the project, or a module and names defined in it."""
    for cut in range(len(parts), 0, -1):
        if module_tree(tuple(parts[:cut])) is not None:
            return defined(tuple(parts[:cut]), parts[cut:])
    return False
