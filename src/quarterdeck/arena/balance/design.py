"""The design of a balance experiment: its factors (options and their levels), the
variants of their full factorial, and the experiment the command line asks for.

Factors come from ``--vary OPTION=a,b``, from house-data files (``--data FILE``, each
next to the built-in data) or from a preset the game offers (``Game.experiments``:
BroadSides' ``cannon-pairs``). Everything is checked here, before a game is played.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from quarterdeck.engine import Game, OptionError, QuarterdeckError, game_names, get_game
from quarterdeck.engine.game import ExperimentDesign

JSON = Any


def parse_value(text: str) -> JSON:
    """An option value as typed: JSON when it reads as JSON (numbers, true), else text."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


@dataclass(frozen=True)
class Factor:
    """An option the experiment varies, with its levels as (label, value)."""

    option: str
    levels: tuple[tuple[str, JSON], ...]
    title: str = ""  # how the report names it (default: the option)

    @property
    def name(self) -> str:
        return self.title or self.option

    @property
    def labels(self) -> list[str]:
        return [label for label, _ in self.levels]


@dataclass(frozen=True)
class Variant:
    """One cell of the design: its label and the options it plays with (on top of the
    experiment's fixed options); ``levels`` names its level of each factor."""

    label: str
    options: Mapping[str, JSON]
    levels: tuple[str, ...] = ()


def parse_vary(spec: str) -> Factor:
    """``OPTION=v1,v2,...`` as a factor (values read as JSON when they can be)."""
    option, sep, values = spec.partition("=")
    option = option.strip()
    labels = [v.strip() for v in values.split(",")]
    if not sep or not option or not any(labels):
        raise OptionError(f"--vary takes OPTION=value1,value2,..., not {spec!r}")
    if "" in labels:
        raise OptionError(f"--vary {spec!r} has an empty value")
    if len(set(labels)) != len(labels):
        raise OptionError(f"--vary {spec!r} names a value twice")
    return Factor(option, tuple((label, parse_value(label)) for label in labels))


def data_factor(paths: Sequence[str]) -> Factor:
    """The built-in component data and each house-data file, as levels of ``data``."""
    names = [Path(p).name for p in paths]
    labels = names if len(set(names)) == len(names) else [str(p) for p in paths]
    if len(set(labels)) != len(labels):
        raise OptionError("--data names a file twice")
    return Factor("data", (("built-in", ""), *zip(labels, map(str, paths), strict=True)))


@dataclass
class Experiment:
    """A game, the options every variant shares, and the factors (full factorial)."""

    game: str
    factors: list[Factor] = field(default_factory=list)
    options: dict[str, JSON] = field(default_factory=dict)
    preset: str | None = None  # the name of a preset experiment (``Game.experiments``)
    unordered: bool = False  # a preset of ordered pairs: one of each (cannon-pairs)
    #: factor i is a property of seat i (e.g. Red's and Blue's cannons): each level is
    #: then also ranked over all its games, in either seat.
    seat_factors: bool = False
    seat_names: tuple[str, ...] = ()  # as the game names them (``Game.seat_name``)
    level_noun: str = "level"  # what a level of a seat factor is, in titles
    notes: list[str] = field(default_factory=list)  # for the report's "how to read this"
    #: A treatment factor (its option) and the seat each of its levels treats (``None``:
    #: the control); the report adds each treatment's lift over the control.
    treatment: str | None = None
    treated: tuple[int | None, ...] = ()
    #: A level of another factor -> the action text that shows its treatment was used.
    used_when: dict[str, str] = field(default_factory=dict)

    def variants(self) -> list[Variant]:
        if not self.factors:
            return [Variant("as set", {})]
        out = []
        for combo in itertools.product(*(f.levels for f in self.factors)):
            options = {f.option: value for f, (_, value) in zip(self.factors, combo, strict=True)}
            label = " · ".join(
                f"{f.name}={level}" for f, (level, _) in zip(self.factors, combo, strict=True)
            )
            out.append(Variant(label, options, tuple(level for level, _ in combo)))
        return out

    def variant_options(self, variant: Variant) -> dict[str, JSON]:
        return {**self.options, **variant.options}

    def games(self) -> list[Game]:
        """Each variant's game: a bad option or value is refused here, before any game
        is played, naming the variant."""
        out = []
        for variant in self.variants():
            try:
                out.append(get_game(self.game, self.variant_options(variant)))
            except QuarterdeckError as exc:
                where = "" if not self.factors else f" (variant {variant.label})"
                raise OptionError(f"{exc}{where}") from None
        return out

    def seat_name(self, game: Game, seat: int) -> str:
        """A seat as the report names it: "seat 0 (Red)", or "seat 0" in a game that
        does not name its seats."""
        name = game.seat_name(seat)
        return f"seat {seat}" if name is None else f"seat {seat} ({name})"

    def to_json(self) -> dict[str, JSON]:
        return {
            "game": self.game,
            "preset": self.preset,
            "unordered": self.unordered,
            "options": self.options,
            "factors": [
                {"option": f.option, "title": f.name, "levels": f.labels} for f in self.factors
            ],
            "treatment": None
            if self.treatment is None
            else {"option": self.treatment, "treated_seats": list(self.treated)},
        }

    def treatment_factor(self) -> int | None:
        """The index of the treatment factor among the factors, if there is one."""
        names = [f.option for f in self.factors]
        return names.index(self.treatment) if self.treatment in names else None


def seat_names(game: Game) -> tuple[str, ...]:
    """The names the game gives its seats (``Game.seat_name``), if it names every one."""
    names = [game.seat_name(seat) for seat in range(game.max_players)]
    named = tuple(n for n in names if n is not None)
    return named if len(named) == len(names) else ()


def preset_factors(design: ExperimentDesign) -> list[Factor]:
    """A game's preset experiment as the factors of the design."""
    return [Factor(option, tuple(levels), title) for option, levels, title in design.factors]


def offered_by(preset: str) -> list[str]:
    """The titles of the registered games that offer the experiment ``preset``."""
    out = []
    for name in game_names():
        try:
            game = get_game(name)
        except QuarterdeckError:  # a game that needs options to be made offers nothing here
            continue
        if preset in game.experiments():
            out.append(game.title)
    return out


def build_experiment(
    game_name: str,
    options: Mapping[str, JSON] | None = None,
    vary: Sequence[str] = (),
    data: Sequence[str | Path] = (),
    preset: str | None = None,
    unordered: bool = False,
) -> Experiment:
    """The experiment the command line asks for; an unknown game, option, value or
    preset is refused (:class:`OptionError`) before anything is played."""
    options = dict(options or {})
    base = get_game(game_name, options)
    exp = Experiment(base.name, options=options, preset=preset, unordered=unordered)
    exp.seat_names = seat_names(base)
    if unordered and preset is None:
        raise OptionError("--unordered is for a preset experiment (--experiment)")
    if preset is not None:
        if vary or data:
            raise OptionError("a preset experiment sets its own variants: no --vary or --data")
        design = base.experiments().get(preset)
        if design is None:
            raise OptionError(unknown_preset(base, preset))
        chosen = design(unordered)
        exp.factors = preset_factors(chosen)
        exp.seat_factors = chosen.seat_factors
        exp.level_noun = chosen.level_noun
        exp.notes = list(chosen.notes)
        if chosen.treatment is not None:
            exp.treatment, exp.treated = chosen.treatment, chosen.treated
            exp.used_when = dict(chosen.used_when)
            check_treatment(exp)
    exp.factors += [parse_vary(spec) for spec in vary]
    if data:
        if "data" in options:
            raise OptionError("give data files with --data only (not also -o data=...)")
        exp.factors.append(data_factor([str(p) for p in data]))
    names = [f.option for f in exp.factors]
    for name in names:
        if names.count(name) > 1:
            raise OptionError(f"option {name!r} is varied twice")
        if name in options:
            raise OptionError(f"option {name!r} is both fixed (-o) and varied")
    exp.games()  # every variant's options checked now
    return exp


def check_treatment(exp: Experiment) -> None:
    """A treatment names one of the factors, a seat (or the control) for each of its
    levels, and exactly one control level to measure the others against."""
    at = exp.treatment_factor()
    if at is None:
        raise OptionError(f"the treatment {exp.treatment!r} is not one of the factors")
    levels = exp.factors[at].levels
    if len(exp.treated) != len(levels) or exp.treated.count(None) != 1:
        raise OptionError(
            f"the treatment {exp.treatment!r} needs a seat or None (the control, once) "
            f"for each of its {len(levels)} levels, not {exp.treated!r}"
        )


def unknown_preset(game: Game, preset: str) -> str:
    """Why ``preset`` is refused for ``game``: the experiments it offers, and the games
    that offer ``preset`` (if any)."""
    offers = ", ".join(game.experiments()) or "none"
    others = offered_by(preset)
    elsewhere = f"; {preset} is an experiment of {', '.join(others)}" if others else ""
    return f"unknown experiment {preset!r} for {game.title} (experiments: {offers}){elsewhere}"
