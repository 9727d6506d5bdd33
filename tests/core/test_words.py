"""The English the games share (core.words): the lines a board says to its own person
("Your turn: …", "You win!") and to everyone else (the names)."""

from __future__ import annotations

import pickle

from pondwidgets.core.words import capital, told, turn, who, won

NAMES = ["Ada", "Bob", "Cleo"]


def test_a_seat_is_you_to_itself_and_its_name_to_everyone_else():
    assert who(NAMES, [0]) == "Ada" and who(NAMES, [0], you=1) == "Ada"
    assert who(NAMES, [0], you=0) == "you"
    assert who(NAMES, [2, 0], you=0) == "you and Cleo"  # "you" first
    assert who(NAMES, [0, 1, 2], you=1) == "you, Ada and Cleo"


def test_the_verb_agrees_with_you_and_with_several():
    ada, you, both = who(NAMES, [0]), who(NAMES, [0], you=0), who(NAMES, [0, 1])
    assert [ada.does(v) for v in ("wins", "has", "is", "rolls")] == \
        ["wins", "has", "is", "rolls"]
    assert [you.does(v) for v in ("wins", "has", "is", "rolls", "matches", "carries")] == \
        ["win", "have", "are", "roll", "match", "carry"]
    assert both.does("holds") == "hold"


def test_turns_and_lines_for_the_person_and_for_the_others():
    assert turn("Ada", True, "roll the die.") == "Your turn: roll the die."
    assert turn("Ada", False, "roll the die.") == "Ada: roll the die."
    assert told("Ada", True, "you rolled a 5.") == "You rolled a 5."
    assert told("Ada", False, "you rolled a 5.") == "Ada: you rolled a 5."
    assert capital("you win") == "You win"


def test_who_won():
    assert won(NAMES, [1]) == "Bob wins"
    assert won(NAMES, [1], you=1) == "you win"
    assert won(NAMES, [0, 1], you=1) == "you and Ada share the win"
    assert won(NAMES, [0, 1]) == "Ada and Bob share the win"
    assert won(NAMES, []) == ""


def test_a_subject_is_plain_text_once_written_and_pickles():
    subject = who(NAMES, [0], you=0)
    assert type(f"{subject} win") is str
    again = pickle.loads(pickle.dumps(subject))
    assert again == "you" and again.plural
