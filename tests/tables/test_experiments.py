"""The class's experiments on the server, with no network (pondwidgets/tables/README.md,
"Class experiments"): each student their own seed; a result that is well formed, adds up
and whose sampled games play again as sent is pooled, and everything else is refused with
a message that says what is wrong, leaving the teacher's screen exactly as it was."""

from __future__ import annotations

import json
import random
import secrets

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pondwidgets.core.experiments import MOST_GAMES, Tally
from pondwidgets.core.simulate import seeds
from pondwidgets.tables.experiments import (
    MOST_NAMES,
    REQUESTS,
    SAMPLE,
    ClassExperiments,
    find,
)
from pondwidgets.tables.protocol import Refused

PIKE = "croak/pike_at_start"


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def a_class(seed: int = 1) -> ClassExperiments:
    return ClassExperiments(clock=Clock(), rng=random.Random(seed))


def joined(room: ClassExperiments, name: str, experiment: str = PIKE,
           device: str = "10.0.0.1") -> tuple[str, int]:
    token = secrets.token_urlsafe(18)
    return token, room.join(device, {"experiment": experiment, "name": name,
                                     "token": token})["seed"]


def result(experiment: str, token: str, seed: int, values: list, **counts) -> dict:
    made = find(experiment).counts(values)
    return {"experiment": experiment, "token": token, "seed": seed, "games": len(values),
            "values": values, **made, **counts}


def send(room: ClassExperiments, sent: dict) -> dict:
    checked = room.check(sent)
    room.confirm(checked)
    return room.accept(checked)


def screen(room: ClassExperiments) -> str:
    return json.dumps(room.summary(), sort_keys=True)


def test_each_student_gets_a_seed_of_their_own_and_the_same_one_again():
    room = a_class()
    ada, ada_seed = joined(room, "Ada")
    _bob, bob_seed = joined(room, "Bob")
    assert ada_seed != bob_seed
    assert not set(seeds(2000, ada_seed)) & set(seeds(2000, bob_seed))  # other games
    again = room.join("10.0.0.9", {"experiment": PIKE, "name": "ada", "token": ada})
    assert again["seed"] == ada_seed and again["name"] == "Ada"
    # another experiment: another seed
    assert joined(room, "Cy", "croak/lily_chain")[1] not in (ada_seed, bob_seed)


def test_the_class_estimate_is_the_pooled_counts_of_the_games_played():
    room = a_class()
    pike = find(PIKE)
    played = []
    for name, games in (("Ada", 300), ("Bob", 50), ("Cy", 1200)):
        token, seed = joined(room, name)
        values = pike.samples(games, seed)
        played.extend(values)
        answer = send(room, result(PIKE, token, seed, values))
        assert answer["yours"]["games"] == games
    shown = room.summary()[0]
    direct = Tally.of(played)
    assert (shown["class"]["games"], shown["class"]["total"]) == (1550, direct.total)
    assert shown["class"]["estimate"] == direct.total / 1550
    assert (shown["class"]["low"], shown["class"]["high"]) == pytest.approx(
        direct.interval()[1:])
    assert [row["name"] for row in shown["students"]] == ["Ada", "Bob", "Cy"]
    assert [point["games"] for point in shown["curve"]] == [300, 350, 1550]
    assert shown["exact"] == {"value": 0.125, "text": "1/8 ≈ 0.1250"}


def test_a_second_result_replaces_the_first():
    room = a_class()
    pike = find(PIKE)
    token, seed = joined(room, "Ada")
    send(room, result(PIKE, token, seed, pike.samples(100, seed)))
    send(room, result(PIKE, token, seed, pike.samples(400, seed)))
    shown = room.summary()[0]
    assert len(shown["students"]) == 1 and shown["class"]["games"] == 400


def test_a_name_is_one_students_and_a_token_one_name():
    room = a_class()
    ada, _ = joined(room, "Ada")
    before = screen(room)
    with pytest.raises(Refused, match="'ADA' is taken in this class"):
        joined(room, "ADA")
    with pytest.raises(Refused, match="this token belongs to 'Ada'"):
        room.join("10.0.0.1", {"experiment": PIKE, "name": "Eve", "token": ada})
    assert screen(room) == before


def test_one_device_joins_as_a_few_students_at_most():
    room = a_class()
    for n in range(MOST_NAMES):
        joined(room, f"Student {n}")
    with pytest.raises(Refused, match=f"at most {MOST_NAMES} students"):
        joined(room, "One too many")
    joined(room, "Elsewhere", device="10.0.0.2")


def test_a_device_sending_too_much_waits_a_minute():
    room = a_class()
    for _ in range(REQUESTS):
        room.admit("10.0.0.1")
    with pytest.raises(Refused, match="too many requests"):
        room.admit("10.0.0.1")
    room.admit("10.0.0.2")  # another device is not held up
    room.clock.now += 61
    room.admit("10.0.0.1")


@pytest.mark.parametrize(("change", "refusal"), [
    ({"seed": "1"}, "'seed' is a whole number, not '1'"),
    ({"games": True}, "'games' is a whole number, not True"),
    ({"values": "0101"}, "'values' is a list"),
    ({"successes": 1.5}, "'successes' is a whole number"),
    ({"games": 10**30}, "games is a whole number from 1 to 100,000"),
    ({"games": 0, "values": []}, "games is a whole number from 1"),
    ({"games": 99}, "a result of 99 games has 99 values, not 100"),
    ({"values": [10**40] * 100}, "game 1's value is a whole number from 0 to 1"),
    ({"values": [True] * 100}, "game 1's value is a whole number from 0 to 1"),
    ({"successes": 100}, "the counts do not add up"),
    ({"successes": -3}, "the counts do not add up"),
    ({"seed": 12345}, "the seed 12345 is not yours"),
    ({"experiment": "croak/nothing"}, "no experiment is named 'croak/nothing'"),
    ({"experiment": "../../etc"}, "no experiment is named"),
    ({"token": "short"}, "a token is 22 or more"),
    ({"token": secrets.token_urlsafe(18)}, "join the experiment 'croak/pike_at_start' first"),
    ({"extra": 1}, "no field 'extra'"),
])
def test_a_malformed_or_invented_result_is_refused_and_changes_nothing(change, refusal):
    room = a_class()
    pike = find(PIKE)
    token, seed = joined(room, "Ada")
    honest = result(PIKE, token, seed, pike.samples(100, seed))
    before = screen(room)
    with pytest.raises(Refused, match=refusal.replace("(", r"\(").replace(")", r"\)")):
        send(room, {**honest, **change})
    assert screen(room) == before


@pytest.mark.parametrize("request_", [None, [], "text", 7, {"experiment": PIKE}])
def test_what_is_no_result_at_all_is_refused(request_):
    room = a_class()
    with pytest.raises(Refused, match="a result"):
        room.check(request_)
    with pytest.raises(Refused, match="a join"):
        room.join("10.0.0.1", request_)


def test_a_result_whose_counts_add_up_but_whose_games_were_not_played_is_refused():
    room = a_class()
    pike = find(PIKE)
    token, seed = joined(room, "Ada")
    honest = pike.samples(400, seed)
    invented = [1] * 100 + honest[100:]  # a lucky start: counted right, never played
    before = screen(room)
    with pytest.raises(Refused, match="of your seed gives 0, not the 1 sent"):
        send(room, result(PIKE, token, seed, invented))
    assert screen(room) == before
    # each value is one the sample may pick: flipping any single one is caught when it is
    for index in random.Random(3).sample(range(400), 5):
        forged = list(honest)
        forged[index] = 1 - forged[index]
        checked = room.check(result(PIKE, token, seed, forged))
        room.rng = _picking(index)
        with pytest.raises(Refused, match=f"game {index + 1:,} of your seed"):
            room.confirm(checked)


class _picking(random.Random):
    """A sample that always holds ``index`` (the server's is random: a forged game is
    in it SAMPLE times in the result's games)."""

    def __init__(self, index: int) -> None:
        super().__init__(0)
        self.index = index

    def sample(self, population, k, **_kwargs):  # type: ignore[override]
        others = [i for i in population if i != self.index][:k - 1]
        return [self.index, *others]


def test_the_server_plays_again_a_sample_of_each_result_from_each_games_own_seed():
    room = a_class()
    pike = find(PIKE)
    token, seed = joined(room, "Ada")
    played: list[int] = []
    calls = pike.trial

    def counting(game_seed: int) -> int:
        played.append(game_seed)
        return calls(game_seed)

    checked = room.check(result(PIKE, token, seed, pike.samples(1000, seed)))
    object.__setattr__(checked.experiment, "trial", counting)
    try:
        room.confirm(checked)
    finally:
        object.__setattr__(checked.experiment, "trial", calls)
    assert len(played) == SAMPLE and set(played) <= set(seeds(1000, seed))


def test_a_mean_is_sent_with_its_count_sum_and_sum_of_squares():
    mean = next(e for g in ("splashdown", "rapidcroco", "keckefrosche", "froop", "croak")
                for e in find_all(g) if e.kind == "mean")
    room = a_class()
    token, seed = joined(room, "Ada", mean.id)
    values = mean.samples(60, seed)
    answer = send(room, result(mean.id, token, seed, values))
    assert answer["yours"]["total"] == sum(values)
    with pytest.raises(Refused, match="the values sent give squares"):
        room.check(result(mean.id, token, seed, values, squares=sum(values) ** 2 + 1))


def find_all(game: str) -> list:
    from pondwidgets.games import GAMES

    try:
        return list(GAMES[game].experiments.values())
    except ModuleNotFoundError:
        return []


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 4), st.integers(1, 80)), min_size=1, max_size=10))
def test_any_run_of_results_shows_the_pooled_counts_of_each_students_last(sends):
    room = a_class(len(sends))
    pike = find(PIKE)
    students = [joined(room, f"S{n}") for n in range(5)]
    last: dict[int, list[int]] = {}
    for who, games in sends:
        token, seed = students[who]
        last[who] = pike.samples(games, seed)
        send(room, result(PIKE, token, seed, last[who]))
    everything = [v for values in last.values() for v in values]
    shown = room.summary()[0]
    assert (shown["class"]["games"], shown["class"]["total"]) == (len(everything),
                                                                  sum(everything))
    assert len(shown["students"]) == len(last)
    assert len(shown["curve"]) == len(sends)
    assert sorted(s["games"] for s in shown["students"]) == sorted(map(len, last.values()))
    assert shown["class"]["games"] <= MOST_GAMES


def test_a_restart_brings_the_class_experiments_back_and_never_keeps_a_token(tmp_path):
    from pondwidgets.tables.store import Store

    path = tmp_path / "class.sqlite3"
    room = ClassExperiments(rng=random.Random(2), store=Store(path))
    pike = find(PIKE)
    ada, seed = joined(room, "Ada")
    joined(room, "Bob")
    send(room, result(PIKE, ada, seed, pike.samples(150, seed)))
    shown = screen(room)
    assert ada not in path.read_bytes().decode("latin-1")  # its digest only
    again = ClassExperiments(store=Store(path))
    assert screen(again) == shown
    assert again.join("10.0.0.1", {"experiment": PIKE, "name": "Ada", "token": ada}
                      )["seed"] == seed  # her token still makes her Ada
    with pytest.raises(Refused, match="'Bob' is taken"):
        joined(again, "Bob")


def test_damaged_kept_experiments_are_skipped_with_a_warning(tmp_path):
    import sqlite3

    from pondwidgets.tables.experiments import SkippedExperiments
    from pondwidgets.tables.store import Store

    path = tmp_path / "class.sqlite3"
    room = ClassExperiments(store=Store(path))
    joined(room, "Ada")
    with sqlite3.connect(path) as db:
        db.execute("""UPDATE experiments SET state = '{"students": {"x": {"name": "Ada",
                   "device": "d", "seeds": {"croak/nothing": 1}}}, "results": {},
                   "curves": {}}'""")
    with pytest.warns(SkippedExperiments, match="no experiment is named 'croak/nothing'"):
        again = ClassExperiments(store=Store(path))
    assert again.summary() == []


def test_the_teacher_clears_an_experiments_results_and_its_students_send_again():
    room = a_class()
    pike = find(PIKE)
    ada, seed = joined(room, "Ada")
    send(room, result(PIKE, ada, seed, pike.samples(100, seed)))
    assert room.clear(PIKE) == 1
    shown = room.summary()[0]
    assert shown["students"] == [] and shown["class"] is None and shown["curve"] == []
    assert shown["waiting"] == ["Ada"]  # she keeps her seed, and sends again
    send(room, result(PIKE, ada, seed, pike.samples(50, seed)))
    assert room.summary()[0]["class"]["games"] == 50
    with pytest.raises(Refused, match="no student has joined the experiment 'croak/lily"):
        room.clear("croak/lily_chain")
    with pytest.raises(Refused, match="no experiment is named"):
        room.clear("croak/none")
