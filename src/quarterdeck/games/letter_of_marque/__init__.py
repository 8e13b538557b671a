"""Letter of Marque: 3–6 players send treasure ships out and bluff about escorts."""

from .game import LetterOfMarque
from .state import LetterOfMarqueState

__all__ = ["LetterOfMarque", "LetterOfMarqueState"]
