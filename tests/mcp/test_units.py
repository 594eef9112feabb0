"""The pure parts: tool selection, MCP descriptions, observations, options, the HTTP guard."""

from __future__ import annotations

import pytest

from tapwright.core.element import Element, UiTree
from tapwright.errors import UserError
from tapwright.mcp import McpOptions, select_tools, to_mcp_tool
from tapwright.mcp._http import Guard
from tapwright.mcp._observe import cap, change_summary, render, structured
from tapwright.registry import Registry, Toolset, ToolSpec
from tapwright.registry.export import FUNCTION_NAME_RE
from tapwright.tools.fake import toolset as fake_toolset


def _spec(name: str, category: str = "web") -> ToolSpec:
    return ToolSpec(name=name, description=f"{name} does it", category=category)


def _registry() -> Registry:
    names = ["web.click", "web.click_at", "web.open_new_tab", "web.upload_file", "web.snapshot", "web.verify_text",
             "web.verify_url", "web.console"]  # fmt: skip
    packs = [_spec("acme.stamp", "acme"), _spec("extract.tables", "extract")]
    return Registry([*(_spec(n) for n in names), Toolset("fake", list(fake_toolset().tools)), *packs])


def test_default_selection_is_the_core_set_and_third_party_packs() -> None:
    names = select_tools(_registry()).names()
    assert names == ["acme.stamp", "web.click", "web.console", "web.open_new_tab", "web.snapshot", "web.verify_text"]


def test_caps_enable_groups() -> None:
    names = select_tools(_registry(), caps=["coords", "files", "fake"]).names()
    assert {"web.click_at", "web.upload_file", "fake.click_at", "fake.locate"} <= set(names)
    assert "web.verify_url" not in names and "extract.tables" not in names
    assert "web.verify_url" in select_tools(_registry(), caps=["more"]).names()  # the rest of a platform's tools
    assert "extract.tables" in select_tools(_registry(), caps=["data"]).names()  # the built-in data packs
    assert select_tools(_registry(), caps=["tabs"]).names() == select_tools(_registry()).names()  # an old config works


def test_tools_filter_by_namespace_category_glob_and_exact_name() -> None:
    reg = _registry()
    assert select_tools(reg, tools=["acme"]).names() == ["acme.stamp"]
    assert select_tools(reg, tools=["web.verify_*"]).names() == ["web.verify_text"]
    # An exact name wins over a disabled group; the exported spelling works too.
    assert select_tools(reg, tools=["web__click_at", "web.click"]).names() == ["web.click", "web.click_at"]


def test_unknown_filters_and_caps_are_user_errors() -> None:
    with pytest.raises(UserError, match="matches no registered tool"):
        select_tools(_registry(), tools=["nothing.here"])
    with pytest.raises(UserError, match="unknown --caps"):
        select_tools(_registry(), caps=["teleport"])


def test_mcp_tool_has_valid_name_manifest_schema_and_object_output_only() -> None:
    specs = {s.name: s for s in Toolset("fake", list(fake_toolset().tools)).specs()}
    locate = to_mcp_tool(specs["fake.locate"])
    assert locate.name == "fake__locate" and FUNCTION_NAME_RE.match(locate.name)
    assert locate.input_schema == specs["fake.locate"].parameters
    assert locate.output_schema == specs["fake.locate"].output_schema
    assert locate.annotations is not None and locate.annotations.read_only_hint is True
    click = to_mcp_tool(specs["fake.click_at"])  # returns a ToolResult: no declared output
    assert click.output_schema is None
    assert click.annotations is not None and click.annotations.read_only_hint is False


def _tree(*elements: Element, url: str = "http://a/", title: str = "A") -> UiTree:
    return UiTree(elements=elements, url=url, title=title)


def test_change_summary_reports_url_title_value_changes_and_new_elements() -> None:
    field = Element("e1", "textbox", "Email", value="")
    before = _tree(field, Element("e2", "button", "Send"))
    after = _tree(
        Element("e1", "textbox", "Email", value="a@b.c"),
        Element("e2", "button", "Send"),
        Element("e3", "text", "Thanks!", interactive=False),
        url="http://a/done",
        title="Done",
    )
    lines = change_summary(before, after)
    assert lines[0] == "url: http://a/ -> http://a/done"
    assert lines[1] == 'title: "Done"'
    assert 'changed: textbox "Email": "" -> "a@b.c"' in lines
    assert 'appeared: text "Thanks!"' in lines
    assert change_summary(after, after) == ["no visible change"]


def test_change_summary_is_capped_and_masks_passwords() -> None:
    before = _tree()
    after = _tree(
        *(Element(f"e{i}", "link", f"Item {i}") for i in range(20)),
        Element("p", "textbox", "Password", value="hunter22", attrs={"type": "password"}),
    )
    text = "\n".join(change_summary(before, after))
    assert "(+15 more)" in text
    assert "hunter22" not in text


def test_render_puts_status_first_and_snapshot_outline_is_capped_with_marker() -> None:
    tree = _tree(*(Element(f"e{i}", "button", f"Button number {i}") for i in range(400)))
    result = {"ok": True, "data": tree.to_dict(), "status_line": "OK: snapshot"}
    text = render(result, read_only=True, before=None, after=None, max_chars=2000, redact=lambda s: s)
    assert text.startswith("OK: snapshot\nurl: http://a/")
    assert 'e0 button "Button number 0"' in text
    assert len(text) < 2300 and "[truncated:" in text
    assert cap("short", 200) == "short"


def test_render_redacts_and_lists_candidates_on_failure() -> None:
    result = {
        "ok": False,
        "status_line": "AMBIGUOUS: [AMBIGUOUS] 2 match 'Save' s3cret",
        "data": {"candidates": [{"element": {"ref": "e4", "role": "button", "name": "Save"}, "score": 0.9}]},
        "error": {"code": "AMBIGUOUS", "message": "2 match", "retriable": False, "cause": "trace"},
    }
    text = render(result, read_only=False, before=None, after=None, max_chars=500, redact=lambda s: s.replace("s3cret", "***"))
    assert text.splitlines()[0] == "AMBIGUOUS: [AMBIGUOUS] 2 match 'Save' ***"
    assert 'candidate: e4 button "Save"' in text
    content = structured(result, has_output_schema=False, max_chars=500)
    assert content is not None and content["error"]["code"] == "AMBIGUOUS" and "cause" not in content["error"]


def test_structured_content_only_for_objects() -> None:
    assert structured({"ok": True, "data": "text"}, has_output_schema=False, max_chars=100) is None
    assert structured({"ok": True, "data": {"a": 1}}, has_output_schema=False, max_chars=100) == {"a": 1}
    big = {"ok": True, "data": {"a": "x" * 500}}
    assert structured(big, has_output_schema=False, max_chars=100) is None
    assert structured(big, has_output_schema=True, max_chars=100) == big["data"]


def test_options_refuse_non_loopback_bind_without_token() -> None:
    with pytest.raises(UserError, match="needs a bearer token"):
        McpOptions(host="0.0.0.0").check()
    McpOptions(host="0.0.0.0", token="t" * 24).check()
    McpOptions(host="::1").check()
    McpOptions(host="localhost").check()


def test_guard_rules() -> None:
    guard = Guard(lambda *a: None, McpOptions(token="sesame", allowed_http_origins=["https://ok.example"]))  # type: ignore[arg-type,return-value]
    assert guard.host_ok("127.0.0.1:8931") and guard.host_ok("localhost") and guard.host_ok("[::1]:1")
    assert not guard.host_ok("evil.example:8931") and not guard.host_ok(None) and not guard.host_ok("127.0.0.1.evil.example")
    assert guard.origin_ok(None) and guard.origin_ok("http://localhost:3000") and guard.origin_ok("https://ok.example")
    assert not guard.origin_ok("http://evil.example") and not guard.origin_ok("null")
    assert guard.token_ok("Bearer sesame") and guard.token_ok("bearer sesame")
    assert not guard.token_ok("Bearer sesam") and not guard.token_ok(None) and not guard.token_ok("Basic sesame")


def test_change_summary_describes_a_new_page_rather_than_what_went_away() -> None:
    before = _tree(*(Element(f"e{i}", "link", f"Old {i}") for i in range(4)), Element("h", "heading", "Home"))
    after = _tree(Element("e1", "heading", "Second page"), Element("e2", "text", "You made it.", interactive=False),
                  Element("e3", "link", "Old 0"), url="http://a/second", title="Second page")  # fmt: skip
    lines = change_summary(before, after)
    assert lines[:2] == ["url: http://a/ -> http://a/second", 'title: "Second page"']
    assert lines[2].startswith("page: ") and 'heading "Second page"' in lines[2] and 'text "You made it."' in lines[2]
    assert not any(line.startswith("gone:") for line in lines)
    # Half the page kept (a route change inside one app): what changed, as before.
    kept = _tree(*(Element(f"e{i}", "link", f"Old {i}") for i in range(3)), url="http://a/other")
    assert any(line.startswith("gone:") for line in change_summary(before, kept))
