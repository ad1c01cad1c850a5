"""The games the engine knows, and par sheets by game code: the project's one table of games.

A :class:`GameDefinition` ties a game code (as in hand logs) to its rule
parameters, its declared options (the variants an approval allows), its
documented paytables and its par-sheet calculation.  :data:`GAMES` is the only list that
names the games: every other layer keeps its part of a game in a module of the game's own,
the one :attr:`GameDefinition.module` names (validation's ``audits/validation/games/<game>/``,
the samples' ``audits/samples/<game>.py``), and finds it from here by the game's code.
Adding a game is one entry here and those modules.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from . import ante_up_parsheet, ante_up_rules, tie_bonus_parsheet, tie_bonus_rules, toss_one_rules
from .ante_up import AnteUp21
from .insurance_parsheet import insurance_sheet
from .parameters import Parameter, ParameterError, coerce, resolve
from .parsheet import ParSheet, WagerSheet
from .paytables import Paytable
from .tie_bonus import TieBonusBlackjack
from .toss_one import TossOne21
from .toss_one_parsheet import toss_one_sheets

SheetFunction = Callable[..., tuple[WagerSheet, ...]]


@dataclass(frozen=True)
class GameDefinition:
    code: str
    #: the game's name in the project's module paths: its logic module here
    #: (games/engine/<module>.py) and its own part on every floor above, found by this name
    #: (audits/validation/games/<module>/, audits/samples/<module>.py)
    module: str
    title: str
    engine: type  # the game's engine class, built from a rule version's parameters
    wagers: tuple[str, ...]
    parameters: tuple[Parameter, ...]
    options: Mapping[str, tuple[str, ...]]  # option name -> allowed values
    default_options: Mapping[str, str]
    paytables: Mapping[tuple[str, str], Paytable]  # (wager, code) -> table
    paytable_options: Mapping[str, str]  # wager -> option naming its paytable code
    paytable_outcomes: Mapping[str, tuple[str, ...]]  # wager -> outcomes a paytable may price
    sheets: SheetFunction
    #: parameters whose alternatives the par sheet recomputes, to show how much they matter
    open_points: tuple[str, ...] = ()
    #: wagers without a paytable whose sheets are stored with each rule version (exact, or
    #: simulated under a named strategy where the players' choices matter)
    rule_sheets: tuple[str, ...] = ()
    #: paytable -> the wagers its sheets price, where not the paytable's own wager
    paytable_wagers: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: what a side wager a rule version defines as data may read in the game's logs
    #: (:data:`games.engine.defined.vocabulary.READS`); none: the game takes no such wager
    defined_reads: tuple[str, ...] = ()

    def priced_by(self, paytable_wager: str) -> tuple[str, ...]:
        """The wagers whose sheets a paytable of ``paytable_wager`` prices."""
        return self.paytable_wagers.get(paytable_wager, (paytable_wager,))

    def paytables_for(self, options: Mapping[str, str]) -> dict[str, Paytable]:
        """The paytable of each wager for the declared options."""
        return {
            wager: self.paytables[(wager, code)] for wager, code in self._codes(options).items()
        }

    def _codes(self, options: Mapping[str, str]) -> dict[str, str]:
        codes = {}
        for wager, _ in self.paytables:
            option = self.paytable_options.get(wager)
            codes[wager] = options[option] if option else _only_code(self.paytables, wager)
        return codes


def _only_code(paytables: Mapping[tuple[str, str], Paytable], wager: str) -> str:
    return min(code for w, code in paytables if w == wager)


def _toss_one_sheets(params, decks, options, paytables, only=None):
    return toss_one_sheets(TossOne21(params), decks, options, paytables, only)


def _ante_up_sheets(params, decks, options, paytables, only=None):
    if only and only <= {"poker_bonus", "insurance"}:  # exact and quick: no simulation needed
        bonus = ante_up_parsheet.poker_bonus_sheet(decks, paytables["poker_bonus"])
        return _with_insurance(params, decks, (bonus,) if "poker_bonus" in only else ())
    sheets = ante_up_parsheet.sheets_for(params, decks, options, paytables)
    return _with_insurance(params, decks, sheets)


def _tie_bonus_sheets(params, decks, options, paytables, only=None):
    if only and only <= {"insurance"}:  # exact and quick: no simulation needed
        return _with_insurance(params, decks, ())
    sheets = tie_bonus_parsheet.sheets_for(params, decks, options, paytables)
    return _with_insurance(params, decks, sheets)


def _with_insurance(params, decks: int, sheets: tuple) -> tuple:
    """The game's sheets and, where the rule version offers insurance, its exact sheet."""
    return (*sheets, insurance_sheet(decks)) if params.get("insurance") else sheets


TOSS_ONE_21 = GameDefinition(
    code=toss_one_rules.GAME,
    module="toss_one",
    title="Toss One 21",
    engine=TossOne21,
    wagers=("main", "lucky3", "bonus4"),
    parameters=toss_one_rules.PARAMETERS,
    options={"blackjack_pays": toss_one_rules.BLACKJACK_PAYS, "lucky3_paytable": ("1", "2")},
    default_options={"blackjack_pays": "3:2", "lucky3_paytable": "1"},
    paytables=toss_one_rules.PAYTABLES,
    paytable_options={"lucky3": "lucky3_paytable"},
    paytable_outcomes={
        "lucky3": toss_one_rules.LUCKY3_OUTCOMES,
        "bonus4": toss_one_rules.BONUS4_OUTCOMES,
    },
    sheets=_toss_one_sheets,
    open_points=("kicker_ace", "kicker_tens", "dealer_three_card_blackjack", "lucky3_hand"),
    rule_sheets=("main",),
)

BLACKJACK_PAYS = ("3:2", "6:5")
#: the cards a blackjack-family log gives a side wager defined as data: a seat's first two,
#: and the dealer's up card (Toss One 21 takes none: its kept hand depends on the toss, which
#: the definitions' language does not read)
FAMILY_DEFINED_READS = ("first_two", "first_two_and_up")

ANTE_UP_21 = GameDefinition(
    code=ante_up_rules.GAME,
    module="ante_up",
    title="Ante Up 21, Poker Bonus Edition",
    engine=AnteUp21,
    wagers=ante_up_rules.WAGERS,
    parameters=ante_up_rules.PARAMETERS,
    options={"blackjack_pays": BLACKJACK_PAYS, "poker_bonus_paytable": ("1",)},
    default_options={"blackjack_pays": "3:2", "poker_bonus_paytable": "1"},
    paytables=ante_up_rules.PAYTABLES,
    paytable_options={"poker_bonus": "poker_bonus_paytable"},
    paytable_outcomes={"poker_bonus": ante_up_rules.POKER_BONUS_OUTCOMES},
    sheets=_ante_up_sheets,
    open_points=("poker_hand",),
    rule_sheets=("main", "ante", "bet", "insurance"),
    defined_reads=FAMILY_DEFINED_READS,
)

TIE_BONUS = GameDefinition(
    code=tie_bonus_rules.GAME,
    module="tie_bonus",
    title="Blackjack with tie bonus wagers",
    engine=TieBonusBlackjack,
    wagers=tie_bonus_rules.WAGERS,
    parameters=tie_bonus_rules.PARAMETERS,
    options={"blackjack_pays": BLACKJACK_PAYS, "tie_bonus_paytable": ("1",)},
    default_options={"blackjack_pays": "3:2", "tie_bonus_paytable": "1"},
    paytables=tie_bonus_rules.PAYTABLES,
    paytable_options={"tie_bonus": "tie_bonus_paytable"},
    paytable_outcomes={"tie_bonus": tie_bonus_rules.TIE_OUTCOMES},
    sheets=_tie_bonus_sheets,
    rule_sheets=("main", "insurance"),
    paytable_wagers={"tie_bonus": tuple(tie_bonus_rules.TIE_WAGERS)},
    defined_reads=FAMILY_DEFINED_READS,
)

#: every game, by code, in the order every layer lists them (the one table of games)
GAMES: dict[str, GameDefinition] = {g.code: g for g in (TOSS_ONE_21, ANTE_UP_21, TIE_BONUS)}


class UnknownGame(KeyError):
    pass


def game(code: str) -> GameDefinition:
    try:
        return GAMES[code]
    except KeyError:
        raise UnknownGame(f"unknown game {code!r}; known: {', '.join(sorted(GAMES))}") from None


def split_settings(
    definition: GameDefinition, settings: Mapping[str, Any]
) -> tuple[dict[str, Any], dict[str, str]]:
    """Separate ``name=value`` settings into rule parameters and declared options."""
    parameter_names = {p.name for p in definition.parameters}
    params: dict[str, Any] = {}
    options = dict(definition.default_options)
    for name, value in settings.items():
        if name in definition.options:
            if value not in definition.options[name]:
                allowed = ", ".join(definition.options[name])
                raise ParameterError(f"option {name}={value!r} is not allowed (one of {allowed})")
            options[name] = value
        elif name in parameter_names:
            params[name] = coerce(value)
        else:
            raise ParameterError(
                f"{name!r} is neither a parameter nor an option of {definition.code}"
            )
    return resolve(definition.parameters, params), options


def compute_parsheet(
    code: str,
    decks: int,
    settings: Mapping[str, Any] | None = None,
    sensitivity: bool = True,
    paytables: Mapping[str, Paytable] | None = None,
    only: frozenset[str] | None = None,
) -> ParSheet:
    """The par sheet of every wager of a game for ``decks`` decks (1 to 8).

    ``paytables`` replaces the documented paytables of the wagers it names (a
    registry paytable version); ``only`` limits the sheet to some wagers.
    With ``sensitivity`` the sheet also gives each wager's house edge under
    every other value of the game's open points (ambiguous rules), so a
    reviewer sees how much each reading matters.
    """
    if not 1 <= decks <= 8:
        raise ParameterError(f"decks={decks} is outside 1 to 8")
    definition = game(code)
    params, options = split_settings(definition, settings or {})
    tables = {**definition.paytables_for(options), **(paytables or {})}
    sheets = definition.sheets(params, decks, options, tables, only)
    if only:
        sheets = tuple(s for s in sheets if s.key in only)
    alternatives = _alternatives(definition, params, decks, options, tables) if sensitivity else {}
    return ParSheet(definition.code, decks, params, options, sheets, alternatives=alternatives)


def _alternatives(definition, params, decks, options, paytables) -> dict[str, dict[str, dict]]:
    """House edge of each wager under each other value of each open point."""
    by_name = {p.name: p for p in definition.parameters}
    result: dict[str, dict[str, dict]] = {}
    for name in definition.open_points:
        for value in by_name[name].choices:
            if value == params[name]:
                continue
            sheets = definition.sheets({**params, name: value}, decks, options, paytables)
            result.setdefault(name, {})[str(value)] = {
                s.key: {"house_edge": float(s.house_edge), "house_edge_exact": str(s.house_edge)}
                for s in sheets
            }
    return result
