"""Letter of Marque: 3–6 players send treasure ships out and bluff about escorts.

The modules, in import order (each imports only modules above it):

* leaf, importing only the engine: ``components.py`` (the data file, checked),
  ``phases.py`` (decision, action and event kinds, ship statuses: named once),
  ``actions.py`` (the action space, ids by meaning);
* ``table.py``: the position as plain data (:class:`~.table.Position`), whose
  ``clone`` and JSON come from its one field list;
* the rules, by the rulebook's sections: ``scoring.py`` ("End of the game") and
  ``turn.py`` (setting up, the preliminary turn and a player's turn). Two modules, not
  one per section: the rulebook's play is one page whose sections share one procedure
  (a ship sails the same way in the preliminary turn and when a ship leaves), so it
  reads best straight through; scoring is apart because the view and the tensor read
  it too;
* the satellites, which take a ``Position``: ``view.py`` (a seat's view as JSON),
  ``tensor.py`` (the observation tensor), ``render.py`` (prompts and events in words;
  the Rich board), ``bot.py`` (the heuristic captain, reading only its view);
* ``decisions.py``: the decision table, one entry per kind of decision;
* ``state.py``: the State subclass, the table plus the engine's hooks;
* ``game.py``: the Game subclass, which wires them together.

A test (``tests/games/letter_of_marque/test_structure.py``) keeps this order.
"""

from .game import LetterOfMarque
from .state import LetterOfMarqueState

__all__ = ["LetterOfMarque", "LetterOfMarqueState"]
