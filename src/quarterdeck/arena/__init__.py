"""Matches between bots: simulation runs with summaries (tournaments, ratings and
parallel runners come with the bots issue)."""
