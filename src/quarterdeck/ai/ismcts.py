"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS).

Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG
2012. Each iteration draws a determinization — a full state that looks the same to the
searching seat, from ``State.resample`` — and walks one tree whose nodes are the
searching seat's information sets: a child is chosen by UCB among the actions available
in this determinization (counting how often each was available), the tree grows by one
node, a rollout finishes the game (or stops at a depth and asks the game for an
evaluation), and every node on the path learns the result of the seat that acted there.

With a model of the other seats' play (``foe_model``: for BroadSides, its heuristic
captain), their moves inside the search are the model's choices on each
determinization, which sees only what that seat could see there; the tree then
searches the deciding seat's own choices only, against a foe that plays like a
sensible person rather than one that knows the determinization's cards.

It works through the engine contract only: ``resample``, ``legal_actions``, ``apply``,
``returns`` (and the optional ``Game.evaluate``), so it never reads hidden information.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from mypy_extensions import mypyc_attr

from quarterdeck.engine import Action, Bot, State

# Levels people choose by name: iterations per decision (reproducible, unlike time).
# BroadSides with its heuristic model of play (one core, duels against the heuristic
# captain): hard answers in 0.7 s on average and at most about 1.05 s a decision.
LEVELS = {"easy": 50, "normal": 200, "hard": 600}


class Node:
    __slots__ = ("available", "children", "followed", "hint", "squares", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.total = 0.0  # sum of the results of the seat that chose the action into here
        self.squares = 0.0  # sum of their squares: how much they spread
        self.available = 0  # how often the action into here was legal when considered
        self.hint: int | None = None  # the prior policy's choice here, asked once
        # Where the foe model's moves lead, apart from the searcher's own choices: who
        # moves next may hang on hidden draws, and both seats share action ids.
        self.followed: dict[int, Node] | None = None

    def follow(self, action_id: int) -> Node:
        if self.followed is None:
            self.followed = {}
        node = self.followed.get(action_id)
        if node is None:
            node = self.followed[action_id] = Node()
        return node


# Open to subclasses in plain Python (variants, users' own), compiled too.
@mypyc_attr(allow_interpreted_subclasses=True)
class ISMCTSBot(Bot):
    """IS-MCTS with a budget of ``iterations`` (or ``seconds``, for interactive play
    only: a time budget is not reproducible).

    It plays the root's most-visited choice; with ``keep_prior`` (a number of standard
    errors) it keeps the prior's choice unless another's mean result beats it by that
    margin. ``tree_depth`` bounds how many of its own choices in a row the tree holds
    (1: a look-ahead of one choice, the rest played by the rollout policy)."""

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int = LEVELS["normal"],
        exploration: float = 0.7,
        rollout_depth: int | None = None,
        seconds: float | None = None,
        rollout: Callable[[State], Action] | None = None,
        prior: Callable[[State], Action] | None = None,
        prior_weight: float = 1.0,
        foe_model: Callable[[State], Action] | None = None,
        keep_prior: float | None = None,
        tree_depth: int | None = None,
    ) -> None:
        super().__init__(seed)
        self.iterations = iterations
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.seconds = seconds
        self.rollout = rollout
        self.prior = prior
        self.prior_weight = prior_weight
        self.foe_model = foe_model
        self.keep_prior = keep_prior
        self.tree_depth = tree_depth

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        root = self.search(state)
        best = max(legal, key=lambda a: _visits(root, a.id))
        if self.keep_prior is not None and root.hint is not None and best.id != root.hint:
            hinted = [a for a in legal if a.id == root.hint]
            if hinted and not _better(root, best.id, root.hint, self.keep_prior):
                return hinted[0]
        return best

    def search(self, state: State) -> Node:
        seat = state.current_player
        assert seat is not None, "a finished game has nothing to decide"
        root = Node()
        deadline = time.perf_counter() + self.seconds if self.seconds else None
        done = 0
        while done < self.iterations if deadline is None else time.perf_counter() < deadline:
            self._iterate(root, state.resample(seat, self.rng), seat)
            done += 1
        return root

    def _iterate(self, root: Node, world: State, seat: int) -> None:
        path: list[tuple[Node, int]] = []
        node = root
        followed = 0  # the foe model's moves since the searcher's last choice
        while not world.is_terminal():
            actor = world.current_player
            assert actor is not None
            if self.foe_model is not None and actor != seat:
                if self.rollout_depth is not None and followed >= self.rollout_depth:
                    break  # as far as a rollout would go: the evaluation judges here
                # The foe's move comes from the model, on this determinization (so
                # from what the foe could see there); the tree only follows it.
                action = self.foe_model(world)
                node = node.follow(action.id)
                world.apply(action)
                followed += 1
                continue
            if self.tree_depth is not None and len(path) >= self.tree_depth:
                break  # deeper choices are the rollout's, as the foe's are the model's
            followed = 0
            actions = world.legal_actions()
            for a in actions:
                child = node.children.get(a.id)
                if child is not None:
                    child.available += 1
            if self.prior is not None and node.hint is None:
                node.hint = self.prior(world).id
            untried = [a for a in actions if a.id not in node.children]
            if untried:  # grow the tree by one node (the prior's choice first), then roll out
                hinted = [a for a in untried if a.id == node.hint]
                action = hinted[0] if hinted else untried[self.rng.below(len(untried))]
                child = Node()
                child.available = 1
                node.children[action.id] = child
                world.apply(action)
                path.append((child, actor))
                break
            action = max(actions, key=lambda a: self._score(node, a.id))
            node = node.children[action.id]
            world.apply(action)
            path.append((node, actor))
        results = self._rollout(world, followed)
        for child, actor in path:
            result = results[actor]
            child.visits += 1
            child.total += result
            child.squares += result * result

    def _score(self, node: Node, action_id: int) -> float:
        """UCB, plus a progressive bias towards the prior's choice that fades as the
        search gathers evidence of its own."""
        child = node.children[action_id]
        score = self._ucb(child)
        if action_id == node.hint:
            score += self.prior_weight / (child.visits + 1)
        return score

    def _ucb(self, child: Node) -> float:
        if not child.visits:
            return math.inf
        return child.total / child.visits + self.exploration * math.sqrt(
            math.log(max(child.available, 1)) / child.visits
        )

    def playout(self, world: State) -> list[float]:
        """Every seat's result of ``world`` (a state to play on: it changes) as the
        search's rollouts judge it."""
        return self._rollout(world)

    def _rollout(self, world: State, depth: int = 0) -> list[float]:
        while not world.is_terminal():
            if self.rollout_depth is not None and depth >= self.rollout_depth:
                return evaluate(world)
            if self.rollout is not None:
                world.apply(self.rollout(world))
            else:
                actions = world.legal_actions()
                world.apply(actions[self.rng.below(len(actions))])
            depth += 1
        return world.returns()


def evaluate(state: State) -> list[float]:
    """The game's own estimate of each seat's result (``Game.evaluate``)."""
    return list(state.game.evaluate(state))


def _better(root: Node, action_id: int, hint: int, z: float) -> bool:
    """Whether the search's evidence says ``action_id`` beats the prior's choice
    ``hint`` at the root: its mean result is higher by more than ``z`` standard errors
    of the difference. Where rollouts cannot tell choices apart (their effect lies past
    the horizon, or the dice drown it), the prior's reasons are worth more than noise."""
    a, b = root.children.get(action_id), root.children.get(hint)
    if a is None or a.visits < 2:
        return False
    if b is None or b.visits < 2:
        return True
    gap = a.total / a.visits - b.total / b.visits
    return gap > z * math.sqrt(_variance(a) / a.visits + _variance(b) / b.visits)


def _variance(node: Node) -> float:
    mean = node.total / node.visits
    return max(0.0, node.squares / node.visits - mean * mean)


def _visits(root: Node, action_id: int) -> int:
    child = root.children.get(action_id)
    return child.visits if child else -1
