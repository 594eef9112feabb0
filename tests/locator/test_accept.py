"""Acceptance (tapwright.locator.accept): candidates that score well but are not what a person means are
refused, whatever their score; a partial name close behind another partial name is AMBIGUOUS."""

from __future__ import annotations

import pytest
from locator_builders import el, tree

from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator import locate


def _code(t, description: str) -> str:
    with pytest.raises(ToolFailure) as failure:
        locate(t, description)
    return failure.value.code.value


# -- negation --------------------------------------------------------------------------------------------


def test_a_name_holding_the_words_negated_is_not_a_match() -> None:
    t = tree(el("deny", "button", "Don’t allow", (0, 0, 100, 30)), el("other", "button", "Only this time", (0, 40, 100, 30)))
    assert _code(t, "Allow button") == "ELEMENT_NOT_FOUND"


def test_the_negation_said_in_the_description_matches_it() -> None:
    t = tree(el("deny", "button", "Don't allow", (0, 0, 100, 30)), el("ok", "button", "Allow", (0, 40, 100, 30)))
    assert locate(t, "Don't allow").element.ref == "deny"
    assert locate(t, "Allow").element.ref == "ok"


@pytest.mark.parametrize(("name", "description"), [("Install", "Uninstall button"), ("Uninstall", "Install button")])
def test_a_word_and_its_prefixed_negation_are_different_things(name: str, description: str) -> None:
    t = tree(el("b", "button", name))
    assert _code(t, description) == "ELEMENT_NOT_FOUND"


def test_a_short_word_after_a_prefix_is_no_negation() -> None:
    # "Undo" is not "un" + "do": the rest is too short to be a word the prefix negates.
    t = tree(el("b", "button", "Undo"))
    assert locate(t, "Undo").element.ref == "b"


# -- a control of the kind the description names ---------------------------------------------------------


def test_a_control_word_is_not_met_by_a_static_element_nothing_makes_clickable() -> None:
    t = tree(el("ws", "group", "Home", (0, 0, 1080, 1700), interactive=False),
             el("icon", "button", "Messages", (0, 1700, 100, 90)))  # fmt: skip
    with pytest.raises(ToolFailure) as failure:
        locate(t, "Home button")
    assert failure.value.code is ErrorCode.ELEMENT_NOT_FOUND
    assert "not a button a person can act on" in failure.value.message


def test_a_caption_inside_a_clickable_row_of_its_size_is_acted_on_through_the_row() -> None:
    t = tree(el("row", "button", "", (0, 100, 400, 60)),
             el("cap", "text", "Wi-Fi", (10, 110, 200, 40), interactive=False),
             el("big", "group", "", (0, 0, 1080, 2000), interactive=False))  # fmt: skip
    assert locate(t, "Wi-Fi button").element.ref == "cap"


def test_a_whole_screen_control_behind_a_text_does_not_make_it_a_button() -> None:
    t = tree(el("screen", "button", "", (0, 0, 1000, 1000)),
             el("title", "text", "Settings", (10, 10, 200, 40), interactive=False))  # fmt: skip
    assert _code(t, "Settings button") == "ELEMENT_NOT_FOUND"


def test_a_text_field_is_no_button_and_a_button_is_no_field() -> None:
    t = tree(el("f", "textbox", "Login", (0, 0, 200, 30)))
    assert _code(t, "Login button") == "ELEMENT_NOT_FOUND"
    t = tree(el("b", "button", "Search", (0, 0, 200, 30)))
    assert _code(t, "Search field") == "ELEMENT_NOT_FOUND"


def test_a_link_for_a_button_and_a_switch_for_a_checkbox_are_the_same_gesture() -> None:
    assert locate(tree(el("l", "link", "Profile")), "Profile button").element.ref == "l"
    assert locate(tree(el("s", "switch", "Dark mode")), "Dark mode checkbox").element.ref == "s"


# -- developer ids ----------------------------------------------------------------------------------------


def test_a_layout_named_only_by_its_id_names_nothing_a_person_sees() -> None:
    t = tree(el("lay", "group", "", (0, 900, 1080, 200), interactive=False, resource_id="app:id/keypad_bottom_row"))
    assert _code(t, "bottom row") == "ELEMENT_NOT_FOUND"


def test_an_icon_button_is_found_by_its_id() -> None:
    t = tree(el("b", "button", "", (0, 0, 40, 40), resource_id="app:id/settings_button"))
    assert locate(t, "settings button").element.ref == "b"


def test_an_id_match_gives_way_when_what_a_person_reads_says_something_else_and_another_shows_the_words() -> None:
    t = tree(el("check", "button", "", (0, 100, 200, 40), text="CHECK", resource_id="app:id/login_button"),
             el("field", "textbox", "Login", (0, 0, 200, 40)))  # fmt: skip
    assert _code(t, "Login button") == "ELEMENT_NOT_FOUND"


def test_an_id_match_stands_when_nothing_shows_the_words() -> None:
    # "deny button" for a button that reads "Don't allow": nothing else on the screen says deny.
    t = tree(el("b", "button", "", (0, 0, 200, 40), text="Don’t allow", resource_id="app:id/permission_deny_button"),
             el("ok", "button", "", (0, 50, 200, 40), text="Allow", resource_id="app:id/permission_allow_button"))
    assert locate(t, "deny button").element.ref == "b"


def test_a_static_text_matched_by_its_id_is_read_by_its_words() -> None:
    # A caption inside a clickable card: its id says "summary", a person reads "Weekly report".
    t = tree(el("card", "group", "", (0, 0, 400, 100), interactive=True),
             el("cap", "text", "Weekly report", (10, 10, 200, 30), resource_id="app:id/summary_label"))  # fmt: skip
    assert _code(t, "summary button") == "ELEMENT_NOT_FOUND"


def test_a_container_matched_by_its_id_is_read_by_the_words_inside_it() -> None:
    t = tree(el("card", "group", "", (0, 0, 400, 100), interactive=True, resource_id="app:id/layout_item_summary_view"),
             el("cap", "text", "Weekly report", (10, 10, 200, 30)))  # fmt: skip
    assert _code(t, "summary button") == "ELEMENT_NOT_FOUND"
    # ... and stands when nothing inside says something else (an icon only)
    t = tree(el("card", "group", "", (0, 0, 400, 100), interactive=True, resource_id="app:id/summary_card"),
             el("icon", "img", "", (10, 10, 30, 30)))  # fmt: skip
    assert locate(t, "summary card").element.ref == "card"


# -- a field named only by what is typed in it ------------------------------------------------------------


def test_a_field_named_by_its_content_and_a_row_of_the_same_words_are_a_real_choice() -> None:
    t = tree(el("f", "textbox", "Night train", (0, 0, 300, 40), value="Night train"),
             el("row", "text", "Night train", (0, 200, 300, 40)))  # fmt: skip
    with pytest.raises(ToolFailure) as failure:
        locate(t, "Night train")
    assert failure.value.code is ErrorCode.AMBIGUOUS
    assert {c["ref"] for c in failure.value.data["candidates"]} == {"f", "row"}


def test_a_labelled_field_is_not_named_by_its_content() -> None:
    t = tree(el("f", "textbox", "From", (0, 0, 300, 40), value="Night train", label="From"),
             el("row", "text", "Night train", (0, 200, 300, 40)))  # fmt: skip
    assert locate(t, "Night train").element.ref == "row"


# -- partial names of different things -------------------------------------------------------------------


def test_a_word_that_begins_two_different_names_is_ambiguous() -> None:
    t = tree(el("all", "button", "Delete all", (0, 0, 100, 30)),
             el("sel", "button", "Delete selected items", (120, 0, 160, 30)))  # fmt: skip
    with pytest.raises(ToolFailure) as failure:
        locate(t, "Delete")
    assert failure.value.code is ErrorCode.AMBIGUOUS
    assert "say the whole name" in failure.value.message


def test_the_whole_name_wins_over_a_partial_one() -> None:
    t = tree(el("all", "button", "Delete all", (0, 0, 100, 30)), el("one", "button", "Delete", (120, 0, 100, 30)))
    assert locate(t, "Delete").element.ref == "one"


def test_a_partial_match_far_ahead_of_the_next_is_kept() -> None:
    t = tree(el("a", "button", "Export CSV", (0, 0, 100, 30)),
             el("b", "text", "Exports are kept for thirty days after they are made", (0, 40, 500, 30), interactive=False))
    assert locate(t, "Export").element.ref == "a"


def test_a_file_chooser_drawn_as_a_button_is_still_a_field() -> None:
    t = tree(el("f", "button", "Attachment", (0, 0, 200, 30), tag="input", type="file"))
    assert locate(t, "Attachment field").element.ref == "f"


def test_a_caption_beside_a_control_is_no_rival_for_it() -> None:
    t = tree(el("cap", "text", "Country: Choose country", (0, 0, 300, 20), interactive=False),
             el("b", "button", "Choose country", (0, 30, 200, 30)))  # fmt: skip
    assert locate(t, "country").element.ref == "b"


def test_a_dropdown_drawn_as_a_button_is_a_combo_box() -> None:
    t = tree(el("b", "button", "Choose country", (0, 30, 200, 30)))
    assert locate(t, "country combo box").element.ref == "b"


def test_a_caption_may_stand_for_its_field_or_box_but_not_for_a_button() -> None:
    t = tree(el("cap", "text", "Size", (0, 0, 60, 20), interactive=False))
    assert locate(t, "Size field").element.ref == "cap"  # the fill or check finds the control beside it
    assert locate(t, "Size checkbox").element.ref == "cap"
    assert _code(t, "Size button") == "ELEMENT_NOT_FOUND"


def test_a_word_of_what_is_typed_in_a_field_does_not_name_the_field() -> None:
    t = tree(el("f", "textbox", "littlest pet shop", (0, 0, 300, 40), value="littlest pet shop"))
    assert _code(t, "shop") == "ELEMENT_NOT_FOUND"
    assert locate(t, "littlest pet shop").element.ref == "f"  # the whole content still finds it


def test_a_text_that_is_not_the_controls_caption_is_still_a_rival() -> None:
    # "Heat" is part of the button "Remove Heat" and of the text "Saved search Heat": a real choice.
    t = tree(el("item", "text", "Saved search Heat", (0, 0, 200, 20), interactive=False),
             el("x", "button", "Remove Heat", (210, 0, 20, 20)))  # fmt: skip
    assert _code(t, "Heat") == "AMBIGUOUS"


def test_a_container_id_stands_when_its_words_are_the_shown_words_run_together() -> None:
    # A touchable whose test id is signup_button around the text "Sign up".
    t = tree(el("touch", "group", "", (0, 0, 400, 100), interactive=True, resource_id="signup_button"),
             el("cap", "text", "Sign up", (10, 10, 200, 30)))  # fmt: skip
    assert locate(t, "signup button").element.ref in ("touch", "cap")


def test_an_id_typed_as_written_names_its_element_whatever_it_shows() -> None:
    t = tree(el("touch", "group", "", (0, 0, 400, 100), interactive=True, resource_id="signup_button"),
             el("cap", "text", "Create an account", (10, 10, 200, 30)))  # fmt: skip
    assert locate(t, "signup_button").element.ref == "touch"
    assert _code(t, "signup button") == "ELEMENT_NOT_FOUND"  # words, not the id: read by what it shows


# -- several things ----------------------------------------------------------------------------------------


def _rows():
    return tree(
        el("all", "checkbox", "Select all", (0, 0, 20, 20)),
        el("ann", "checkbox", "Select Ann", (0, 40, 20, 20), context=("row:Ann | Active",)),
        el("bob", "checkbox", "Select Bob", (0, 80, 20, 20), context=("row:Bob | Active",)),
        el("s1", "text", "Active", (50, 40, 40, 20), context=("row:Ann | Active",)),
        el("s2", "text", "Active", (50, 80, 40, 20), context=("row:Bob | Active",)),
        el("ann2", "checkbox", "Ann", (0, 120, 20, 20)),
    )


@pytest.mark.parametrize("description", ["every checkbox", "each box", "both checkboxes", '"Active" in the every row',
                                         "Ann and Bob"])  # fmt: skip
def test_a_description_of_several_things_is_not_met_by_one(description: str) -> None:
    assert _code(_rows(), description) in ("ELEMENT_NOT_FOUND", "AMBIGUOUS")


def test_several_things_that_match_are_ambiguous_not_absent() -> None:
    # ELEMENT_NOT_FOUND would let "... should be gone" pass while they show.
    with pytest.raises(ToolFailure) as failure:
        locate(_rows(), '"Active" in the every row')
    assert failure.value.code is ErrorCode.AMBIGUOUS
    assert "names several things (every)" in failure.value.message


def test_a_quantifier_in_the_elements_own_name_is_part_of_the_name() -> None:
    assert locate(_rows(), "the Select all checkbox").element.ref == "all"
    assert locate(_rows(), '"Select all"').element.ref == "all"
    t = tree(el("sc", "button", "Save and close", (0, 0, 80, 20)), el("s", "button", "Save", (0, 40, 80, 20)))
    assert locate(t, "Save and close").element.ref == "sc"


def test_a_leading_role_word_followed_by_its_page_neighbour_is_part_of_a_name() -> None:
    t = tree(el("all", "checkbox", "Select all", (0, 0, 20, 20)), el("del", "button", "Delete all", (0, 40, 80, 20)))
    assert locate(t, "Select all").element.ref == "all"  # not "select" (a dropdown) + "all" (the Delete all button)


# -- dialogs -----------------------------------------------------------------------------------------------


def test_the_button_that_opens_a_dialog_is_not_the_dialog() -> None:
    t = tree(el("b", "button", "New task", (0, 0, 80, 20)), el("h", "heading", "Tasks", (0, 40, 80, 20)))
    assert _code(t, '"New task" dialog') == "ELEMENT_NOT_FOUND"
    opened = tree(el("b", "button", "New task", (0, 0, 80, 20)),
                  el("h", "text", "New task", (110, 110, 80, 20), context=("dialog:New task",)))  # fmt: skip
    assert locate(opened, "New task dialog").element.ref == "h"


# -- developer ids and captions (the Android near misses) --------------------------------------------------


def test_a_picture_with_no_words_inside_another_control_is_not_that_kind_of_thing() -> None:
    from tapwright.locator.accept import fits_noun

    row = el("row", "group", "My account", (0, 0, 400, 60), interactive=True)
    icon = el("icon", "img", "image view quick balance action", (350, 10, 40, 40), interactive=False,
              resource_id="app:id/imageView_quickBalance_action")  # fmt: skip
    caption = el("cap", "text", "Quick balance", (10, 10, 200, 40))
    screen = el("screen", "group", "", (0, 0, 1080, 1920), interactive=False)
    assert not fits_noun(icon, "button", [screen, row, icon])  # tapping it taps "My account"
    assert fits_noun(caption, "button", [screen, row, caption])  # a caption a person reads on the row stands for it


def test_a_control_matched_only_by_its_id_is_not_another_kind_of_thing() -> None:
    t = tree(el("f", "textbox", "标题", (0, 0, 300, 40), resource_id="app:id/title"),
             el("g", "text", "地点", (0, 50, 300, 40)))  # fmt: skip
    assert _code(t, "Title row") == "ELEMENT_NOT_FOUND"
    assert locate(t, "title").element.ref == "f"  # no kind named: the id may still say which


def test_a_caption_and_the_field_beside_it_with_a_name_of_its_own_are_a_real_choice() -> None:
    t = tree(el("cap", "text", "ENTER YOUR DETAILS:", (0, 0, 300, 30)),
             el("f", "textbox", "Login", (0, 40, 300, 40), near="ENTER YOUR DETAILS:"))  # fmt: skip
    assert _code(t, "Enter your details") == "AMBIGUOUS"
    assert locate(t, "Login").element.ref == "f"


def test_a_quantifier_in_a_name_that_is_also_the_id_is_still_part_of_the_name() -> None:
    t = tree(el("all", "checkbox", "Select all", (0, 0, 20, 20), id="select-all"),
             el("ann", "checkbox", "Select Ann", (0, 40, 20, 20), id="sel-ann"))  # fmt: skip
    assert locate(t, "select all checkbox").element.ref == "all"


def test_a_quantifier_alone_is_no_name_to_find_inside_another() -> None:
    # "Select all" with no such box: "select" asks for a dropdown, "all" is no thing; "Delete all" only holds the word.
    t = tree(el("d", "button", "Delete all", (0, 0, 80, 20)), el("x", "button", "All", (0, 40, 80, 20)))
    assert _code(tree(el("d", "button", "Delete all", (0, 0, 80, 20))), "Select all") == "ELEMENT_NOT_FOUND"
    assert locate(t, "All").element.ref == "x"  # the whole name


# -- a quoted value is a literal -------------------------------------------------------------------------


def _menu() -> object:
    return tree(el("m1", "button", "Members", (0, 0, 100, 30), context=("navigation:left menu",)),
                el("m2", "button", "Labels", (0, 40, 100, 30), context=("navigation:left menu",)),
                el("c", "text", "", (200, 300, 300, 20), text="Showing 1-5 of 5"))  # fmt: skip


@pytest.mark.parametrize("description", ['"Memzqbers" in the left menu', '"Membres" in the left menu',
                                         '"Members list" in the left menu', '"Membersx" button in the left menu',
                                         '"1-5 of 6" in the footer'])  # fmt: skip
def test_a_quoted_value_no_text_of_the_element_holds_is_refused_whatever_points_at_it(description: str) -> None:
    assert _code(_menu(), description) == "ELEMENT_NOT_FOUND"


def test_the_refusal_names_the_quoted_value_not_shown() -> None:
    with pytest.raises(ToolFailure) as failure:
        locate(_menu(), '"Membrs" in the left menu')
    assert "does not show 'Membrs'" in str(failure.value)


@pytest.mark.parametrize(("description", "ref"), [
    ('"members" in the left menu', "m1"),  # case aside
    ('"Members" in the left menu', "m1"),
    ('"1-5 of 5"', "c"),  # word for word inside a longer text
    ('"1 - 5 of 5"', "c"),  # spacing and punctuation aside
])  # fmt: skip
def test_a_quoted_value_held_word_for_word_is_found(description: str, ref: str) -> None:
    assert locate(_menu(), description).element.ref == ref


def test_a_quoted_value_inside_a_longer_word_is_not_held() -> None:
    t = tree(el("b", "text", "", text="Bobby Tables"), el("x", "button", "Close", (0, 40, 100, 30)))
    assert _code(t, '"Bob"') == "ELEMENT_NOT_FOUND"


@pytest.mark.parametrize(("description", "ref"), [('"Winter" in the "Articles" list', "w"),
                                                  ('"Winter" in the "Artcles" list', None)])  # fmt: skip
def test_a_quoted_container_name_is_a_literal_where_containment_is_by_box(description: str, ref: str | None) -> None:
    # No contexts (a phone's tree): the list is known by its own element's box and name.
    t = tree(el("l", "list", "Articles", (0, 0, 300, 200), interactive=False),
             el("w", "text", "Winter", (10, 10, 100, 20), interactive=False),
             el("o", "list", "Authors", (0, 300, 300, 200), interactive=False),
             el("w2", "text", "Winter", (10, 310, 100, 20), interactive=False))  # fmt: skip
    if ref is None:
        assert _code(t, description) == "ELEMENT_NOT_FOUND"
    else:
        assert locate(t, description).element.ref == ref


@pytest.mark.parametrize(("description", "ref"), [('"Winter" in the "Articles" list', "w"),
                                                  ('"Winter" in the "Artzqicles" list', None)])  # fmt: skip
def test_the_pages_one_list_stands_for_a_quoted_name_only_the_page_shows(description: str, ref: str | None) -> None:
    # The list has no name of its own: its label above names it. A quoted name shown nowhere names no list.
    t = tree(el("lab", "text", "", (0, 0, 100, 20), text="Articles", interactive=False),
             el("w", "text", "", (10, 30, 100, 20), text="Winter", context=("list", "listitem:Winter"), interactive=False),
             el("s", "text", "", (10, 50, 100, 20), text="Summer", context=("list", "listitem:Summer"), interactive=False))  # fmt: skip
    if ref is None:
        assert _code(t, description) == "ELEMENT_NOT_FOUND"
    else:
        assert locate(t, description).element.ref == ref


def _rows_with_add() -> object:
    return tree(el("p", "text", "", (0, 0, 100, 20), text="Products", context=("row:Products Add",)),
                el("pa", "link", "Add", (120, 0, 40, 20), context=("row:Products Add",)),
                el("o", "text", "", (0, 40, 100, 20), text="Orders", context=("row:Orders Add",)),
                el("oa", "link", "Add", (120, 40, 40, 20), context=("row:Orders Add",)))  # fmt: skip


def test_a_quoted_anchor_is_a_literal_too() -> None:
    """ '"Add" next to "Prodzqucts"': no element, and no row, holds the quoted anchor: nothing is next to it (the
    row "Products" was taken for it through the anchor's fallback to a container of that name)."""
    assert locate(_rows_with_add(), '"Add" next to "Products"').element.ref == "pa"
    assert _code(_rows_with_add(), '"Add" next to "Prodzqucts"') == "ELEMENT_NOT_FOUND"
    assert locate(_rows_with_add(), "Add next to Prodcts").element.ref == "pa"  # unquoted: a typo is forgiven


def _cards() -> object:
    edited, plain = "article:Beach 2023 (edited) 3.9 MB Download", "article:Beach 2023 4.2 MB Download"
    return tree(el("t1", "button", "Beach 2023 (edited)", (0, 0, 200, 20), context=(edited,)),
                el("d1", "button", "Download", (0, 30, 80, 20), context=(edited,)),
                el("t2", "button", "Beach 2023", (300, 0, 200, 20), context=(plain,)),
                el("d2", "button", "Download", (300, 30, 80, 20), context=(plain,)))  # fmt: skip


def test_a_quoted_record_name_is_the_record_titled_exactly_so() -> None:
    """'Download for "Beach 2023"': both cards hold the words, but one is titled exactly so and the other holds them
    among more words ("Beach 2023 (edited)"). Unquoted the same: a person naming a card by its whole title means
    that card. A name that is the whole title of neither ("Beach") leaves the two equal, and the step is refused."""
    assert locate(_cards(), 'Download for "Beach 2023"').element.ref == "d2"
    assert locate(_cards(), 'Download for "Beach 2023 (edited)"').element.ref == "d1"
    assert locate(_cards(), "Download for Beach 2023").element.ref == "d2"
    assert _code(_cards(), "Download for Beach") == "AMBIGUOUS"
