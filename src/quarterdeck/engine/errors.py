"""Errors the engine raises. Each message is safe to show to the seat that caused it:
it never names anything hidden from that seat."""

from __future__ import annotations


class QuarterdeckError(Exception):
    """Base class of every error Quarterdeck raises on purpose."""


class IllegalActionError(QuarterdeckError):
    """A well-formed action that the rules do not allow now. Nothing changed."""


class MalformedActionError(QuarterdeckError):
    """Something that is not an action of this game at all. Nothing changed."""


class NotYourTurnError(IllegalActionError):
    """A seat tried to decide when another seat (or no seat) must decide."""


class GameOverError(IllegalActionError):
    """An action was sent to a finished game."""


class UnknownGameError(QuarterdeckError):
    """No game is registered under that name."""


class OptionError(QuarterdeckError):
    """A game option is unknown or has a bad value."""


class DataFileError(QuarterdeckError):
    """A game's component data file is malformed."""


class ScenarioError(QuarterdeckError):
    """A scenario file (a position to start from) is malformed; the message names
    the bad entry."""


class RecordError(QuarterdeckError):
    """A game record is malformed or does not replay."""


class RulesVersionError(RecordError):
    """A record was made under rules this Quarterdeck does not play."""
