"""Balance reports: a designed experiment over many simulated games.

An experiment is a list of variants of one game, each a set of option values: one per
value of an option (``--vary OPTION=a,b``), the full factorial of two or more such
factors, each house-data file next to the built-in data (``--data FILE``), or a preset
the game offers (``Game.experiments``: BroadSides' ``cannon-pairs``, every Red cannon
pair against every Blue one). A preset may be a treatment experiment
(``ExperimentDesign.treatment``): a factor whose levels give something to one seat or,
the control, to nobody; the report then adds each treatment's lift over the control on
the same seeds, and how often it was used (an action the games' records hold).
Each variant is one :func:`~quarterdeck.arena.sim.simulate` run of ``n`` games with the
same bots and the same run seed (common random numbers: game ``i`` of every variant
starts from the same seed, so the variants differ by their options and not by luck of
the draw). The results are scores with 95% Wilson intervals, written as a Markdown page
with PNG plots (matplotlib, imported only when plotting) and a JSON file.

A score is a share of the wins: 1 for a win, ½ for a draw (of a zero-sum two-player
game), a winner's share of 1 in a game of more players.

The modules, each importing only those before it: ``design`` (factors, variants, the
experiment asked for), ``run`` (playing it; the results and what is pooled from them),
``plots`` (the only user of matplotlib), ``report`` (the Markdown page section by
section, its files, the command line, the terminal's tables). The statistics are
``arena/stats.py``, shared with tournaments and the benchmarks.
"""

from ..stats import Rate, correlation, mean_interval, pooled_rate, wilson
from .design import (
    Experiment,
    Factor,
    Variant,
    build_experiment,
    data_factor,
    parse_value,
    parse_vary,
)
from .plots import (
    plot_game_length,
    plot_heatmap,
    plot_pooled,
    plot_treatments,
    plot_win_rates,
)
from .report import command_line, markdown, pct, points, short, summary_tables, write_report
from .run import (
    TIMING,
    BalanceResults,
    Lift,
    Pooled,
    Treatment,
    VariantResult,
    first_player,
    knows_first_player,
    run_experiment,
)

__all__ = [
    "TIMING",
    "BalanceResults",
    "Experiment",
    "Factor",
    "Lift",
    "Pooled",
    "Rate",
    "Treatment",
    "Variant",
    "VariantResult",
    "build_experiment",
    "command_line",
    "correlation",
    "data_factor",
    "first_player",
    "knows_first_player",
    "markdown",
    "mean_interval",
    "parse_value",
    "parse_vary",
    "pct",
    "plot_game_length",
    "plot_heatmap",
    "plot_pooled",
    "plot_treatments",
    "plot_win_rates",
    "points",
    "pooled_rate",
    "run_experiment",
    "short",
    "summary_tables",
    "wilson",
    "write_report",
]
