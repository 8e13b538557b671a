from __future__ import annotations

import json
from importlib import resources
from typing import Any

import pytest

from quarterdeck.games.merchants_marauders.components import Components, parse_components
from quarterdeck.games.merchants_marauders.map import SeaMap


def raw_data() -> Any:
    text = (
        resources.files("quarterdeck.games.merchants_marauders.data")
        .joinpath("components.json")
        .read_text(encoding="utf-8")
    )
    return json.loads(text)


@pytest.fixture(scope="session")
def components() -> Components:
    return parse_components(raw_data())


@pytest.fixture(scope="session")
def sea(components: Components) -> SeaMap:
    return SeaMap.build(components)
