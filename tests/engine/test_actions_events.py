import pytest

from quarterdeck.engine import ActionSpace, Event, MalformedActionError


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


def test_event_secrets_reach_only_their_seat() -> None:
    event = Event("launch", {"seat": 0, "treasure": 5}, {0: {"armed": True}})
    assert event.for_seat(0) == {"kind": "launch", "seat": 0, "treasure": 5, "armed": True}
    assert event.for_seat(1) == {"kind": "launch", "seat": 0, "treasure": 5}
    assert event.for_seat(None) == {"kind": "launch", "seat": 0, "treasure": 5}
    assert event.revealed()["armed"] is True
    assert Event.from_json(event.to_json()) == event
