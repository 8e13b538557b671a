"""Check that a change of code leaves every game as it was: records replay to the
same final state, and every state on the way offers the same choices.

    .venv/bin/python scripts/replay_check.py write CORPUS.jsonl [-n 200]
    .venv/bin/python scripts/replay_check.py check CORPUS.jsonl

``write`` plays games of every registered game (random and heuristic bots, every
player count, scenarios of BroadSides' cannon variants included) and keeps each
record with a fingerprint of its final state and of the legal actions, pending
prompt and views met on the way. Run it on the code before a change; ``check``
replays the records with the code after it and names every game that differs.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path

from quarterdeck.ai import make_bot
from quarterdeck.arena.play import bot_seed, game_seed, seat_bots
from quarterdeck.engine import Record, State, game_names, get_game

MATCHES = (("random",), ("heuristic",), ("heuristic", "random"))
#: Option sets played besides the defaults (variants take other paths through the rules).
VARIANTS: dict[str, tuple[dict[str, object], ...]] = {
    "broadsides": ({"round_cap": 6}, {"hand_limit": 4}, {"red_cannons": "carronade+long-nine"}),
}


def fingerprint(states: Iterator[State]) -> str:
    """A hash of what every seat could see and choose at every step, and the end."""
    h = hashlib.sha256()
    last: State | None = None
    for state in states:
        h.update(json.dumps([a.id for a in state.legal_actions()]).encode())
        h.update(json.dumps(state.pending().to_json() if state.pending() else None).encode())
        for seat in range(state.num_players):
            h.update(json.dumps(state.view(seat, log=False), sort_keys=True).encode())
        last = state
    assert last is not None
    h.update(json.dumps(last.to_json(), sort_keys=True).encode())
    return h.hexdigest()


def play(
    name: str, options: dict[str, object], players: int, bots: tuple[str, ...], index: int
) -> State:
    """One game between bots, a pure function of its arguments."""
    game = get_game(name, options)
    seed = game_seed(players * 1000 + len(bots), index)
    seats = seat_bots(bots, players, index)
    playing = [make_bot(b, game, bot_seed(seed, i)) for i, b in enumerate(seats)]
    state = game.new_state(players, seed)
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None
        state.apply(playing[seat].choose(state))
    return state


def corpus(n: int) -> Iterator[dict[str, object]]:
    for name in game_names():
        game = get_game(name)
        for options in ({}, *VARIANTS.get(name, ())):
            for players in range(game.min_players, game.max_players + 1):
                for bots in MATCHES:
                    for index in range(n):
                        state = play(name, options, players, bots, index)
                        record = Record.of(state, seat_bots(bots, players, index)).to_json()
                        yield {
                            "game": [name, options, players, list(bots), index],
                            "record": record,
                            "fingerprint": fingerprint(Record.from_json(record).states()),
                        }


def main(argv: list[str]) -> int:
    command, path = argv[0], Path(argv[1])
    if command == "write":
        n = int(argv[3]) if len(argv) > 3 and argv[2] == "-n" else 200
        with path.open("w") as out:
            for count, line in enumerate(corpus(n), 1):
                out.write(json.dumps(line) + "\n")
                if count % 100 == 0:
                    print(f"{count} games", file=sys.stderr)
        return 0
    differ = total = 0
    for line in path.open():
        entry = json.loads(line)
        total += 1
        record = Record.from_json(entry["record"])
        name, options, players, bots, index = entry["game"]
        replayed = fingerprint(record.states()) == entry["fingerprint"]
        # The bots, seeded alike, must choose alike too.
        again = Record.of(play(name, options, players, tuple(bots), index), record.seats)
        if not replayed or again.to_json() != entry["record"]:
            differ += 1
            what = "the replay" if not replayed else "the bots' choices"
            print(f"{what} differs: {name} {options} {players}p {bots} game {index}")
    print(f"{total - differ} of {total} records replay identically (and bots choose alike)")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
