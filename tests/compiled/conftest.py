"""These tests compare the compiled build with the pure one: they run in the compiled
build's pass of ``python3 run.py test`` (the pure pass does not collect them)."""

import quarterdeck

collect_ignore_glob = ["test_*.py"] if quarterdeck.build() == "pure" else []
