import json
from collections import OrderedDict

import pytest
from hypothesis import given
from hypothesis import strategies as st

from quarterdeck.engine import (
    Action,
    ActionSpace,
    Event,
    MalformedActionError,
    OptionError,
    Rng,
    get_game,
)
from quarterdeck.engine.events import canonical_json, plain_copy


def space() -> ActionSpace:
    return ActionSpace([("pass", (), "pass"), ("take", (1,), "take 1"), ("take", (2,), "take 2")])


def test_action_ids_follow_the_order_of_the_space() -> None:
    s = space()
    assert [a.id for a in s.actions] == [0, 1, 2]
    assert s.get("take", 2).text == "take 2" and str(s[1]) == "take 1"


def test_actions_need_unique_texts_and_meanings() -> None:
    with pytest.raises(ValueError):
        ActionSpace([("a", (), "x"), ("b", (), "x")])
    with pytest.raises(ValueError):
        ActionSpace([("a", (), "x"), ("a", (), "y")])


@pytest.mark.parametrize("bad", [-1, 3, 1.5, True, None, "take 9", [1]])
def test_malformed_actions_are_refused_clearly(bad: object) -> None:
    with pytest.raises(MalformedActionError):
        space().coerce(bad)


def test_coerce_accepts_an_action_its_id_or_its_text() -> None:
    s = space()
    assert s.coerce(s[2]) is s[2] and s.coerce(2) is s[2] and s.coerce("take 2") is s[2]


def test_action_of_another_space_is_refused() -> None:
    other = ActionSpace([("x", (), "pass"), ("y", (), "other")])
    with pytest.raises(MalformedActionError):
        space().coerce(other[1])


@pytest.mark.parametrize("bad_id", [None, 1.0, "1", True, -2, 3])
def test_a_hand_built_action_with_an_id_not_a_whole_number_is_malformed(bad_id: object) -> None:
    s = space()
    with pytest.raises(MalformedActionError):
        s.coerce(Action(bad_id, "take", (1,), "take 1"))  # type: ignore[arg-type]


def test_a_hand_built_action_equal_to_the_spaces_own_becomes_the_spaces_own() -> None:
    np = pytest.importorskip("numpy")
    s = space()
    twin = Action(np.int64(1), "take", (1,), "take 1")
    own = s.coerce(twin)
    assert own is s[1] and type(own.id) is int


def test_a_hand_built_action_keeps_the_history_plain_json() -> None:
    np = pytest.importorskip("numpy")
    state = get_game("letter-of-marque").new_state(3, 7)
    legal = state.legal_actions()[0]
    state.apply(Action(np.int64(legal.id), legal.kind, legal.args, legal.text))
    assert [type(i) for i in state.history] == [int]
    json.dumps(state.to_json())  # would fail on a NumPy integer


@pytest.mark.parametrize("seat", [False, True, 0.0, 1.0, None, "0"])
def test_only_a_whole_number_is_a_seat_to_act_for(seat: object) -> None:
    state = get_game("letter-of-marque").new_state(3, 7)
    before = state.to_json()
    action = state.legal_actions()[0]
    with pytest.raises(OptionError):
        state.act(seat, action)  # type: ignore[call-overload]
    assert state.to_json() == before


def test_event_secrets_reach_only_their_seat() -> None:
    event = Event("launch", {"seat": 0, "treasure": 5}, {0: {"armed": True}})
    assert event.for_seat(0) == {"kind": "launch", "seat": 0, "treasure": 5, "armed": True}
    assert event.for_seat(1) == {"kind": "launch", "seat": 0, "treasure": 5}
    assert event.for_seat(None) == {"kind": "launch", "seat": 0, "treasure": 5}
    assert event.revealed()["armed"] is True
    assert Event.from_json(event.to_json()) == event


def test_an_event_kept_for_a_seat_holds_only_that_seats_secret() -> None:
    drawn = Event("draw", {"seat": 0, "count": 1}, {0: {"card": 17}, 1: {"peeked": 3}})
    mine = drawn.kept_for(0)
    assert mine.secret == {0: {"card": 17}} and mine.data == drawn.data
    assert drawn.kept_for(2).secret == {} and drawn.kept_for(None).secret == {}
    public = Event("turn", {"seat": 1})
    assert public.kept_for(0) is public  # nothing to strip: the same event


def test_a_guess_keeps_up_with_the_log_of_the_position_it_is_drawn_from() -> None:
    """Resampling keeps the log once per position (a search draws hundreds of guesses
    from one); a log that grew or whose last event changed is kept anew."""
    state = get_game("letter-of-marque").new_state(3, 5)
    rng = Rng.from_seed(1)
    state.apply(state.legal_actions()[0])
    first = state.resample(0, rng)
    assert len(first.events) == len(state.events)
    state.log(Event("note", {"n": 1}, {1: {"secret": "x"}}))
    grown = state.resample(0, rng)
    assert len(grown.events) == len(state.events) and grown.events[-1].secret == {}
    state.events[-1] = Event("note", {"n": 2})
    assert state.resample(0, rng).events[-1].data == {"n": 2}


def test_plain_copy_shares_nothing_and_keeps_every_value() -> None:
    inner = [1, (2, 3), {"x": None}]
    data = {"a": inner, "b": OrderedDict(c=[True, 1.5, "s"]), "t": (4, [5])}
    copy = plain_copy(data)
    assert copy == {"a": [1, [2, 3], {"x": None}], "b": {"c": [True, 1.5, "s"]}, "t": [4, [5]]}
    copy["a"][2]["x"] = 9
    copy["b"]["c"].append(0)
    copy["t"][1].append(6)
    assert data == {"a": inner, "b": OrderedDict(c=[True, 1.5, "s"]), "t": (4, [5])}
    assert inner[2] == {"x": None}


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@given(JSON_VALUES)
def test_canonical_json_is_json_dumps_with_sorted_keys_and_no_spaces(value: object) -> None:
    """The kept C encoder writes exactly what ``json.dumps`` writes (its key order,
    escapes, floats, NaN and infinities), so digests name the same bytes as before."""
    assert canonical_json(value) == json.dumps(value, sort_keys=True, separators=(",", ":"))
