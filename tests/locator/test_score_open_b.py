"""Edges of locator-score that its last surviving mutants pointed at (issue 19): when the whole
description is read as a name, which page words a query word stands for, and how well a container
names what was asked for.

Scores follow score.py's module docstring: an exact name 1.0, +0.05 for an interactive element when
no role is named, +0.25 for the role named, +0.3 inside the named container.
"""

from __future__ import annotations

import pytest
from locator_builders import el, tree

from tapwright.core.element import UiTree
from tapwright.locator import locate, rank


def _found(t: UiTree, description: str) -> dict[str, tuple[float, list[str]]]:
    return {c.element.ref: (round(c.score, 4), c.reasons) for c in rank(t, description)}


# -- the whole description as a name ------------------------------------------------------------------


def test_the_whole_description_is_not_a_name_when_a_relation_was_read_from_it() -> None:
    # "Save in the dialog": "in the dialog" is where to look, not part of a name, so the button named
    # "Save changes in the dialog" gets no "(whole description)" match: "Save" is in its longer name
    # (0.6 + 0.28 x 1/4 = 0.67), +0.05 interactive, +0.3 in the dialog.
    t = tree(
        el("long", "button", "Save changes in the dialog", (0, 0, 200, 30), context=("dialog:Edit",)),
        el("save", "button", "Save", (0, 40, 100, 30), context=("dialog:Edit",)),
    )
    found = _found(t, "Save in the dialog")
    assert found["long"] == (1.02, ["name contains 'Save changes in the dialog'", "interactive", "in dialog:Edit"])
    assert found["save"] == (1.35, ["name exact 'Save'", "interactive", "in dialog:Edit"])


def test_the_whole_description_reads_only_the_fields_holding_a_word_it_stands_for() -> None:
    # "Delete button": the text is "Delete", the whole description "Delete button". "Delete" and "Button"
    # are on the page, so their typos are not looked for: the label "Delet buton" holds no word either
    # stands for and is not read, even for the whole description. The name's "Delete" decides
    # (0.6 + 0.28 x 1/4 = 0.67, +0.25 role button).
    t = tree(
        el("a", "button", "Delete all items now", (0, 0, 200, 30), label="Delet buton"),
        el("help", "link", "Button help", (0, 40, 100, 30)),
    )
    assert _found(t, "Delete button") == {"a": (0.92, ["name contains 'Delete all items now'", "role button"])}
    # Without "Button" on the page, "buton" is a typo of it, and the label matches the whole description.
    t = tree(el("a", "button", "Delete all items now", (0, 0, 200, 30), label="Delet buton"))
    assert _found(t, "Delete button") == {
        "a": (0.954, ["label fuzzy 'Delet buton' (whole description)", "role button"])
    }


# -- the page words a query word stands for ----------------------------------------------------------


def test_a_word_is_split_into_two_page_words_only_after_its_third_letter() -> None:
    # "Inbox" is not "in" + "box" ("Sign in", "Box office"); no split found, its typo "Inbix" is.
    t = tree(
        el("a", "link", "Sign in", (0, 0, 100, 30)),
        el("b", "link", "Box office", (0, 40, 100, 30)),
        el("c", "link", "Inbix", (0, 80, 100, 30)),
    )
    assert _found(t, "Inbox") == {"c": (0.754, ["name fuzzy 'Inbix'", "interactive"])}


@pytest.mark.parametrize("name", ["Plans", "Plab"])
def test_a_word_is_split_into_two_page_words_only_before_its_second_last_letter(name: str) -> None:
    # "Planb" is not split into "plan" + "b" (one letter), so its typos are still looked for:
    # "Plan B" (through "plan") and "Plans" / "Plab" are each one edit away.
    t = tree(el("a", "button", "Plan B", (0, 0, 100, 30)), el("b", "button", name, (0, 40, 100, 30)))
    assert _found(t, "Planb") == {
        "a": (1.01, ["name normalized 'Plan B'", "interactive"]),
        "b": (0.754, [f"name fuzzy {name!r}", "interactive"]),
    }


def test_a_page_word_sharing_a_piece_with_a_misspelt_word_must_also_be_a_typo_of_it() -> None:
    # "your" is not on the page: its typos are looked for. "Turn" shares "ur" with it but is two edits
    # away, so it does not stand for "your", and "Turn profle" (whose "profle" is no page word "profile"
    # stands for, "Profile" being on the page) is no candidate.
    t = tree(el("a", "link", "Profile", (0, 0, 100, 30)), el("b", "button", "Turn profle", (0, 40, 100, 30)))
    assert _found(t, "your profile") == {"a": (0.97, ["name same words 'Profile'", "interactive"])}


# -- how well a container names what was asked for ---------------------------------------------------

_LONG = "region:Photos of the Lopez Garcia family, with Ana and Maria " + " ".join(
    f"and the summer trip number {k} to the lake" for k in range(6)
)

_POST = "article:Garcia, Ana Maria Lopez shared a photo of the summer trip to the lake"


def test_a_container_missing_a_name_word_does_not_count_for_how_well_the_name_is_named() -> None:
    # "for Ana Maria Lopez Garcia": Y's post names all four words (0.6 + 0.28 x 4/11 = 0.70). X sits in a
    # long region naming all four (0.62) and, inside it, a short group naming three of them (0.75 x 0.88
    # = 0.66, within 0.05 of Y's): the group does not hold the name, so it does not count; X's best is
    # the region's, more than 0.05 under Y's, and X gets no bonus.
    t = tree(
        el("x", "button", "Like", (0, 0, 60, 20), context=(_LONG, "group:Ana Maria Lopez")),
        el("y", "button", "Like", (0, 100, 60, 20), context=(_POST,)),
        el("z", "button", "Like", (0, 200, 60, 20), context=("article:Kim Park",)),
    )
    found = _found(t, "Like for Ana Maria Lopez Garcia")
    assert locate(t, "Like for Ana Maria Lopez Garcia").element.ref == "y"
    assert found["y"][0] == pytest.approx(1.05 + 0.3)
    assert found["x"] == (
        1.05,
        ["name exact 'Like'", "interactive", f"in {_LONG[:40]}, which names 'Ana Maria Lopez Garcia' less well"],
    )
    assert found["z"] == (0.55, ["name exact 'Like'", "interactive", "outside the container"])


# -- a control named exactly by the whole description, role word included ------------------------------


def test_the_one_control_named_by_the_whole_description_beats_a_heading_holding_its_other_words() -> None:
    # "Meeting title": "title" is a role word, so the role reading looks for "Meeting" and finds the heading
    # "Meeting rooms"; the field named exactly "Meeting title" is what the whole description names.
    t = tree(
        el("h", "heading", "Meeting rooms", (0, 0, 300, 40)),
        el("f", "textbox", "Meeting title", (0, 60, 300, 30)),
    )
    assert locate(t, "Meeting title").element.ref == "f"
    # Several things a person can act on named so (an icon and captions inside buttons on a real Android
    # screen: tests/android trust case 34 "Clear text") name no one thing: see test_android_trust.
