"""Everything the games show is as committed in ``tests/fingerprint.json``: a refactor
changes none of it (see ``tests/fingerprint.py``, which also updates it, with the reason,
when a change of behaviour is meant)."""

from __future__ import annotations

import pytest

from pondwidgets.games import GAMES

from .fingerprint import cases, committed, fingerprint

ALL = cases()


def test_the_committed_fingerprint_says_why_it_last_changed_and_covers_every_case():
    data = committed()
    assert data["why"].strip()
    assert sorted(data["cases"]) == sorted(str(case) for case in ALL)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_case_of_the_game_shows_what_is_committed(game):
    hashes = committed()["cases"]
    changed = {str(case): [aspect for aspect, h in fingerprint(case, ALL).items()
                           if hashes.get(str(case), {}).get(aspect) != h]
               for case in ALL if case.entry.name == game}
    changed = {name: aspects for name, aspects in changed.items() if aspects}
    assert not changed, (
        f"what {game} shows changed: {changed}. If that is meant, run "
        "`python tests/fingerprint.py --update --why \"<the reason>\"` and commit it")
