"""IS-MCTS: reproducible, blind to hidden information, stronger than chance."""

from __future__ import annotations

from typing import cast

import pytest

from quarterdeck.ai import ISMCTSBot, make_bot
from quarterdeck.ai.ismcts import Node
from quarterdeck.arena.sim import simulate
from quarterdeck.engine import Action, OptionError, Rng, State, get_game


def mid_game(name: str, players: int, seed: int, steps: int) -> State:
    state = get_game(name).new_state(players, seed)
    rng = Rng.from_seed(seed)
    while len(state.history) < steps or state.pending().decision not in ("turn", "stage1"):  # type: ignore[union-attr]
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(
    ("name", "players", "steps"), [("letter-of-marque", 4, 12), ("broadsides", 2, 60)]
)
def test_same_seed_same_choice(name: str, players: int, steps: int) -> None:
    state = mid_game(name, players, 5, steps)
    game = state.game
    first = make_bot("ismcts:30", game, seed=9).choose(state)
    again = make_bot("ismcts:30", game, seed=9).choose(state)
    assert first == again and first in state.legal_actions()


@pytest.mark.parametrize(
    ("name", "players", "steps"), [("letter-of-marque", 4, 12), ("broadsides", 2, 60)]
)
def test_the_choice_never_depends_on_hidden_information(
    name: str, players: int, steps: int
) -> None:
    """Replace everything the searching seat cannot see by any resampled version: the
    same bot, with the same seed, makes the same choice."""
    state = mid_game(name, players, 7, steps)
    seat = state.current_player
    game = state.game
    choice = make_bot("ismcts:30", game, seed=3).choose(state)
    rng = Rng.from_seed(11)
    for _ in range(5):
        other = state.resample(seat, rng)
        assert make_bot("ismcts:30", game, seed=3).choose(other) == choice


def test_easy_search_beats_random_at_letter_of_marque() -> None:
    summary = simulate("letter-of-marque", 3, 12, ["ismcts:easy", "random"], seed=2)
    rates = summary.to_json()["bot_win_rate"]
    par = 1 / 3  # each seat's share if all played alike
    assert rates["ismcts:easy"] > par + 0.1 and rates["random"] < par


def test_levels_and_budgets_by_name() -> None:
    game = get_game("letter-of-marque")
    assert isinstance(bot := make_bot("ismcts:hard", game), ISMCTSBot) and bot.iterations == 600
    assert cast(ISMCTSBot, make_bot("ismcts:77", game)).iterations == 77
    # Long games cut rollouts where the game says and ask it for an evaluation.
    broadsides = cast(ISMCTSBot, make_bot("ismcts", get_game("broadsides")))
    assert broadsides.rollout_depth == cast(int, get_game("broadsides").rollout_depth) > 0
    # A game whose options lengthen its turns cuts them later (BroadSides' Sea Dog
    # module asks play-or-pass at every trick held); other games keep one depth.
    sea_dog = cast(ISMCTSBot, make_bot("ismcts", get_game("broadsides", {"sea_dog": True})))
    assert cast(int, sea_dog.rollout_depth) > broadsides.rollout_depth
    pirate_war = get_game("pirate-war")
    assert cast(ISMCTSBot, make_bot("ismcts", pirate_war)).rollout_depth == pirate_war.rollout_depth
    # A game says how long the search leans on its heuristic; others keep the default.
    assert broadsides.prior_weight == 3.0
    assert cast(ISMCTSBot, make_bot("ismcts", game)).prior_weight == 1.0
    # Digits Python's int() refuses (²), and budgets past hours of thought a move.
    for bad in ("ismcts:0", "ismcts:legendary", "ismcts:²", "ismcts:-5", "ismcts:99999999999"):
        with pytest.raises(OptionError, match="level"):
            make_bot(bad, game)


def test_a_time_budget_answers_with_a_legal_action() -> None:
    state = mid_game("letter-of-marque", 3, 1, 8)
    bot = ISMCTSBot(seed=1, seconds=0.05)
    assert bot.choose(state) in state.legal_actions()


def test_broadsides_evaluation_favours_the_ship_in_better_shape() -> None:
    game = get_game("broadsides")
    state = game.load_scenario({"ships": [{"markers": {"mid-hull": 1}}, {}]})
    red, blue = game.evaluate(state)
    assert red < 0 < blue and red == -blue


def test_the_search_tries_the_prior_choice_first_and_leans_on_it_without_evidence() -> None:
    game = get_game("broadsides")
    state = game.new_state(2, 3)
    while state.pending().decision != "mount":  # type: ignore[union-attr]
        state.apply(state.legal_actions()[0])
    heuristic = make_bot("heuristic", game, 1)
    wanted = heuristic.choose(state)
    one = ISMCTSBot(4, iterations=1, rollout_depth=16, prior=heuristic.choose)
    assert list(one.search(state).children) == [wanted.id]
    # Which cannon to mount shows only many turns later: a few iterations of search
    # cannot tell the choices apart, so the prior's choice stands.
    assert make_bot("ismcts:easy", game, 4).choose(state) == wanted


def test_the_foe_model_plays_the_other_seats_and_only_the_searcher_is_searched() -> None:
    """With a model of the foe, every move of the other seat inside the search is the
    model's choice on that determinization (from the foe's view of it); the tree
    counts visits of the searching seat's choices only."""
    game = get_game("broadsides")
    state = mid_game("broadsides", 2, 5, 60)
    seat = state.current_player
    heuristic = make_bot("heuristic", game, 2)
    asked: list[int | None] = []

    def model(world: State) -> Action:
        asked.append(world.current_player)
        return heuristic.choose(world)

    bot = ISMCTSBot(3, iterations=40, rollout_depth=16, foe_model=model)
    root = bot.search(state)
    assert asked and set(asked) == {1 - seat}  # type: ignore[operator]

    # The foe's moves lead to nodes kept apart from the searcher's choices (both
    # seats share action ids), and those nodes only relay: they count no visits.
    followed = 0
    nodes = [root]
    while nodes:
        node = nodes.pop()
        for after_foe in (node.followed or {}).values():
            assert after_foe.visits == 0
            followed += 1
            nodes.append(after_foe)
        nodes.extend(node.children.values())
    assert followed > 0

    assert sum(child.visits for child in root.children.values()) == 40


def test_the_search_models_play_with_the_game_heuristic() -> None:
    # The heuristic is the prior, the foe's model and both sides' rollout policy.
    bot = make_bot("ismcts:easy", get_game("broadsides"), 1)
    assert isinstance(bot, ISMCTSBot)
    assert bot.prior is not None and bot.foe_model is not None and bot.rollout is not None


class FixedRoot(ISMCTSBot):
    """A search whose root statistics are given, to test how the choice is made."""

    def __init__(
        self, root_stats: dict[int, tuple[int, float, float]], hint: int, **kw: float
    ) -> None:
        super().__init__(0, **kw)  # type: ignore[arg-type]
        self.root_stats = root_stats
        self.hint = hint

    def search(self, state: State) -> Node:
        root = Node()
        root.hint = self.hint
        for action_id, (visits, mean, spread) in self.root_stats.items():
            child = root.children[action_id] = Node()
            child.visits, child.total = visits, mean * visits
            child.squares = visits * (spread * spread + mean * mean)
        return root


def _two_choices() -> tuple[State, int, int]:
    state = get_game("broadsides").new_state(2, 3)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    first, second = state.legal_actions()[:2]
    return state, first.id, second.id


def test_keep_prior_stands_by_the_prior_until_the_evidence_says_otherwise() -> None:
    state, hint, other = _two_choices()
    # The other choice was visited more, but its lead (0.1) is well inside the noise
    # (standard error of the difference about 0.37): the prior's choice stands.
    noisy = {hint: (10, 0.0, 1.0), other: (30, 0.1, 1.0)}
    assert FixedRoot(noisy, hint).choose(state).id == other  # most visited, by default
    assert FixedRoot(noisy, hint, keep_prior=1.0).choose(state).id == hint
    # A clear lead (0.9 against 0.0, spread 0.3) overturns it.
    clear = {hint: (10, 0.0, 0.3), other: (30, 0.9, 0.3)}
    assert FixedRoot(clear, hint, keep_prior=1.0).choose(state).id == other
    # The most visited choice is the prior's own: nothing to weigh.
    own = {hint: (30, 0.0, 1.0), other: (10, 0.5, 1.0)}
    assert FixedRoot(own, hint, keep_prior=1.0).choose(state).id == hint


def test_a_game_that_asks_the_search_to_keep_its_prior_gets_it() -> None:
    pirate_war = make_bot("ismcts:easy", get_game("pirate-war"), 1)
    assert isinstance(pirate_war, ISMCTSBot)
    assert pirate_war.keep_prior == get_game("pirate-war").search_keeps_prior is not None
    assert pirate_war.tree_depth == 1
    broadsides = make_bot("ismcts:easy", get_game("broadsides"), 1)
    assert isinstance(broadsides, ISMCTSBot) and broadsides.keep_prior is None
    assert broadsides.tree_depth is None


def test_a_tree_one_choice_deep_holds_only_the_root_s_children() -> None:
    """With ``tree_depth`` 1 every iteration judges one of the root's choices by the
    rollout policy's play after it: no node below the root grows a child."""
    game = get_game("broadsides")
    state = mid_game("broadsides", 2, 5, 60)
    heuristic = make_bot("heuristic", game, 2)
    bot = ISMCTSBot(
        3,
        iterations=60,
        rollout_depth=16,
        foe_model=heuristic.choose,
        rollout=heuristic.choose,
        tree_depth=1,
    )
    root = bot.search(state)
    assert sum(child.visits for child in root.children.values()) == 60
    nodes = [n for child in root.children.values() for n in (child.followed or {}).values()]
    nodes += list(root.children.values())
    while nodes:
        node = nodes.pop()
        assert not node.children
        nodes.extend((node.followed or {}).values())
