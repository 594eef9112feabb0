"""Container and column relations of the locator (score.py), rule by rule, on hand-built trees.

"in the second row", "in the Billing card", "in the Year column", "for @maria", "next to Groups":
each test puts candidates at the edge of one rule and asserts what the user gets back (the
element picked, the scores and the reasons the locator reports). An exact name match scores
1.0, +0.05 for an interactive element when no role is named, +0.25 for the role named; the
relation parts are the constants in score.py's module docstring.
"""

from __future__ import annotations

import pytest
from locator_builders import el, tree

from tapwright.core.element import Element, UiTree
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator import locate, rank
from tapwright.locator.index import index_for
from tapwright.locator.query import Container
from tapwright.locator.score import apply_container, shared_container
from tapwright.locator.scored import Scored

EXACT = 1.0 + 0.05  # "Delete" for a button named Delete, no role word


def scores(t: UiTree, description: str) -> dict[str, tuple[float, list[str]]]:
    """ref -> (score rounded to 4 places, reasons) of every candidate."""
    return {c.element.ref: (round(c.score, 4), c.reasons) for c in rank(t, description, limit=50)}


def failure(t: UiTree, description: str) -> ToolFailure:
    with pytest.raises(ToolFailure) as info:
        locate(t, description)
    return info.value


# -- "the n-th row / item / card" ---------------------------------------------------------


def _users_table() -> UiTree:
    """A heading outside any row, a header row, then rows Zoe, Adam, Mia (not in alphabetical order)."""
    header = ("table:Users", "row:Name Actions")
    els = [
        el("title", "heading", "People", (0, 0, 200, 30)),
        el("hn", "columnheader", "Name", (0, 40, 200, 20), context=header),
        el("ha", "columnheader", "Actions", (200, 40, 100, 20), context=header),
    ]
    for k, name in enumerate(["Zoe", "Adam", "Mia"]):
        row = ("table:Users", f"row:{name}")
        y = 60 + 30 * k
        els += [el(f"n{k}", "cell", name, (0, y, 200, 30), context=row),
                el(f"d{k}", "button", "Delete", (200, y, 80, 30), context=row)]  # fmt: skip
    return tree(*els)


@pytest.mark.parametrize(
    ("description", "ref", "row"),
    [("Delete in the first row", "d0", "row:Zoe"), ("Delete in the second row", "d1", "row:Adam"),
     ("Delete in the last row", "d2", "row:Mia"), ("Delete in the 3rd row", "d2", "row:Mia")],
)  # fmt: skip
def test_the_nth_row_counts_rows_top_down_leaving_out_the_header_row_and_text_outside_rows(
    description: str, ref: str, row: str
) -> None:
    got = scores(_users_table(), description)
    assert locate(_users_table(), description).element.ref == ref
    # Inside the n-th row: +0.3; in any other row: -0.6, more than a name can make up for.
    assert got[ref] == (pytest.approx(EXACT + 0.3), ["name exact 'Delete'", "interactive", f"in {row}"])
    others = {r: v for r, v in got.items() if r != ref}
    assert sorted(others) == sorted({"d0", "d1", "d2"} - {ref})
    assert all(v == (pytest.approx(EXACT - 0.6), ["name exact 'Delete'", "interactive", "outside the container"])
               for v in others.values())  # fmt: skip


@pytest.mark.parametrize(
    ("description", "words"),
    [("Delete in the 4th row", "4th"), ("Delete button in the 4th row", "4th"), ("Delete in the 0th row", "0th")],
)  # fmt: skip
def test_a_row_number_the_table_does_not_have_is_not_found_and_says_how_many_rows_there_are(
    description: str, words: str
) -> None:
    # Before: no row was meant, so every row's Delete counted as "in a row" and the error was AMBIGUOUS.
    err = failure(_users_table(), description)
    assert err.code is ErrorCode.ELEMENT_NOT_FOUND
    why = f"not found: the page has 3 such containers, no {words}"
    assert why in err.message
    assert [c["reasons"][-1] for c in err.data["candidates"]] == [why] * 3
    role = 0.25 if "button" in description else 0.05
    assert all(c["score"] == pytest.approx(1.0 + role - 1.0) for c in err.data["candidates"])


def test_a_row_number_on_a_page_that_reports_no_rows_falls_back_to_rows_it_draws() -> None:
    # No context at all (Android, desktop): the rows are elements, so "in the row" is containment.
    t = tree(
        el("r0", "row", "Ann", (0, 0, 300, 30)), el("d0", "button", "Delete", (200, 0, 80, 30)),
        el("r1", "row", "Ben", (0, 30, 300, 30)), el("d1", "button", "Delete", (200, 30, 80, 30)),
    )  # fmt: skip
    got = scores(t, "Delete in the 2nd row")
    assert got["d0"][1][-1] == got["d1"][1][-1] == "inside the container"


def test_a_long_row_name_is_cut_to_forty_characters_in_the_reason() -> None:
    name = "Leonardo da Vinci | leo@example.com | administrator"
    t = tree(
        el("d0", "button", "Delete", (200, 0, 80, 30), context=(f"row:{name}",)),
        el("d1", "button", "Delete", (200, 30, 80, 30), context=("row:Ann",)),
    )
    assert locate(t, "Delete in the first row").reasons[-1] == "in " + f"row:{name}"[:40]


def _list_above_tables() -> UiTree:
    """A list of drafts (list items) above two tables, Users then Admins, each with a header row."""
    els = [el("li0", "button", "Delete", (200, 40, 80, 30), context=("list:Recent", "listitem:Draft 1")),
           el("li1", "button", "Delete", (200, 70, 80, 30), context=("list:Recent", "listitem:Draft 2"))]  # fmt: skip
    for table, y0 in (("Users", 120), ("Admins", 240)):
        els.append(el(f"h{table}", "columnheader", "Name", (0, y0, 200, 20), context=(f"table:{table}", "row:Name")))
        for k in range(2):
            row = (f"table:{table}", f"row:{table} {k}")
            els.append(el(f"{table[0]}{k}", "button", "Delete", (200, y0 + 20 + 30 * k, 80, 30), context=row))
    return tree(*els)


@pytest.mark.parametrize(
    ("description", "ref"),
    [("Delete in the first row", "U0"),  # a table's row, though a list item is higher on the page
     ("Delete in the last row", "A1"),
     ("Delete in the first item", "li0"),  # "item" counts list items and rows alike: the top one
     ("Delete in the second item", "li1"),
     ("Delete in the first row of Admins", "A0"),  # rows inside a container named Admins
     ("Delete in the last row of Users", "U1")],
)  # fmt: skip
def test_rows_are_a_tables_rows_while_items_are_whatever_comes_first(description: str, ref: str) -> None:
    t = _list_above_tables()
    picked = locate(t, description)
    assert picked.element.ref == ref
    assert picked.score == pytest.approx(EXACT + 0.3)


def test_the_first_card_is_the_one_starting_highest_even_when_its_button_is_lowest() -> None:
    # A masonry grid: Ana's card starts at the top but its Like button is at the bottom;
    # Ben's card starts lower, beside it, and its button (listed first) is higher than Ana's.
    t = tree(
        el("bl", "button", "Like", (300, 150, 60, 20), context=("article:Ben",)),
        el("b1", "heading", "Ben", (300, 100, 200, 20), context=("article:Ben",)),
        el("a1", "heading", "Ana", (0, 0, 200, 20), context=("article:Ana",)),
        el("al", "button", "Like", (0, 200, 60, 20), context=("article:Ana",)),
    )
    assert locate(t, "Like in the first card").element.ref == "al"
    assert locate(t, "Like in the second card").element.ref == "bl"


def test_a_colon_inside_a_row_name_does_not_hide_the_row() -> None:
    t = tree(
        el("d0", "button", "Delete", (200, 0, 80, 30), context=("row:Build: nightly",)),
        el("d1", "button", "Delete", (200, 30, 80, 30), context=("row:Build: release",)),
    )
    assert locate(t, "Delete in the first row").element.ref == "d0"
    assert locate(t, "Delete in the last row").element.ref == "d1"


def test_an_element_without_a_position_does_not_stop_the_row_count() -> None:
    t = tree(
        el("x", "button", "Delete", None, context=("row:Ghost",)),
        el("d0", "button", "Delete", (200, 0, 80, 30), context=("row:Ann",)),
        el("d1", "button", "Delete", (200, 30, 80, 30), context=("row:Ben",)),
    )
    assert locate(t, "Delete in the second row").element.ref == "d1"


# -- "for @maria", "in Kim's post": containers the driver reports --------------------------

SAM = "article:Sam Lee shared a trip photo with Maria and two friends from the club"


def _feed() -> UiTree:
    """Sam's post mentions Maria; Maria's post shows her handle; Kim's Like sits in an inner actions group."""
    maria, kim = ("main:Feed", "article:Maria Lopez @maria"), ("article:Kim Park @kim", "group:actions")
    return tree(
        el("sh", "text", "", (0, 0, 300, 20), text="Sam Lee shared a trip photo with Maria", context=(SAM,)),
        el("sl", "button", "Like", (0, 30, 60, 20), context=(SAM,)),
        el("mh", "text", "", (0, 100, 300, 20), text="Maria Lopez @maria", context=maria),
        el("ml", "button", "Like", (0, 130, 60, 20), context=maria),
        el("kh", "text", "", (0, 200, 300, 20), text="Kim", context=kim),
        el("kl", "button", "Like", (0, 230, 60, 20), context=kim),
    )


@pytest.mark.parametrize("description", ["Like for @maria", "Like for Maria", "Like in the post by @maria"])
def test_a_post_that_only_mentions_the_name_yields_to_the_post_that_shows_it(description: str) -> None:
    got = scores(_feed(), description)
    name = description.rsplit(" ", 1)[1]
    assert locate(_feed(), description).element.ref == "ml"
    assert got["ml"] == (
        pytest.approx(EXACT + 0.3),
        ["name exact 'Like'", "interactive", "in article:Maria Lopez @maria"],
    )
    # Sam's post matches the words too, but names Maria less well: no bonus, and the reason says so.
    assert got["sl"] == (pytest.approx(EXACT), ["name exact 'Like'", "interactive",
                                                f"in {SAM[:40]}, which names {name!r} less well"])  # fmt: skip
    assert got["kl"] == (pytest.approx(EXACT - 0.5), ["name exact 'Like'", "interactive", "outside the container"])


def test_with_no_candidates_apply_container_still_says_whether_the_page_has_the_container() -> None:
    index = index_for(_feed())
    assert apply_container(index, [], Container(None, "@maria")) is True
    assert apply_container(index, [], Container(None, "@zed")) is False


def test_a_control_nested_deeper_than_the_named_container_gets_a_smaller_bonus_unless_a_kind_was_named() -> None:
    # "for Kim": the article is not Kim's Like's innermost container (an actions group is): +0.22.
    got = scores(_feed(), "Like for Kim")
    assert got["kl"] == (pytest.approx(EXACT + 0.22), ["name exact 'Like'", "interactive", "in article:Kim Park @kim"])
    assert got["ml"][0] == got["sl"][0] == pytest.approx(EXACT - 0.5)
    # "in Kim's post" names a kind of container, which the article is: the full +0.3.
    assert scores(_feed(), "Like in Kim's post")["kl"][0] == pytest.approx(EXACT + 0.3)


def test_a_control_directly_in_the_named_container_gets_the_full_bonus() -> None:
    t = tree(
        el("a", "button", "Like", (0, 0, 60, 20), context=("article:Kim Park @kim",)),
        el("b", "button", "Like", (0, 40, 60, 20), context=("article:Ann Lee @ann",)),
    )
    assert scores(t, "Like for Kim")["a"] == (pytest.approx(EXACT + 0.3),
                                              ["name exact 'Like'", "interactive", "in article:Kim Park @kim"])  # fmt: skip


def _posts(*names: str) -> UiTree:
    return tree(
        *[el(f"p{k}", "button", "Like", (0, 40 * k, 60, 20), context=(f"article:{n}",)) for k, n in enumerate(names)]
    )


@pytest.mark.parametrize(
    ("names", "meant"),
    [
        # Same words, but only the second shows the handle as written: +0.2 for it.
        (("Maria: trip photo", "@maria trip photo"), 1),
        # A card named just "Maria" names her better than a long post that tags @maria (0.96 against
        # 0.62 + 0.2): the handle's bonus is a tie-breaker, not a trump.
        (("Sam Lee tagged @maria in a photo of the beach at sunset", "Maria"), 1),
        # The container's name is everything after the kind's colon, colons in the name included.
        (("Sam Lee with maria", "@maria: photos from the trip"), 1),
    ],
)
def test_the_container_that_names_the_handle_best_is_meant(names: tuple[str, ...], meant: int) -> None:
    t = _posts(*names)
    picked = locate(t, "Like for @maria")
    assert (picked.element.ref, picked.score) == (f"p{meant}", pytest.approx(EXACT + 0.3))
    other = names[1 - meant]
    assert scores(t, "Like for @maria")[f"p{1 - meant}"][1][-1] == f"in article:{other}"[:43] + (
        ", which names '@maria' less well"
    )


def test_a_container_named_exactly_beats_one_with_a_filler_word_more() -> None:
    # "Maria Lopez": exact (1.0 + 0.2 for the name as written); "Your Maria Lopez": same words
    # (0.92 + 0.2), more than 0.05 less.
    t = _posts("Your Maria Lopez", "Maria Lopez")
    assert locate(t, "Like for Maria Lopez").element.ref == "p1"
    assert (
        scores(t, "Like for Maria Lopez")["p0"][1][-1]
        == "in article:Your Maria Lopez, which names 'Maria Lopez' less well"
    )


def test_a_container_named_exactly_five_hundredths_less_well_still_counts() -> None:
    # "Ann Lee Park" in 7 words: 0.6 + 0.28 x 3/7 = 0.72; in 12 words: 0.67, exactly 0.05 less (kept);
    # in 13 words: 0.6646, a hair more than 0.05 less (named less well).
    post = "Park, Ann Lee shared three new photos"
    t = _posts(post, f"{post} from our trip with the team", f"{post} from a trip with us and them")
    err = failure(t, "Like for Ann Lee Park")
    assert err.code is ErrorCode.AMBIGUOUS
    assert [c["ref"] for c in err.data["candidates"]] == ["p0", "p1"]
    assert all(c["score"] == pytest.approx(EXACT + 0.3) for c in err.data["candidates"])
    assert scores(t, "Like for Ann Lee Park")["p2"][1][-1].endswith("which names 'Ann Lee Park' less well")


# -- containers drawn by the driver as elements (no context: Android, desktop) --------------


def test_without_contexts_a_named_dialog_holds_what_lies_inside_its_box() -> None:
    t = tree(
        el("dc", "dialog", "Confirm", (0, 0, 300, 200)), el("ok1", "button", "OK", (100, 150, 60, 30)),
        el("ds", "dialog", "Settings", (400, 0, 300, 200)), el("ok2", "button", "OK", (500, 150, 60, 30)),
    )  # fmt: skip
    got = scores(t, "OK in the Confirm dialog")
    assert locate(t, "OK in the Confirm dialog").element.ref == "ok1"
    assert got["ok1"] == (pytest.approx(EXACT + 0.3), ["name exact 'OK'", "interactive", "inside the container"])
    assert got["ok2"] == (pytest.approx(EXACT - 0.5), ["name exact 'OK'", "interactive", "outside the container"])
    assert locate(t, "OK in the Settings dialog").element.ref == "ok2"


# -- rows and cards the page does not mark --------------------------------------------------


@pytest.mark.parametrize("context", [(), ("main:Team",)])
def test_an_unmarked_row_is_the_line_of_the_text_naming_it(context: tuple[str, ...]) -> None:
    # With or without other containers on the page (a main landmark): none is named Leo Smith.
    t = tree(
        el("n1", "text", "", (0, 0, 100, 20), text="Leo Smith", context=context),
        el("b1", "button", "Delete", (200, 0, 60, 20), context=context),
        el("n2", "text", "", (0, 40, 100, 20), text="Ann Lee", context=context),
        el("b2", "button", "Delete", (200, 40, 60, 20), context=context),
    )
    got = scores(t, "Delete for Leo Smith")
    assert got["b1"] == (
        pytest.approx(EXACT + 0.3),
        ["name exact 'Delete'", "interactive", "on the line of 'Leo Smith'"],
    )
    assert got["b2"] == (pytest.approx(EXACT - 0.5), ["name exact 'Delete'", "interactive", "on another line"])
    assert locate(t, "Delete in the row for Ann").element.ref == "b2"


def test_an_unmarked_card_is_the_nearest_control_below_its_text() -> None:
    t = tree(
        el("h1", "heading", "Ana Silva", (0, 0, 200, 20)), el("m1", "link", "Message", (0, 60, 80, 20)),
        el("h2", "heading", "Ben Ito", (220, 0, 200, 20)), el("m2", "link", "Message", (220, 60, 80, 20)),
    )  # fmt: skip
    got = scores(t, "Message for Ben Ito")
    assert got["m2"] == (pytest.approx(EXACT + 0.3), ["name exact 'Message'", "interactive", "nearest to 'Ben Ito'"])
    # Under another record's name drawn alike ("Ana Silva"): Ana's Message, not acceptable for Ben Ito.
    assert got["m1"] == (pytest.approx(EXACT - 0.5),
                         ["name exact 'Message'", "interactive", "in another record than 'Ben Ito'"])


# -- "in the Year column" -------------------------------------------------------------------

ROLE_CELL = 0.6 + 0.25  # "the cell": role only, the role asked for


def _year_column(header_name: str = "Year", **header_attrs: str) -> UiTree:
    """A Year heading over x 100..160, y 100..120, and cells placed at each edge (integer centres)."""
    return tree(
        el("hy", "columnheader", header_name, (100, 100, 60, 20), **header_attrs),
        el("left_in", "cell", "a", (96, 130, 4, 20)),  # centre x 98: 2 px left of the heading still counts
        el("left_out", "cell", "b", (95, 160, 4, 20)),  # centre x 97
        el("right_in", "cell", "c", (160, 190, 4, 20)),  # centre x 162: 2 px right
        el("right_out", "cell", "d", (161, 220, 4, 20)),  # centre x 163
        el("level", "cell", "e", (110, 110, 20, 20)),  # centre y 120: the heading's bottom, not below it
        el("below", "cell", "f", (110, 111, 20, 20)),  # centre y 121
        el("above", "cell", "g", (110, 80, 20, 10)),  # above the heading
    )


@pytest.mark.parametrize("header", [{"header_name": "Year"}, {"header_name": "", "title": "Year"}])
def test_a_column_is_the_band_under_its_heading_two_pixels_either_side(header: dict[str, str]) -> None:
    # A heading named only by its title (an icon heading) names the column too (text score 0.9).
    got = scores(_year_column(**header), "the cell in the Year column")
    inside = {"left_in", "right_in", "below"}
    for ref in inside:
        assert got[ref] == (pytest.approx(ROLE_CELL + 0.3), ["role only", "role cell", "in the Year column"]), ref
    for ref in {"left_out", "right_out", "level", "above"}:
        assert got[ref] == (pytest.approx(ROLE_CELL - 0.5), ["role only", "role cell", "in another column"]), ref


def test_a_column_no_heading_names_reads_the_words_as_the_controls_name() -> None:
    t = tree(*_year_column().elements, el("notes", "textbox", "Notes", (0, 400, 200, 20)))
    picked = locate(t, "the field in the Notes column")
    assert (picked.element.ref, picked.score, picked.reasons) == ("notes", pytest.approx(1.25),
                                                                  ["name exact 'Notes'", "role textbox"])  # fmt: skip
    assert failure(_year_column(), "the cell in the Notes column").code is ErrorCode.ELEMENT_NOT_FOUND


# -- "next to": the container an anchor shares with one candidate ---------------------------


def _admin(*extra: Element) -> UiTree:
    """An Admin region headed "Groups" above rows Groups, Users, Sites, each with an Add link."""
    els = [el("hg", "heading", "Groups", (0, 0, 200, 20), context=("region:Admin",))]
    for k, name in enumerate(("Groups", "Users", "Sites")):
        row = ("region:Admin", f"row:{name}")
        els += [el(f"g{k}", "link", name, (0, 40 + 40 * k, 200, 20), context=row),
                el(f"a{k}", "link", "Add", (260, 40 + 40 * k, 40, 20), context=row)]  # fmt: skip
    return tree(*els, *extra)


def test_next_to_looks_past_an_anchor_whose_containers_hold_every_candidate() -> None:
    # Two anchors read "Groups": the region's heading (the region holds all three Adds, so it
    # decides nothing) and the Groups link, whose row holds exactly one Add.
    picked = locate(_admin(), '"Add" next to Groups')
    assert picked.element.ref == "a0"
    assert picked.reasons[:3] == ["name exact 'Add'", "interactive", "shares 'row:Groups' with the anchor"]


def test_a_weak_match_in_the_anchors_row_is_no_rival_for_the_shared_row() -> None:
    fav = el("fav", "button", "Add to favourites", (320, 40, 100, 20), context=("region:Admin", "row:Groups"))
    got = scores(_admin(fav), '"Add" next to Groups')
    assert "shares 'row:Groups' with the anchor" in got["a0"][1]
    assert not any(r.startswith("shares") for r in got["fav"][1])


def test_a_long_shared_container_is_named_by_its_first_forty_characters() -> None:
    row = "row:Groups of editors, reviewers and administrators"
    t = tree(
        el("g", "link", "Groups", (0, 0, 100, 20), context=(row,)), el("a", "link", "Add", (200, 0, 40, 20), context=(row,)),
        el("b", "link", "Add", (200, 40, 40, 20), context=("row:Users",)),
    )  # fmt: skip
    assert f"shares {row[:40]!r} with the anchor" in locate(t, '"Add" next to Groups').reasons


def test_shared_container_says_whether_it_decided() -> None:
    t = _admin()
    index = index_for(t)
    refs = {e.ref: i for i, e in enumerate(t.elements)}

    def run(cands: list[str], anchors: list[str]) -> tuple[bool, list[list[str]]]:
        scored = [Scored(refs[r], 1.05, 1.05) for r in cands]
        anchor_rects = [(refs[a], t.elements[refs[a]].rect) for a in anchors]
        decided = shared_container(index, scored, [(i, r) for i, r in anchor_rects if r is not None])
        return decided, [s.reasons for s in scored]

    assert run(["a0", "a1", "a2"], ["hg", "g0"]) == (True, [["shares 'row:Groups' with the anchor"], [], []])
    assert run(["a0", "a1", "a2"], ["hg"]) == (False, [[], [], []])  # the region holds all three
    assert run(["a0", "g0"], ["g0"]) == (False, [[], []])  # a candidate is the anchor itself (a link)
    assert run(["hg"], ["hg"]) == (False, [[]])  # no candidate but the (static) anchor


def test_a_rival_exactly_at_the_tiers_edge_still_shares_the_row() -> None:
    # "Notify checkbox": the Notify switch scores 1.0 + 0.12 (the second role asked for); a disabled
    # Notify menu checkbox 1.0 + 0.1 - 0.1, exactly 0.12 below: still one of the best, so the Groups
    # row holds two of them and decides nothing.
    t = tree(
        el("g0", "link", "Groups", (0, 0, 100, 20), context=("row:Groups",)),
        el("sw0", "switch", "Notify", (200, 0, 40, 20), context=("row:Groups",)),
        el("mc0", "menuitemcheckbox", "Notify", (260, 0, 40, 20), context=("row:Groups",), enabled=False),
        el("g1", "link", "Users", (0, 40, 100, 20), context=("row:Users",)),
        el("sw1", "switch", "Notify", (200, 40, 40, 20), context=("row:Users",)),
    )
    got = scores(t, "Notify checkbox next to Groups")
    assert got["sw0"][1][:2] == ["name exact 'Notify'", "role switch"]
    assert not any(r.startswith("shares") for _, reasons in got.values() for r in reasons)


# -- captions and labels as anchors ---------------------------------------------------------


def test_a_checkbox_labelled_by_the_anchor_is_the_one_next_to_it() -> None:
    t = tree(
        el("rm", "text", "", (30, 0, 100, 20), text="Remember me"),
        el("cb", "checkbox", "", (0, 0, 20, 20), label="Remember me"),  # labelled, not named
        el("cb2", "checkbox", "Stay signed in", (0, 40, 20, 20)),
    )
    got = scores(t, "checkbox next to Remember me")
    assert got["cb"] == (
        pytest.approx(ROLE_ONLY_CHECKBOX + 0.45),
        ["role only", "role checkbox", "labelled by the anchor"],
    )
    assert locate(t, "checkbox next to Remember me").element.ref == "cb"


ROLE_ONLY_CHECKBOX = 0.6 + 0.25


def test_a_checkbox_merely_near_the_anchor_text_is_not_labelled_by_it() -> None:
    # cbA's own name is "Keep me signed in"; "Remember me" is only the text the driver found near it.
    t = tree(
        el("cbA", "checkbox", "Keep me signed in", (0, 0, 20, 20), near="Remember me"),
        el("cbB", "checkbox", "", (0, 30, 20, 20)),
    )
    got = scores(t, "checkbox next to Remember me")
    assert got["cbA"] == (
        pytest.approx(ROLE_ONLY_CHECKBOX - 0.5),
        ["role only", "role checkbox", "not near the anchor"],
    )
    assert locate(t, "checkbox next to Remember me").element.ref == "cbB"


def test_below_a_caption_counts_from_its_field_even_when_a_login_button_is_an_anchor_too() -> None:
    t = tree(
        el("btn", "button", "Login", (300, 300, 80, 30)),
        el("cap", "text", "", (0, 0, 100, 14), text="Login"), el("a1", "textbox", "", (0, 16, 200, 24)),
        el("a3", "textbox", "", (0, 60, 200, 24)),
    )  # fmt: skip
    got = scores(t, "the text box below Login")
    assert got["a1"] == (pytest.approx(0.85 - 0.5), ["role only", "role textbox", "the anchor itself"])
    assert got["a3"][1][:3] == ["role only", "role textbox", "below the anchor"]
    assert locate(t, "the text box below Login").element.ref == "a3"


def test_a_caption_over_a_labelled_field_stays_the_anchor() -> None:
    # "Billing address" heads the Street field, which has a label of its own: below the caption is Street.
    t = tree(
        el("cap", "text", "", (0, 0, 150, 14), text="Billing address"),
        el("street", "textbox", "", (0, 16, 200, 24), label="Street"),
        el("city", "textbox", "", (0, 50, 200, 24), label="City"),
    )
    got = scores(t, "the text box below Billing address")
    assert locate(t, "the text box below Billing address").element.ref == "street"
    assert got["street"][1] == ["role only", "role textbox", "below the anchor", "closeness 0.95"]
