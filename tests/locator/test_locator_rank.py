"""rank()/locate() over hand-built UiTrees: every feature, no browser."""

from __future__ import annotations

import pytest
from locator_builders import el, tree

from tapwright.drivers.fake import demo_screen
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator import Candidate, locate, rank
from tapwright.locator.index import index_for

BLUE, RED, GREY = "rgb(13, 110, 253)", "rgb(220, 53, 69)", "rgb(108, 117, 125)"


def ref_of(t, description: str) -> str:
    return locate(t, description).element.ref


def failure(t, description: str) -> ToolFailure:
    with pytest.raises(ToolFailure) as info:
        locate(t, description)
    return info.value


# -- text matching ------------------------------------------------------------------------


def test_exact_name_beats_a_longer_name() -> None:
    t = tree(el("e1", "button", "Delete account", (0, 0, 120, 30)), el("e2", "button", "Delete", (0, 40, 80, 30)))
    assert ref_of(t, "Delete") == "e2"
    assert ref_of(t, "Delete account") == "e1"


def test_role_words_pick_the_textbox_over_a_link() -> None:
    t = tree(el("e1", "link", "Email us", (0, 0, 80, 20)),
             el("e2", "textbox", "Email address", (0, 40, 200, 30), label="Email address"))  # fmt: skip
    assert ref_of(t, "Email field") == "e2"
    assert ref_of(t, "Email link") == "e1"


@pytest.mark.parametrize(
    ("description", "expected"),
    [
        ("Prenom", "e1"),  # accents folded
        ("VILLE D'ÉTÉ", "e2"),  # case, curly vs straight apostrophe
        ("e-mail", "e3"),  # hyphen vs none
        ("Войти", "e4"),
        ("ログイン", "e5"),  # CJK containment
        ("Pasword", "e6"),  # typo
        ("you@example.com", "e7"),  # placeholder
        ("checkout-submit", "e8"),  # test id
        ("Shopping cart", "e9"),  # title
        ("Company logo", "e10"),  # alt
        ("Company", "e11"),  # near text of an unlabelled field
    ],
)
def test_fields_and_normalization(description: str, expected: str) -> None:
    t = tree(
        el("e1", "textbox", "Prénom", (0, 0, 100, 20), label="Prénom"),
        el("e2", "textbox", "Ville d’été", (0, 30, 100, 20), label="Ville d’été"),
        el("e3", "textbox", "Email", (0, 60, 100, 20), label="Email"),
        el("e4", "button", "войти", (0, 90, 100, 20)),
        el("e5", "button", "ログインする", (0, 120, 100, 20)),
        el("e6", "textbox", "Password", (0, 150, 100, 20), label="Password", type="password"),
        el("e7", "textbox", "", (0, 180, 100, 20), placeholder="you@example.com"),
        el("e8", "button", "Place order", (0, 210, 100, 20), test_id="checkout-submit"),
        el("e9", "button", "🛒", (0, 240, 30, 30), title="Shopping cart"),
        el("e10", "img", "", (0, 280, 60, 60), alt="Company logo"),
        el("e11", "textbox", "", (100, 350, 100, 20), near="Company:"),
    )
    assert ref_of(t, description) == expected


def test_icon_button_by_aria_label() -> None:
    t = tree(
        el("e1", "button", "Settings", (0, 0, 32, 32), text="⚙"), el("e2", "button", "Close", (40, 0, 32, 32), text="✕")
    )
    assert ref_of(t, "settings icon") == "e1"
    assert ref_of(t, "close button") == "e2"


def test_a_label_text_yields_to_its_field() -> None:
    t = tree(el("e1", "text", "", (0, 0, 100, 20), text="Phone number"),
             el("e2", "textbox", "", (110, 0, 100, 20), near="Phone number"))  # fmt: skip
    assert ref_of(t, "Phone number") == "e2"
    assert ref_of(t, "Phone number text") == "e1"


def test_an_unnamed_checkbox_takes_the_text_beside_it() -> None:
    t = tree(
        el("e1", "checkbox", "", (10, 0, 14, 14)), el("e2", "text", "", (30, 0, 80, 16), text="Newsletter"),
        el("e3", "checkbox", "", (210, 0, 14, 14), near="Newsletter"), el("e4", "text", "", (230, 0, 80, 16), text="Offers"),
    )  # fmt: skip
    assert ref_of(t, "Newsletter checkbox") == "e1"
    assert ref_of(t, "Offers checkbox") == "e3"


# -- state, colour, size ------------------------------------------------------------------


def test_visible_and_enabled_are_preferred() -> None:
    t = tree(el("e1", "button", "Save", None, visible=False), el("e2", "button", "Save", (0, 0, 60, 30), enabled=False),
             el("e3", "button", "Save", (80, 0, 60, 30)))  # fmt: skip
    assert ref_of(t, "Save") == "e3"
    assert ref_of(tree(*t.elements[:2]), "Save") == "e2"


def test_colour_words_use_computed_background_or_text_colour() -> None:
    t = tree(el("e1", "button", "Log in", (0, 0, 80, 30), background=BLUE),
             el("e2", "button", "Log in", (90, 0, 80, 30), background=GREY),
             el("e3", "link", "Remove", (0, 40, 80, 20), color=RED), el("e4", "link", "Remove", (90, 40, 80, 20), color=BLUE))  # fmt: skip
    assert ref_of(t, "the blue Log in button") == "e1"
    assert ref_of(t, "grey Log in button") == "e2"
    assert ref_of(t, "red Remove link") == "e3"
    assert failure(t, "Log in").code is ErrorCode.AMBIGUOUS


def test_size_words() -> None:
    t = tree(el("e1", "button", "Checkout", (0, 0, 160, 60)), el("e2", "button", "Checkout", (200, 0, 50, 16)))
    assert ref_of(t, "big Checkout button") == "e1"
    assert ref_of(t, "the small Checkout button") == "e2"


def test_the_fake_demo_screen_reports_colour_names() -> None:
    assert ref_of(demo_screen(), "blue Log in button") == "e5"
    assert ref_of(demo_screen(), "gray button") == "e6"


# -- ordinals -----------------------------------------------------------------------------


def links() -> list:
    # Out of document order on purpose: ordinals follow the screen, top-to-bottom then left-to-right.
    return [el("e1", "link", "Delete", (0, 60, 50, 20)), el("e2", "link", "Delete", (0, 0, 50, 20)),
            el("e3", "link", "Delete", (100, 1, 50, 20)), el("e4", "link", "Delete account", (0, 30, 120, 20)),
            el("e5", "button", "Delete", (0, 90, 60, 20))]  # fmt: skip


@pytest.mark.parametrize(
    ("description", "expected"),
    [("the first Delete link", "e2"), ("the second Delete link", "e3"), ("2nd Delete link", "e3"),
     ("third Delete link", "e1"), ("last Delete link", "e1"), ("the second to last Delete link", "e3"),
     ("the 1st Delete link from the right", "e3"), ("the second Delete link from the bottom", "e3")],
)  # fmt: skip
def test_ordinals_count_matching_elements_in_reading_order(description: str, expected: str) -> None:
    assert ref_of(tree(*links()), description) == expected


def test_an_ordinal_past_the_end_is_not_found() -> None:
    f = failure(tree(*links()), "the 4th Delete link")
    assert f.code is ErrorCode.ELEMENT_NOT_FOUND and "only 3" in f.message
    assert len(f.data["candidates"]) == 3


def test_role_only_ordinals() -> None:
    t = tree(el("e1", "checkbox", "A", (0, 0, 14, 14)), el("e2", "checkbox", "B", (0, 30, 14, 14)),
             el("e3", "checkbox", "C", (0, 60, 14, 14)))  # fmt: skip
    assert ref_of(t, "the last checkbox") == "e3"
    assert ref_of(t, "second checkbox") == "e2"


# -- relations ----------------------------------------------------------------------------


def form() -> list:
    return [
        el("e1", "checkbox", "Remember me", (0, 0, 14, 14)), el("e2", "text", "", (20, 0, 90, 16), text="Remember me"),
        el("e3", "checkbox", "Subscribe", (0, 30, 14, 14)), el("e4", "text", "", (20, 30, 90, 16), text="Subscribe"),
        el("e5", "text", "", (0, 60, 60, 16), text="Email"),
        el("e6", "textbox", "Primary", (0, 80, 200, 24)), el("e7", "textbox", "Backup", (0, 120, 200, 24)),
        el("e8", "button", "Back", (0, 160, 60, 24)), el("e9", "text", "", (70, 160, 80, 16), text="Step 2"),
        el("e10", "button", "Next", (160, 160, 60, 24)),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("description", "expected"),
    [("checkbox next to Remember me", "e1"), ("checkbox next to Subscribe", "e3"), ("checkbox below Remember me", "e3"),
     ("the field below Email", "e6"), ("the second field below Email", "e7"), ("field above Backup", "e6"),
     ("button left of Step 2", "e8"), ("button to the right of Step 2", "e10"), ("checkbox above Subscribe", "e1")],
)  # fmt: skip
def test_positional_relations(description: str, expected: str) -> None:
    assert ref_of(tree(*form()), description) == expected


def test_a_missing_anchor_is_not_found_with_a_reason() -> None:
    f = failure(tree(*form()), "checkbox next to Frobnicate")
    assert f.code is ErrorCode.ELEMENT_NOT_FOUND and "Frobnicate" in f.message


def rows() -> list:
    leo, ann = "row:Leo Smith | @leo | leo@example.com", "row:Ann Lee | @ann | ann@example.com"
    return [
        el("e1", "cell", "Leo Smith", (0, 0, 100, 30), context=("table:Users", leo)),
        el("e2", "button", "Delete", (200, 0, 60, 30), context=("table:Users", leo)),
        el("e3", "cell", "Ann Lee", (0, 40, 100, 30), context=("table:Users", ann)),
        el("e4", "button", "Delete", (200, 40, 60, 30), context=("table:Users", ann)),
        el("e5", "button", "Cancel", (0, 100, 60, 30), context=("form:Login",)),
        el("e6", "button", "Cancel", (300, 300, 60, 30), context=("dialog:Confirm delete",)),
        el("e7", "button", "Pay", (0, 400, 60, 30), context=("frame:payment", "form:Card"), frame="payment"),
        el("e8", "button", "Pay", (0, 450, 60, 30)),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("description", "expected"),
    [("Delete for the user @leo", "e2"), ("Delete in the row for Ann", "e4"), ("Delete in Ann's row", "e4"),
     ("Delete button for leo@example.com", "e2"), ("Cancel in the dialog", "e6"), ("Cancel inside the Login form", "e5"),
     ("Cancel in the Confirm delete modal", "e6"), ("Pay in the payment frame", "e7"), ("Pay in the iframe", "e7")],
)  # fmt: skip
def test_container_relations_use_context(description: str, expected: str) -> None:
    assert ref_of(tree(*rows()), description) == expected


def test_without_a_container_the_description_is_read_literally() -> None:
    t = tree(
        el("e1", "textbox", "Company", (0, 0, 100, 20), label="Company"), el("e2", "textbox", "Name", (0, 30, 100, 20))
    )
    assert ref_of(t, "the field for Company") == "e1"
    assert failure(tree(*rows()), "Delete for the user @zed").code is ErrorCode.ELEMENT_NOT_FOUND


def test_containers_without_context_are_geometric() -> None:
    # An Android-like tree: no context tuples, but a dialog element whose rect holds its buttons.
    t = tree(el("e1", "dialog", "Confirm", (100, 100, 300, 200)), el("e2", "button", "OK", (150, 250, 60, 30)),
             el("e3", "button", "OK", (10, 500, 60, 30)),
             el("e4", "text", "", (0, 600, 100, 30), text="Leo Smith"), el("e5", "button", "Delete", (300, 600, 60, 30)),
             el("e6", "text", "", (0, 650, 100, 30), text="Ann Lee"), el("e7", "button", "Delete", (300, 650, 60, 30)))  # fmt: skip
    assert ref_of(t, "OK in the dialog") == "e2"
    assert ref_of(t, "Delete for Ann Lee") == "e7"


def test_an_open_dialog_is_in_front() -> None:
    assert ref_of(tree(*rows()[4:6]), "Cancel") == "e6"


# -- refs, ambiguity, not found -----------------------------------------------------------


def test_refs() -> None:
    t = tree(*form())
    assert ref_of(t, "e7") == "e7" and ref_of(t, "ref=e3") == "e3"
    f = failure(t, "e99")
    assert f.code is ErrorCode.ELEMENT_NOT_FOUND and "e99" in f.message


def test_ambiguous_lists_the_tied_candidates() -> None:
    f = failure(tree(*rows()), "Delete")
    assert f.code is ErrorCode.AMBIGUOUS
    cands = f.data["candidates"]
    assert [c["ref"] for c in cands] == ["e2", "e4"]
    assert cands[0]["context"][-1].startswith("row:Leo") and "ordinal" in f.message


def test_the_same_spot_is_not_a_tie() -> None:
    t = tree(el("e1", "link", "Blue shirt", (0, 0, 100, 20)), el("e2", "link", "Blue shirt", (0, 0, 100, 20)))
    assert ref_of(t, "Blue shirt") == "e1"


def test_not_found_gives_the_nearest_candidates() -> None:
    f = failure(tree(*form()), "Register button")
    assert f.code is ErrorCode.ELEMENT_NOT_FOUND
    assert f.data["candidates"] and "nearest" in f.message
    assert all(set(c) >= {"ref", "role", "name", "score", "rect"} for c in f.data["candidates"])


def test_rank_returns_candidates_best_first() -> None:
    ranked = rank(tree(*links()), "Delete", limit=3)
    assert len(ranked) == 3 and all(isinstance(c, Candidate) for c in ranked)
    assert ranked[0].score >= ranked[1].score >= ranked[2].score
    assert rank(tree(*links()), "zzzz") == []
    d = ranked[0].to_dict()
    assert d["rect"]["center_x"] > 0 and d["reasons"]


def test_the_index_is_built_once_per_tree() -> None:
    t = tree(*links())
    assert index_for(t) is index_for(t)
    assert index_for(tree(*links())) is not index_for(t)


def test_symbol_only_names_match_exactly() -> None:
    t = tree(el("e1", "button", "+", (0, 0, 30, 30)), el("e2", "button", "×", (40, 0, 30, 30)),
             el("e3", "button", "Add", (80, 0, 60, 30)))  # fmt: skip
    assert ref_of(t, "+") == "e1"
    assert ref_of(t, "the × button") == "e2"
    assert failure(t, "???").code is ErrorCode.ELEMENT_NOT_FOUND


@pytest.mark.parametrize("description", ["", "   ", "the"])
def test_an_empty_description_finds_nothing(description: str) -> None:
    f = failure(tree(*form()), description)
    assert f.code is ErrorCode.ELEMENT_NOT_FOUND
