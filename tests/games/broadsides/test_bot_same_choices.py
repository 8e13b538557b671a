"""The heuristic captain's choices are kept exactly while it is made faster (issue 26
item 5): the same seeds give the same games, move for move, with and without the Sea
Dog module, against itself and against random play. The record below was made by the
captain before its speed work; a change of any single choice changes a game's hash."""

from __future__ import annotations

import hashlib

import pytest

from quarterdeck.ai import make_bot
from quarterdeck.engine import get_game

Matchup = tuple[bool, int, tuple[str, str]]
#: (Sea Dog module, seed, bots by seat): (decisions, hash of the action ids played).
RECORDED: dict[Matchup, tuple[int, str]] = {
    (False, 0, ("heuristic", "heuristic")): (323, "2d648dd53d907a61"),
    (False, 0, ("heuristic", "random")): (249, "4ebe3114314d9324"),
    (False, 1, ("heuristic", "heuristic")): (437, "d1b171b028e563e4"),
    (False, 1, ("random", "heuristic")): (248, "8b6db7e760e8f91f"),
    (False, 2, ("heuristic", "heuristic")): (275, "de9ca4009b0eb780"),
    (False, 2, ("heuristic", "random")): (269, "e4f8b82064bea837"),
    (False, 3, ("heuristic", "heuristic")): (553, "5dc9afee6782198e"),
    (False, 3, ("random", "heuristic")): (199, "30c76b210f7d1303"),
    (False, 4, ("heuristic", "heuristic")): (576, "90d2fc53fb9f6203"),
    (False, 4, ("heuristic", "random")): (239, "09fd0df3d95dbafb"),
    (False, 5, ("heuristic", "heuristic")): (502, "6c5caeeff3cd2f8f"),
    (False, 5, ("random", "heuristic")): (126, "a757c1e6db8384a0"),
    (False, 6, ("heuristic", "heuristic")): (454, "71b2661289021aa1"),
    (False, 6, ("heuristic", "random")): (115, "89ad94bf5016bc8a"),
    (False, 7, ("heuristic", "heuristic")): (549, "3f4dbe6ad983b441"),
    (False, 7, ("random", "heuristic")): (251, "5a4aa9009772e5f2"),
    (False, 8, ("heuristic", "heuristic")): (424, "d44089077a205bd7"),
    (False, 8, ("heuristic", "random")): (176, "d5580bb6881b7e94"),
    (False, 9, ("heuristic", "heuristic")): (358, "c8edf0b69414e3c9"),
    (False, 9, ("random", "heuristic")): (342, "cc923498ce24e712"),
    (True, 0, ("heuristic", "heuristic")): (757, "3250cc9573b40b87"),
    (True, 0, ("heuristic", "random")): (553, "e75d0c6e3b835a07"),
    (True, 1, ("heuristic", "heuristic")): (751, "429d9b7a1c4c4aea"),
    (True, 1, ("random", "heuristic")): (449, "9f875ba2ef4fe7b1"),
    (True, 2, ("heuristic", "heuristic")): (757, "4860e6710a9edde1"),
    (True, 2, ("heuristic", "random")): (325, "15229befcb270cf8"),
    (True, 3, ("heuristic", "heuristic")): (952, "c3016c45f329186f"),
    (True, 3, ("random", "heuristic")): (336, "283bb2545d024c85"),
    (True, 4, ("heuristic", "heuristic")): (517, "4260086b80acad2c"),
    (True, 4, ("heuristic", "random")): (305, "9ad4d8eca650ee64"),
    # Seeds 5 and 8 between heuristics re-made on 2026-11-26 when Stout Oak Hull's
    # threshold went from 3 to 4 (a change of the card, not of the captain: with the
    # threshold at 3 the captain still plays the games recorded before, 637 and 641).
    (True, 5, ("heuristic", "heuristic")): (652, "efad4e8b4eb8ca3f"),
    (True, 5, ("random", "heuristic")): (202, "c79c7da06113f563"),
    (True, 6, ("heuristic", "heuristic")): (664, "d64bce5f707a132a"),
    (True, 6, ("heuristic", "random")): (293, "041e14bb8d0629ac"),
    (True, 7, ("heuristic", "heuristic")): (581, "70da909af73613fb"),
    (True, 7, ("random", "heuristic")): (289, "66a7245a276e77d6"),
    (True, 8, ("heuristic", "heuristic")): (477, "c908e54d7bb695f6"),
    (True, 8, ("heuristic", "random")): (504, "07c8e849e4407a63"),
    (True, 9, ("heuristic", "heuristic")): (794, "74ac4bd47c253ae5"),
    (True, 9, ("random", "heuristic")): (474, "0018bc01886949bf"),
}


def played(sea_dog: bool, seed: int, names: tuple[str, str]) -> tuple[int, str]:
    """The game ``names`` play from ``seed``: its length and a hash of its actions."""
    game = get_game("broadsides", {"sea_dog": True} if sea_dog else None)
    state = game.new_state(2, seed)
    bots = [make_bot(name, game, seed + 10 * seat) for seat, name in enumerate(names)]
    ids = []
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        action = bots[seat].choose(state)
        ids.append(action.id)
        state.apply(action)
    return len(ids), hashlib.sha256(",".join(map(str, ids)).encode()).hexdigest()[:16]


@pytest.mark.parametrize("matchup", sorted(RECORDED), ids=str)
def test_the_captain_plays_the_recorded_game(matchup: Matchup) -> None:
    """Every choice is the one the captain made before it was made faster."""
    assert played(*matchup) == RECORDED[matchup]
