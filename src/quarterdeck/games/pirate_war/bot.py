"""A heuristic Pirate War captain that plays like a sensible person.

It reads only its seat's ``bot_view``, the legal actions and the components (the map
included): never the table, so never a hidden card. Its plan, remade at every
decision from public facts:

* treasure aboard: sail home and store it (PW-17.2);
* badly hurt (half hull or less) with gold to mend: sail to the nearest free port or
  home and repair (this is also how it flees);
* a ship with treasure aboard close by, and the odds good (more crew, a sound hull,
  room in the hold, the prey neither at a free port nor under another port's forts):
  chase it and board it (PW-13);
* holding the Treasure Map and short of gold, or the island nearer than any port:
  sail to the island and dig (PW-18);
* otherwise: sail to the nearest neutral or enemy home port and plunder it (PW-15.2),
  trading where plundering is not possible.

On the way it rams whenever a ram is legal, fires at whoever its weapons reach
(the richest, then the weakest), boards with more crew (or as many, for a treasure
when it carries none), declares a downwind run when going straight brings it nearer
than turning would (PW-10.5), plays a fitting card in every window and keeps its
treasure rather than its gold.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

from mypy_extensions import mypyc_attr

from quarterdeck.engine import Action, Bot, State

from . import phases as ph
from .components import Components
from .map import NO_HEX, Board, opposite, turn

JSON = Any

#: Crew and weapons the captain buys up to at a port (the rest of the hold is for loot).
WANT_CREW = 4
WANT_WEAPONS = 2
#: Gold kept back after buying a weapon, for repairs.
KEEP_GOLD = 4
#: Mount preference: wider arcs first.
MOUNT_ORDER = ("bow-180", "midships", "forward")

UNREACHABLE = 1 << 20
#: How far (in hexes) a ship with treasure aboard may be for the captain to chase it.
CHASE_RANGE = 8
#: The Treasure Map's dig (4D6 gold, PW-18.1) is worth at most this detour (steps),
#: and then only when the island is nearer than any port or gold is below the second.
DIG_REACH = 6
DIG_BELOW_GOLD = 10
#: Plans kept per captain (one per goal; a chase makes a new goal as its prey moves).
PLANS_KEPT = 64


# Open to subclasses in plain Python (variants, users' own), compiled too.
@mypyc_attr(allow_interpreted_subclasses=True)
class HeuristicBot(Bot):
    name = "heuristic"

    def __init__(self, seed: int, components: Components, board: Board) -> None:
        super().__init__(seed)
        self.comp = components
        self.board = board
        self.race_by_name = {r.name: r for r in components.races}
        self._plans: dict[tuple[int, ...], list[int]] = {}

    def choose(self, state: State) -> Action:
        seat = state.current_player
        assert seat is not None
        view = state.bot_view(seat)
        legal = state.legal_actions()
        by_kind: dict[str, list[Action]] = {}
        for action in legal:
            by_kind.setdefault(action.kind, []).append(action)
        return DECIDE[view["decision"]](self, view, seat, by_kind, legal)

    # -- what the captain knows ---------------------------------------------------------

    def _max_hull(self, ship: JSON) -> int:
        return int(self.race_by_name[ship["race"]].hull)

    def _hurt(self, ship: JSON) -> bool:
        return 2 * int(ship["hull"]) <= self._max_hull(ship)

    def _goal(self, view: JSON, seat: int) -> tuple[int, ...]:
        """The hexes the ship is sailing for now (free ones only)."""
        me = view["ships"][seat]
        board = self.board
        taken = {s["hex"] for s in view["ships"] if s["hex"] is not None and s["seat"] != seat}
        home = board.site_anchorage[me["home_port"] - 1]
        if me["treasures_aboard"] > 0:
            goal: Sequence[int] = [home]
        elif self._hurt(me) and me["gold"] >= self.comp.prices.repair:
            goal = [h for port in board.free_ports for h in port.anchorages] + [home]
        else:
            prey = self._prey(view, seat)
            ports = [a for k, a in enumerate(board.site_anchorage) if k != me["home_port"] - 1]
            if prey is not None:
                goal = [n for n in board.neighbours[prey["hex"]][1:] if board.enterable(n)]
            elif self._holds_map(view, seat) and self._dig_first(view, seat, taken, ports):
                goal = board.island_anchorages
            else:
                goal = ports
        return self._free(goal, taken, me["hex"]) or (home,)

    @staticmethod
    def _free(goal: Sequence[int], taken: set[int], here: int) -> tuple[int, ...]:
        return tuple(sorted(h for h in goal if h not in taken or h == here))

    def _prey(self, view: JSON, seat: int) -> JSON | None:
        """The nearest ship worth chasing (PW-13: boarding takes a treasure), if the
        odds are good: more crew, a sound hull, room in the hold; and the prey is
        close, not at a free port (PW-14.2) and not under forts that would fire at
        the boarder (PW-14.5: any harbour but the captain's own)."""
        me = view["ships"][seat]
        if me["hex"] is None or self._hurt(me) or self._room(me) < 1:
            return None
        board = self.board
        best: tuple[int, JSON] | None = None
        for ship in view["ships"]:
            h = ship["hex"]
            if ship["seat"] == seat or h is None or ship["treasures_aboard"] < 1:
                continue
            if ship["crew"] >= me["crew"] or board.free_port_at[h] != NO_HEX:
                continue
            site = board.harbour_site[h]
            if site != NO_HEX and site != me["home_port"] - 1:
                continue
            d = board.distance(me["hex"], h)
            if d <= CHASE_RANGE and (best is None or d < best[0]):
                best = (d, ship)
        return None if best is None else best[1]

    def _room(self, ship: JSON) -> int:
        """Free hold spaces (PW-4.2, PW-4.3)."""
        used = int(ship["crew"]) + len(ship["weapons"]) + int(ship["treasures_aboard"])
        return int(ship["hull"]) - used

    def _holds_map(self, view: JSON, seat: int) -> bool:
        hand = view["ships"][seat]["hand"] or []
        return any(self.comp.card(n).effect == "treasure-map" for n in hand)

    def _dig_first(self, view: JSON, seat: int, taken: set[int], ports: Sequence[int]) -> bool:
        """PW-18: dig when the island is close (a short detour: a dig costs the turn's
        main action, which plunder would put to better use) and either nearer than
        any port or the purse is short."""
        me = view["ships"][seat]
        island = self._free(self.board.island_anchorages, taken, me["hex"])
        if not island:
            return False
        h, f = int(me["hex"]), int(me["facing"])
        to_island = self._plan(island)[h * 7 + f]
        if to_island > DIG_REACH:
            return False
        if me["gold"] < DIG_BELOW_GOLD:
            return True
        return to_island <= self._plan(self._free(ports, taken, h) or island)[h * 7 + f]

    def _plan(self, goal: tuple[int, ...]) -> list[int]:
        """Steps still needed from each (hex, facing) to reach a goal hex: forward and
        turns cost one each; wind, other ships and movement points are left to play."""
        plan = self._plans.get(goal)
        if plan is not None:
            return plan
        if len(self._plans) >= PLANS_KEPT:
            self._plans.clear()
        board = self.board
        plan = [UNREACHABLE] * (len(board.marks) * 7)
        queue: deque[tuple[int, int]] = deque()
        for h in goal:
            for f in range(1, 7):
                plan[h * 7 + f] = 0
                queue.append((h, f))
        while queue:
            h, f = queue.popleft()
            d = plan[h * 7 + f] + 1
            before = [(h, turn(f, -1)), (h, turn(f, 1))]
            back = board.neighbour(h, opposite(f))  # a forward step from there ends here
            if board.enterable(back):
                before.append((back, f))
            for h0, f0 in before:
                if plan[h0 * 7 + f0] > d:
                    plan[h0 * 7 + f0] = d
                    queue.append((h0, f0))
        self._plans[goal] = plan
        return plan

    def _steps_left(self, view: JSON, seat: int, h: int, f: int) -> int:
        return self._plan(self._goal(view, seat))[h * 7 + f]

    # -- one handler per decision kind ----------------------------------------------------

    def _any(
        self, view: JSON, seat: int, by_kind: dict[str, list[Action]], legal: Sequence[Action]
    ) -> Action:
        return self.rng.choice(legal)

    def _mount(
        self, view: JSON, seat: int, by_kind: dict[str, list[Action]], legal: Sequence[Action]
    ) -> Action:
        def rank(a: Action) -> int:
            name = self.comp.mounts[a.args[0]].name
            return MOUNT_ORDER.index(name) if name in MOUNT_ORDER else len(MOUNT_ORDER)

        return min(by_kind["mount"], key=rank)

    def _wind(
        self, view: JSON, seat: int, by_kind: dict[str, list[Action]], legal: Sequence[Action]
    ) -> Action:
        """Blow the way the ship faces (it can never be caught facing upwind)."""
        me = view["ships"][seat]
        want = me["facing"] or 1
        return next(a for a in by_kind["wind"] if a.args[0] == want)

    def _captives(
        self, view: JSON, seat: int, by_kind: dict[str, list[Action]], legal: Sequence[Action]
    ) -> Action:
        me = view["ships"][seat]
        options = {a.args[0]: a for a in by_kind["captives"]}
        return options[0] if 0 in options and me["crew"] < WANT_CREW else options[1]

    def _card_or_pass(
        self, view: JSON, seat: int, by_kind: dict[str, list[Action]], legal: Sequence[Action]
    ) -> Action:
        """Every window, battle and boarding card helps its player: play one if any fits."""
        plays = by_kind.get("play")
        return plays[0] if plays else by_kind["pass"][0]

    def _mode(
        self, view: JSON, seat: int, by_kind: dict[str, list[Action]], legal: Sequence[Action]
    ) -> Action:
        modes = {a.args[0]: a for a in by_kind["mode"]}
        if ph.STEAM in modes:
            return modes[ph.STEAM]
        me = view["ships"][seat]
        facing_upwind = me["facing"] == opposite(view["wind"])
        if ph.SAIL in modes and (not facing_upwind or ph.OARS not in modes):
            return modes[ph.SAIL]
        return modes.get(ph.OARS, by_kind["mode"][0])

    def _run(
        self, view: JSON, seat: int, by_kind: dict[str, list[Action]], legal: Sequence[Action]
    ) -> Action:
        """PW-10.5: a run gives 2 more MP but only straight ahead. Declare it when the
        best hex straight ahead (within MP + 2, free sea) leaves fewer steps to the
        goal than the MP could without it (each step at best 1 MP, and one turn free
        where the way needs a turn)."""
        me = view["ships"][seat]
        h, f = me["hex"], me["facing"]
        mp = int(view["movement"]["mp"])
        left = self._steps_left(view, seat, h, f)
        taken = {s["hex"] for s in view["ships"] if s["hex"] is not None}
        ahead: list[int] = []  # steps left from each free hex straight ahead
        while True:
            h = self.board.neighbour(h, f)
            if not self.board.enterable(h) or h in taken:
                break
            ahead.append(self._steps_left(view, seat, h, f))
        best_run = min([left, *ahead[: mp + 2]])
        free_turn = 0 if 0 in ahead else 1
        want = 1 if best_run < left - mp - free_turn else 0
        return next(a for a in by_kind["run"] if a.args[0] == want)

    def _move(
        self, view: JSON, seat: int, by_kind: dict[str, list[Action]], legal: Sequence[Action]
    ) -> Action:
        if "ram" in by_kind:
            return by_kind["ram"][0]
        me = view["ships"][seat]
        h, f = me["hex"], me["facing"]
        now = self._steps_left(view, seat, h, f)
        stop = by_kind["stop"][0]
        if now == 0:
            return stop
        best: tuple[int, Action] | None = None
        turns: list[tuple[int, Action]] = []
        for action in legal:
            if action.kind == "forward":
                after = self._steps_left(view, seat, self.board.neighbour(h, f), f)
            elif action.kind in ("turn", "port-turn"):
                after = self._steps_left(view, seat, h, turn(f, 1 if action.args[0] else -1))
                turns.append((after, action))
            elif action.kind == "back":
                after = self._steps_left(view, seat, self.board.neighbour(h, opposite(f)), f)
            else:
                continue
            if best is None or after < best[0]:
                best = (after, action)
        if best is not None and best[0] < now:
            return best[1]
        if "forward" not in by_kind and turns:
            # Blocked (upwind or by a ship): turn the better way and try again.
            return min(turns, key=lambda t: t[0])[1]
        return stop

    def _main(
        self, view: JSON, seat: int, by_kind: dict[str, list[Action]], legal: Sequence[Action]
    ) -> Action:
        me = view["ships"][seat]
        plays = by_kind.get("play")
        if plays:  # the Treasure Map or a plunder card: treasure without the table's risk
            return plays[0]
        mains = {a.args[0]: a for a in by_kind.get("main", [])}
        if ph.PLUNDER in mains and not self._hurt(me) and me["crew"] > 1:
            return mains[ph.PLUNDER]
        if ph.ATTACK in mains:
            return mains[ph.ATTACK]
        if ph.TRADE in mains and me["treasures_aboard"] == 0 and me["crew"] > 1:
            return mains[ph.TRADE]
        return mains[ph.NO_MAIN]

    def _fire_target(
        self, view: JSON, seat: int, by_kind: dict[str, list[Action]], legal: Sequence[Action]
    ) -> Action:
        targets = by_kind.get("fire-at")
        if not targets:
            return by_kind["hold-fire"][0]
        ships = view["ships"]
        return max(
            targets,
            key=lambda a: (ships[a.args[0]]["treasures_aboard"], -ships[a.args[0]]["hull"]),
        )

    def _weapons(
        self, view: JSON, seat: int, by_kind: dict[str, list[Action]], legal: Sequence[Action]
    ) -> Action:
        return max(by_kind["fire"], key=lambda a: a.args[0])

    def _board_target(
        self, view: JSON, seat: int, by_kind: dict[str, list[Action]], legal: Sequence[Action]
    ) -> Action:
        """Board a ship with less crew; or one with as much crew and treasure aboard
        when the captain carries none (a draw of the dice; only gold to lose)."""
        ships = view["ships"]
        me = ships[seat]

        def worth(a: Action) -> bool:
            them = ships[a.args[0]]
            if them["crew"] < me["crew"]:
                return True
            return (
                them["crew"] == me["crew"]
                and them["treasures_aboard"] > 0
                and me["treasures_aboard"] == 0
                and self._room(me) > 0
            )

        good = [a for a in by_kind.get("board", []) if worth(a)]
        if good:
            return max(good, key=lambda a: ships[a.args[0]]["treasures_aboard"])
        return by_kind["no-boarding"][0]

    def _loot(
        self, view: JSON, seat: int, by_kind: dict[str, list[Action]], legal: Sequence[Action]
    ) -> Action:
        return min(by_kind["loot"], key=lambda a: a.args[0])  # a treasure before gold

    def _lose(
        self, view: JSON, seat: int, by_kind: dict[str, list[Action]], legal: Sequence[Action]
    ) -> Action:
        return max(by_kind["lose"], key=lambda a: a.args[0])  # gold before a treasure

    def _services(
        self, view: JSON, seat: int, by_kind: dict[str, list[Action]], legal: Sequence[Action]
    ) -> Action:
        me = view["ships"][seat]
        prices = self.comp.prices
        if "store" in by_kind:
            return by_kind["store"][0]
        if "repair" in by_kind:
            return by_kind["repair"][0]
        if "hire" in by_kind and me["crew"] < WANT_CREW:
            return by_kind["hire"][0]
        weapons = len(me["weapons"])
        if (
            "buy" in by_kind
            and weapons < min(WANT_WEAPONS, me["crew"])
            and me["gold"] >= prices.weapon + KEEP_GOLD
        ):
            return self._mount(view, seat, {"mount": by_kind["buy"]}, legal)
        return by_kind["done"][0]

    def _overboard(
        self, view: JSON, seat: int, by_kind: dict[str, list[Action]], legal: Sequence[Action]
    ) -> Action:
        """Keep treasure: weapons beyond the first go, then crew beyond one."""
        me = view["ships"][seat]
        if "throw-weapon" in by_kind and len(me["weapons"]) > 1:
            return by_kind["throw-weapon"][0]
        if "throw-crew" in by_kind and me["crew"] > 1:
            return by_kind["throw-crew"][0]
        if "throw-treasure" in by_kind:
            return by_kind["throw-treasure"][0]
        return legal[0]


Handler = Callable[[HeuristicBot, JSON, int, dict[str, list[Action]], Sequence[Action]], Action]

#: What the captain does for each kind of decision (``phases.DECISION_KINDS``; a test
#: checks that every kind has its handler).
DECIDE: dict[str, Handler] = {
    ph.RACE: HeuristicBot._any,
    ph.SITE: HeuristicBot._any,
    ph.MOUNT: HeuristicBot._mount,
    ph.WIND: HeuristicBot._wind,
    ph.CAPTIVES: HeuristicBot._captives,
    ph.WINDOW: HeuristicBot._card_or_pass,
    ph.BOARD_CARD: HeuristicBot._card_or_pass,
    ph.MODE: HeuristicBot._mode,
    ph.RUN: HeuristicBot._run,
    ph.MOVE: HeuristicBot._move,
    ph.MAIN: HeuristicBot._main,
    ph.FIRE_TARGET: HeuristicBot._fire_target,
    ph.FIRE_CARD: HeuristicBot._card_or_pass,
    ph.FIRE_WEAPONS: HeuristicBot._weapons,
    ph.BOARD_TARGET: HeuristicBot._board_target,
    ph.LOOT: HeuristicBot._loot,
    ph.LOSE_ONE: HeuristicBot._lose,
    ph.SERVICES: HeuristicBot._services,
    ph.OVERFLOW: HeuristicBot._overboard,
}
