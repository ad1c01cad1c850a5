"""From the registry's answer (what was in force) to the engine rules a round is judged by."""

from __future__ import annotations

import threading
from collections import OrderedDict

from audits.validation.context import GameRules, Limit
from audits.validation.games import GAMES
from games.engine.catalog import game as engine_game
from games.models import RuleVersion
from games.rules_resolver import RulesResolver
from games.selectors import RulesInForce
from games.services.defined_wagers import rule_version_side_wagers
from games.services.rules import engine_paytable

#: Engines built per process: a rule version is immutable once approved, so its engine
#: (whose tables take a tenth of a second to build) serves every chunk a worker validates.
_ENGINES: dict[tuple[int, str], object] = {}
_MAX_ENGINES = 64
#: the registry readings of the validation runs this process last worked on (see run_reading)
_READINGS: OrderedDict[tuple, tuple[RulesResolver, GameRulesCache, dict]] = OrderedDict()
_MOST_READINGS = 16
_READINGS_LOCK = threading.Lock()  # an embedded validation's thread reads them too


def engine_for(version) -> object:
    """The engine of a rule version, built once per process (keyed by its content hash)."""
    key = (version.pk, version.content_hash)
    engine = _ENGINES.get(key)
    if engine is None:
        if len(_ENGINES) >= _MAX_ENGINES:
            _ENGINES.clear()
        engine = _ENGINES[key] = GAMES[version.game.code].engine(version.parameters)
    return engine


def engines_build() -> int:
    """The engine of every rule version some venue is authorized to deal, built now (a worker
    does it as it starts, :mod:`.warm`: Toss One 21's tables take a tenth of a second, which
    its first chunk would pay); how many, at most :data:`_MAX_ENGINES`, the latest first."""
    versions = list(
        RuleVersion.objects.filter(approvals__authorizations__isnull=False)
        .select_related("game").distinct().order_by("-pk")[:_MAX_ENGINES]
    )  # fmt: skip
    for version in versions:
        engine_for(version)
    return len(versions)


def engines_built() -> list:
    """The engines this process has built (:func:`engine_for`)."""
    return list(_ENGINES.values())


class GameRulesCache:
    """One :class:`GameRules` per (rule version, paytables, limits) for a submission."""

    def __init__(self) -> None:
        self._rules: dict[tuple, GameRules] = {}
        self._by_answer: dict[int, tuple[RulesInForce, GameRules]] = {}

    def for_answer(self, answer: RulesInForce) -> GameRules:
        known = self._by_answer.get(id(answer))
        if known is not None and known[0] is answer:  # the resolver's cached answer
            return known[1]
        rules = self._for_answer(answer)
        self._by_answer[id(answer)] = (answer, rules)
        return rules

    def _for_answer(self, answer: RulesInForce) -> GameRules:
        limits = tuple(
            Limit(
                kind=lim.kind,
                amount=lim.amount,
                wager_key=lim.wager_key,
                citation=lim.regulation
                + (f" ({lim.filing})" if lim.filing else "")
                + (f"; {lim.source}" if lim.scope.startswith("table") else ""),
                scope=lim.scope,
            )
            for lim in answer.limits
        )
        paytables = tuple(sorted((k, p.pk) for k, p in answer.paytables.items()))
        key = (answer.rule_version.pk, paytables, limits)
        rules = self._rules.get(key)
        if rules is None:
            rules = self._rules[key] = self._build(answer, limits, key)
        return rules

    def _build(self, answer: RulesInForce, limits: tuple[Limit, ...], key: tuple) -> GameRules:
        version = answer.rule_version
        code = version.game.code
        defined = rule_version_side_wagers(version)
        return GameRules(
            game=code,
            engine=engine_for(version),
            paytables={k: engine_paytable(p) for k, p in answer.paytables.items()},
            limits=limits,
            wagers=(*engine_game(code).wagers, *defined),
            rule_version=f"{code} rule version {version.version} ({version.content_hash[:12]})",
            key=(version.content_hash, *key),
            defined=defined,
        )


def run_reading(submission) -> tuple[RulesResolver, GameRulesCache, dict]:
    """The registry's answers for one validation run of ``submission`` in this process (the
    rules in force, the engine rules built from them, and the venues' times a round's date is
    held to: :class:`~audits.submissions.run.round_times.RoundTimes`): every
    chunk of the run a worker takes reads them once, as one process validating a whole file
    does (:func:`~audits.submissions.submissions.submission_validate_now`).  A run is the
    submission's chunks from one preparation (its ``started_at``): a reset or a retry starts
    another run, which reads the registry again.  (Keyed by the submission's uuid, never
    reused, where a primary key can be, by a rolled-back insert on SQLite.)"""
    key = (submission.uuid, submission.started_at)
    with _READINGS_LOCK:
        reading = _READINGS.get(key)
        if reading is None:
            reading = _READINGS[key] = (RulesResolver(), GameRulesCache(), {})
            while len(_READINGS) > _MOST_READINGS:
                _READINGS.popitem(last=False)
        _READINGS.move_to_end(key)
    return reading
