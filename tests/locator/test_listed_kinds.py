"""tapwright.locator.listed: a last word naming the kind of thing by the list it is in ("the Drafts folder")."""

from __future__ import annotations

from locator.locator_builders import el, tree
from tapwright.errors import ToolFailure
from tapwright.locator import locate

_NAV = ("navigation:Folders",)
_PAGE = tree(
    el("e1", "link", "Inbox 12", (0, 0, 200, 28), context=_NAV),
    el("e2", "link", "Drafts 2", (0, 30, 200, 28), context=_NAV),
    el("e3", "link", "Sent", (0, 60, 200, 28), context=_NAV),
    el("e4", "link", "Books", (300, 0, 100, 28), context=("list:Categories",)),
    el("e5", "button", "Archive", (500, 0, 100, 28)),
)


def _code(t: object, d: str) -> str:
    try:
        locate(t, d)  # type: ignore[arg-type]
    except ToolFailure as exc:
        return exc.code.value
    return "FOUND"


def test_a_kind_word_named_by_the_list_an_element_is_in() -> None:
    assert locate(_PAGE, "Drafts folder").element.ref == "e2"
    assert locate(_PAGE, "the Sent folder").element.ref == "e3"
    assert locate(_PAGE, "Books category").element.ref == "e4"  # "Categories": the plural of a -y noun
    assert locate(_PAGE, "the Drafts foldr").element.ref == "e2"  # the kind word misspelt


def test_a_word_no_container_is_named_by_stays_a_miss() -> None:
    assert _code(_PAGE, "Drafts mailbox") == "ELEMENT_NOT_FOUND"
    assert _code(_PAGE, "Archive folder") == "ELEMENT_NOT_FOUND"  # not in the Folders list


def test_an_element_named_with_the_word_too_still_wins() -> None:
    page = tree(*_PAGE.elements, el("e6", "link", "Drafts folder", (0, 90, 200, 28), context=_NAV))
    assert locate(page, "Drafts folder").element.ref == "e6"


def test_the_state_an_action_leaves_is_another_word() -> None:
    """'Delete items' is no "Deleted items" folder, 'Save' no "Saved" message: the participle is not a typo."""
    page = tree(el("e1", "link", "Deleted items", (0, 0, 200, 28)), el("e2", "text", "Saved", (0, 40, 80, 20)))
    assert _code(page, "Delete items") == "ELEMENT_NOT_FOUND"
    assert _code(page, "the Save button") == "ELEMENT_NOT_FOUND"
    assert locate(page, "Deleted items").element.ref == "e1"
    assert locate(page, "Delted items").element.ref == "e1"  # a typo still is one


def test_a_text_in_another_part_of_the_page_names_no_row_there() -> None:
    """'Reply for Lee Chen': a name shown only in a side panel, level with one message's Reply, is not that
    message's author; a name drawn on the message's own line is."""
    replies = (el("e1", "button", "Reply", (800, 100, 50, 20), context=("article:Dana 09:41",)),
               el("e2", "button", "Reply", (800, 300, 50, 20), context=("article:Sam 10:02",)))  # fmt: skip
    aside = tree(*replies, el("e3", "text", "Lee Chen", (1100, 100, 80, 20), context=("complementary:Members",)))
    assert _code(aside, "Reply for Lee Chen") == "ELEMENT_NOT_FOUND"
    inline = tree(*replies, el("e4", "text", "Lee Chen", (100, 300, 80, 20)))
    assert locate(inline, "Reply for Lee Chen").element.ref == "e2"


def test_a_kind_said_in_the_singular_of_a_list_names_one_item() -> None:
    """'Book again on the physiotherapy visit': the list is "Recent visits"; "visit" in the singular is one of its
    items, the one whose text holds "physiotherapy". An item no text names leaves the two tied."""
    box = ("region:Recent visits", "list:Recent visits")
    page = tree(el("e1", "text", "General check-up", (0, 0, 200, 20), context=(*box, "listitem:General check-up Book again")),
                el("e2", "button", "Book again", (220, 0, 80, 20), context=(*box, "listitem:General check-up Book again")),
                el("e3", "text", "Physiotherapy session", (0, 40, 200, 20),
                   context=(*box, "listitem:Physiotherapy session Book again")),
                el("e4", "button", "Book again", (220, 40, 80, 20), context=(*box, "listitem:Physiotherapy session Book again")))  # fmt: skip
    assert locate(page, "Book again on the physiotherapy visit").element.ref == "e4"
    assert _code(page, "Book again on the dental visit") == "AMBIGUOUS"


def test_a_tree_item_is_named_by_the_kind_of_node_it_is() -> None:
    """"the Documents folder" is a tree's branch (an item that opens and closes), "the notes.md file" a leaf, whatever
    the tree is called; a branch is no file, a button no folder."""
    from dataclasses import replace

    from tapwright.core.element import ElementState

    branch = replace(el("b", "treeitem", "Documents", (0, 0, 200, 24), context=("tree:Explorer",)),
                     state=ElementState(expanded=False))
    leaf = el("f", "treeitem", "notes.md", (0, 30, 200, 24), context=("tree:Explorer",))
    page = tree(branch, leaf, el("x", "button", "Archive", (300, 0, 80, 24)))
    assert locate(page, "the Documents folder").element.ref == "b"
    assert locate(page, "notes.md file").element.ref == "f"
    assert _code(page, "the Documents file") == "ELEMENT_NOT_FOUND"
    assert _code(page, "Archive folder") == "ELEMENT_NOT_FOUND"
