"""The class's experiments on the teacher's page, for real (pondwidgets/tables/README.md,
"The teacher's page"): pushed on its socket as results arrive, and cleared by the teacher
from the page's own origin only."""

from __future__ import annotations

import asyncio
import json
import secrets

from tornado.httpclient import HTTPResponse

from pondwidgets.core.experiments import Tally
from pondwidgets.tables.experiments import find
from tests.tables.test_teacher import Classroom, Teacher, fetch, signed_in, start_classroom


def test_the_socket_pushes_the_class_experiments_and_the_teacher_clears_one() -> None:
    """A result sent reaches the teacher's socket at once; Clear, from the teacher's own
    page only, forgets it (the student keeps their seed); a Clear from another origin,
    or of an experiment nobody joined, is refused and changes nothing."""
    async def scenario(room: Classroom) -> None:
        cookie = await signed_in(room)
        teacher = await Teacher.at(room, cookie)
        await teacher.until("experiments", lambda m: m["experiments"] == [])
        pupils, pike = room.server.experiments, find("croak/pike_at_start")
        token = secrets.token_urlsafe(18)
        seed = pupils.join("10.0.0.1", {"experiment": pike.id, "name": "Ada",
                                        "token": token})["seed"]
        values = pike.samples(120, seed)
        sent = pupils.check({"experiment": pike.id, "token": token, "seed": seed,
                             "games": 120, "values": values, "successes": sum(values)})
        pupils.confirm(sent)
        pupils.accept(sent)
        shown = await teacher.until("experiments", lambda m: m["experiments"]
                                    and m["experiments"][0]["class"] is not None)
        assert shown["experiments"][0]["class"]["total"] == Tally.of(values).total

        async def clear(experiment: str, origin: str = room.origin) -> HTTPResponse:
            return await fetch(room, "/api/experiments/clear", "POST",
                               json.dumps({"experiment": experiment}), Cookie=cookie,
                               Origin=origin, Content_Type="application/json")
        assert (await clear(pike.id, origin="http://127.0.0.1:8765")).code == 403
        refused = await clear("croak/lily_chain")
        assert refused.code == 409 and "no student has joined" in json.loads(
            refused.body)["error"]
        assert pupils.summary()[0]["class"]["games"] == 120  # nothing changed
        cleared = await clear(pike.id)
        assert cleared.code == 200 and json.loads(cleared.body)["results"] == 1
        after = await teacher.until("experiments", lambda m: m["experiments"][0]["class"]
                                    is None)
        assert after["experiments"][0]["waiting"] == ["Ada"]

    async def main() -> None:
        room = await start_classroom()
        try:
            await scenario(room)
        finally:
            await room.stop()
    asyncio.run(main())
