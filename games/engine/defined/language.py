"""Reading a side wager's definition: every name checked against the closed vocabulary
(:mod:`.vocabulary`), every argument against what its predicate takes, and a wrong definition
refused with where it is wrong (``three_card.outcomes[2].when.consecutive``) and why.

A definition, as the registry's YAML writes it::

    key: pairs
    title: Pairs
    reads: first_two            # or first_two_and_up, first_three
    rule: "4"                   # the rule of the rule version's document that defines it
    ace: high_or_low            # how an ace runs in `consecutive` (low, high, high_or_low)
    outcomes:                   # in order: the first that holds is the outcome
      - {outcome: perfect_pair, when: {same_rank: true, same_suit: true}}
      - {outcome: coloured_pair, when: {same_rank: true, same_colour: true}}
      - {outcome: mixed_pair, when: {same_rank: true}, words: a pair of two colours}

A hand no outcome holds for loses; so does an outcome its paytable does not price."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from ..cards import RANKS, SUITS
from .vocabulary import ACE_RUNS, PREDICATES, READS

KEY = re.compile(r"^[a-z][a-z0-9_]{1,39}$")
DEFINITION_FIELDS = ("key", "title", "reads", "rule", "ace", "outcomes")
OUTCOME_FIELDS = ("outcome", "when", "words")
MOST_OUTCOMES = 40


class DefinitionError(ValueError):
    """A definition the engine refuses: ``path`` says where, ``reason`` why."""

    def __init__(self, path: str, reason: str):
        self.path, self.reason = path, reason
        super().__init__(f"{path}: {reason}")


@dataclass(frozen=True)
class DefinedOutcome:
    key: str
    words: str
    when: tuple[tuple[str, object], ...]  # (predicate, argument), every one must hold


@dataclass(frozen=True)
class SideWagerDefinition:
    key: str
    title: str
    reads: str
    ace: str
    rule: str
    outcomes: tuple[DefinedOutcome, ...]
    document: str = ""  # the rule version's source document, which ``rule`` numbers

    @property
    def cards(self) -> int:
        return READS[self.reads][0]

    @property
    def outcome_keys(self) -> tuple[str, ...]:
        return tuple(o.key for o in self.outcomes)

    def words_of(self, outcome: str) -> str:
        return next((o.words for o in self.outcomes if o.key == outcome), "no outcome: loses")


def definition_read(
    data: object, where: str | None = None, document: str = ""
) -> SideWagerDefinition:
    """The definition in ``data`` (a mapping as YAML gives it), or :class:`DefinitionError`;
    ``document``: the rule version's source document, which the definition's rule numbers;
    ``where``: the definition's place in its file, which every error's path starts with (by
    default the wager's key)."""
    data = _mapping(data, where or "side wager", DEFINITION_FIELDS,
                    required=("key", "title", "reads", "outcomes"))  # fmt: skip
    key = _key(data["key"], f"{where or 'side wager'}.key")
    here = where or key  # where the caller says it is (a registry file's path), or its key
    title = _text(data["title"], f"{here}.title", 80)
    reads = data["reads"]
    if reads not in READS:
        raise DefinitionError(f"{here}.reads", f"{reads!r} is not one of {', '.join(READS)}")
    ace = data.get("ace", "high_or_low")
    if ace not in ACE_RUNS:
        raise DefinitionError(f"{here}.ace", f"{ace!r} is not one of {', '.join(ACE_RUNS)}")
    rule = _text(str(data.get("rule", "")), f"{here}.rule", 20, empty=True)
    outcomes = data["outcomes"]
    if not isinstance(outcomes, list) or not 1 <= len(outcomes) <= MOST_OUTCOMES:
        raise DefinitionError(f"{here}.outcomes", f"a list of 1 to {MOST_OUTCOMES} outcomes")
    read = [_outcome(o, f"{here}.outcomes[{i}]", READS[reads][0]) for i, o in enumerate(outcomes)]
    seen: set[str] = set()
    for i, outcome in enumerate(read):
        if outcome.key in seen:
            raise DefinitionError(f"{here}.outcomes[{i}].outcome", f"{outcome.key!r} twice")
        seen.add(outcome.key)
    return SideWagerDefinition(key, title, reads, ace, rule, tuple(read), document)


def _outcome(data: object, where: str, cards: int) -> DefinedOutcome:
    data = _mapping(data, where, OUTCOME_FIELDS, required=("outcome", "when"))
    key = _key(data["outcome"], f"{where}.outcome")
    when = _mapping(data["when"], f"{where}.when", tuple(PREDICATES), required=())
    if not when:
        raise DefinitionError(f"{where}.when", "names no predicate: an outcome needs one")
    checked = tuple((name, _argument(name, arg, f"{where}.when.{name}", cards))
                    for name, arg in when.items())  # fmt: skip
    words = _text(data.get("words", key.replace("_", " ")), f"{where}.words", 120)
    return DefinedOutcome(key, words, checked)


def _argument(name: str, arg: object, where: str, cards: int) -> object:
    takes = PREDICATES[name].takes
    if takes == "yes_no":
        if not isinstance(arg, bool):
            raise DefinitionError(where, f"true or false, not {arg!r}")
        return arg
    if takes == "totals":
        totals = arg if isinstance(arg, list) else [arg]
        if not totals or not all(type(t) is int and 2 <= t <= 31 for t in totals):
            raise DefinitionError(where, f"a total or a list of totals from 2 to 31, not {arg!r}")
        return frozenset(totals)
    if takes == "ranks":
        ranks = tuple(_rank(r, where) for r in (arg if isinstance(arg, list) else [arg]))
        if name == "ranks" and len(ranks) != cards:
            raise DefinitionError(where, f"{len(ranks)} ranks for the {cards} cards read")
        return ranks
    if takes == "suits":
        suits = arg if isinstance(arg, list) else [arg]
        if not suits or not all(isinstance(s, str) and s in SUITS for s in suits):
            raise DefinitionError(where, f"suits among {' '.join(SUITS)}, not {arg!r}")
        return frozenset(suits)
    if arg not in ("red", "black"):
        raise DefinitionError(where, f"red or black, not {arg!r}")
    return arg


def _rank(value: object, where: str) -> str:
    rank = {"10": "T"}.get(str(value).upper(), str(value).upper())
    if type(value) not in (int, str) or len(rank) != 1 or rank not in RANKS:
        raise DefinitionError(where, f"{value!r} is not a rank ({' '.join(RANKS)})")
    return rank


def _mapping(data: object, where: str, fields: tuple[str, ...], required) -> Mapping:
    if not isinstance(data, Mapping):
        raise DefinitionError(where, f"a mapping, not {type(data).__name__}")
    for name in data:
        if name not in fields:
            raise DefinitionError(
                f"{where}.{name}", f"not a known name; the names are {', '.join(fields)}"
            )
    for name in required:
        if name not in data:
            raise DefinitionError(f"{where}.{name}", "missing")
    return data


def _key(value: object, where: str) -> str:
    if not isinstance(value, str) or not KEY.match(value):
        raise DefinitionError(where, f"{value!r} is not a key (a-z, 0-9 and _, 2 to 40)")
    return value


def _text(value: object, where: str, most: int, empty: bool = False) -> str:
    if not isinstance(value, str) or len(value) > most or (not empty and not value.strip()):
        raise DefinitionError(where, f"text of {'0' if empty else '1'} to {most} characters")
    return value.strip()
