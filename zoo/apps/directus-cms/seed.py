"""Seeds a running Directus through its own REST API: a small magazine (authors, categories, articles),
an Editor role with its policy and permissions, a second user, and the articles table's default columns.

    python seed.py http://127.0.0.1:PORT
"""

from __future__ import annotations

import json
import sys
import urllib.error
import urllib.request
from typing import Any

URL = sys.argv[1].rstrip("/")
TOKEN = ""


def call(method: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(URL + path, data=data, method=method)
    request.add_header("content-type", "application/json")
    if TOKEN:
        request.add_header("authorization", f"Bearer {TOKEN}")
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            raw = response.read()
    except urllib.error.HTTPError as error:
        raise SystemExit(f"seed: {method} {path} -> {error.code} {error.read().decode(errors='replace')}") from None
    return json.loads(raw)["data"] if raw else None


def pk() -> dict[str, Any]:
    return {"field": "id", "type": "integer", "meta": {"hidden": True, "readonly": True, "interface": "input"},
            "schema": {"is_primary_key": True, "has_auto_increment": True}}


def field(name: str, kind: str, interface: str, width: str = "full", **meta: Any) -> dict[str, Any]:
    schema = meta.pop("schema", {})
    return {"field": name, "type": kind, "meta": {"interface": interface, "width": width, **meta}, "schema": schema}


def choices(*pairs: tuple[str, str]) -> list[dict[str, str]]:
    return [{"text": text, "value": value} for value, text in pairs]


STATUS = [("draft", "Draft", "#A2B5CD"), ("in_review", "In review", "#FFA439"),
          ("published", "Published", "#2ECDA7"), ("archived", "Archived", "#6B7280")]
COUNTRIES = choices(("DE", "Germany"), ("FR", "France"), ("JP", "Japan"), ("BR", "Brazil"),
                    ("KE", "Kenya"), ("CA", "Canada"))


def schema() -> None:
    call("POST", "/collections", {
        "collection": "categories", "schema": {},
        "meta": {"icon": "label", "note": "Sections of the magazine", "display_template": "{{name}}", "sort": 3},
        "fields": [pk(),
                   field("name", "string", "input", "half", required=True, schema={"is_nullable": False}),
                   field("color", "string", "select-color", "half", display="color"),
                   field("description", "text", "input-multiline")]})
    call("POST", "/collections", {
        "collection": "authors", "schema": {},
        "meta": {"icon": "person", "note": "People who write for the magazine", "display_template": "{{name}}",
                 "sort": 2},
        "fields": [pk(),
                   field("name", "string", "input", "half", required=True, schema={"is_nullable": False}),
                   field("email", "string", "input", "half", options={"placeholder": "name@example.com"}),
                   field("country", "string", "select-dropdown", "half", options={"choices": COUNTRIES},
                         display="labels", display_options={"choices": COUNTRIES}),
                   field("active", "boolean", "boolean", "half", special=["cast-boolean"], display="boolean",
                         options={"label": "Writes for us"}, schema={"default_value": True}),
                   field("bio", "text", "input-multiline")]})
    call("POST", "/collections", {
        "collection": "articles", "schema": {},
        "meta": {"icon": "article", "note": "Everything we publish", "display_template": "{{title}}",
                 "archive_field": "status", "archive_value": "archived", "unarchive_value": "draft", "sort": 1},
        "fields": [pk(),
                   field("title", "string", "input", "full", required=True, schema={"is_nullable": False}),
                   field("status", "string", "select-dropdown", "half",
                         options={"choices": [{"text": t, "value": v} for v, t, _ in STATUS]},
                         display="labels",
                         display_options={"choices": [{"text": t, "value": v, "foreground": "#FFFFFF",
                                                       "background": c} for v, t, c in STATUS]},
                         schema={"default_value": "draft", "is_nullable": False}),
                   field("published_on", "date", "datetime", "half", display="datetime",
                         display_options={"format": "long"}),
                   field("author", "integer", "select-dropdown-m2o", "half", special=["m2o"],
                         options={"template": "{{name}}"}, display="related-values",
                         display_options={"template": "{{name}}"}),
                   field("category", "integer", "select-dropdown-m2o", "half", special=["m2o"],
                         options={"template": "{{name}}"}, display="related-values",
                         display_options={"template": "{{name}}"}),
                   field("tags", "json", "tags", "full", special=["cast-json"], display="labels",
                         options={"presets": ["climate", "cities", "food", "travel", "science", "music",
                                              "interview", "opinion"]}),
                   field("word_count", "integer", "input", "half", display="formatted-value",
                         options={"min": 0}),
                   field("featured", "boolean", "boolean", "half", special=["cast-boolean"], display="boolean",
                         options={"label": "Show on the front page"}, schema={"default_value": False}),
                   field("summary", "text", "input-multiline")]})
    call("POST", "/fields/authors", {"field": "articles", "type": "alias",
                                     "meta": {"interface": "list-o2m", "special": ["o2m"],
                                              "options": {"template": "{{title}}"}}})
    call("POST", "/relations", {"collection": "articles", "field": "author", "related_collection": "authors",
                                "meta": {"one_field": "articles"}, "schema": {"on_delete": "SET NULL"}})
    call("POST", "/relations", {"collection": "articles", "field": "category", "related_collection": "categories",
                                "schema": {"on_delete": "SET NULL"}})


CATEGORIES = [
    {"name": "Science", "color": "#2ECDA7", "description": "Research, discoveries and the people behind them."},
    {"name": "Travel", "color": "#3399FF", "description": "Places near and far, slowly."},
    {"name": "Food", "color": "#FFA439", "description": "Recipes, markets and kitchens."},
    {"name": "Culture", "color": "#E35169", "description": "Music, books, film and the arts."},
]
AUTHORS = [
    {"name": "Amara Okafor", "email": "amara.okafor@example.com", "country": "KE", "active": True,
     "bio": "Science editor; writes about climate and cities."},
    {"name": "Lukas Becker", "email": "lukas.becker@example.com", "country": "DE", "active": True,
     "bio": "Travel writer based in Leipzig."},
    {"name": "Chloé Martin", "email": "chloe.martin@example.com", "country": "FR", "active": True,
     "bio": "Food critic and cookbook author."},
    {"name": "Kenji Sato", "email": "kenji.sato@example.com", "country": "JP", "active": True,
     "bio": "Covers music and film."},
    {"name": "Rafael Souza", "email": "rafael.souza@example.com", "country": "BR", "active": False,
     "bio": "Former staff writer; now freelance."},
]
# title, status, date, author, category, tags, words, featured
ARTICLES = [
    ("Heat islands and the shade map", "published", "2025-03-04", 1, 1, ["climate", "cities"], 1840, True),
    ("A night train to Split", "published", "2025-03-11", 2, 2, ["travel"], 2210, False),
    ("The sourdough census", "published", "2025-03-19", 3, 3, ["food", "science"], 1320, False),
    ("Vinyl pressing plants are back", "published", "2025-04-02", 4, 4, ["music"], 1575, True),
    ("Why tides are late in the Baltic", "in_review", "2025-04-15", 1, 1, ["science"], 980, False),
    ("Cycling the Elbe in April", "published", "2025-04-22", 2, 2, ["travel", "cities"], 2480, False),
    ("Fermenting at home, safely", "draft", None, 3, 3, ["food"], 640, False),
    ("An interview with a lighthouse keeper", "published", "2025-05-06", 4, 4, ["interview"], 3105, True),
    ("Urban beekeeping, two years on", "published", "2025-05-20", 1, 1, ["cities", "science"], 1760, False),
    ("Lisbon on foot", "archived", "2024-09-14", 5, 2, ["travel"], 1410, False),
    ("Street food of Salvador", "published", "2025-06-03", 5, 3, ["food", "travel"], 1990, False),
    ("The quiet return of the cassette", "in_review", "2025-06-17", 4, 4, ["music", "opinion"], 870, False),
    ("Measuring rain with a phone", "draft", None, 1, 1, ["science", "climate"], 450, False),
    ("Ferries of the Norwegian coast", "published", "2025-07-01", 2, 2, ["travel"], 2650, True),
    ("Ten spices worth growing", "published", "2025-07-15", 3, 3, ["food"], 1230, False),
    ("Festival season, by the numbers", "published", "2025-08-05", 4, 4, ["music"], 1105, False),
    ("Glaciers in a warm decade", "in_review", "2025-08-19", 1, 1, ["climate", "science"], 2050, False),
    ("The last ferry to Hiddensee", "draft", None, 2, 2, ["travel"], 720, False),
    ("Bread ovens of Provence", "archived", "2024-11-02", 3, 3, ["food", "travel"], 1680, False),
    ("Reading in translation", "published", "2025-09-09", 4, 4, ["opinion"], 1340, False),
]


WIDTHS = {"articles": {"title": 215, "status": 110, "published_on": 150, "author": 140, "category": 120,
                       "featured": 110}}  # every column fits a 1280-pixel-wide window


def content() -> None:
    call("POST", "/items/categories", CATEGORIES)
    call("POST", "/items/authors", AUTHORS)
    call("POST", "/items/articles", [
        {"title": title, "status": status, "published_on": date, "author": author, "category": category,
         "tags": tags, "word_count": words, "featured": featured,
         "summary": f"{title}: a {words}-word piece."}
        for title, status, date, author, category, tags, words, featured in ARTICLES])
    columns = {"articles": ["title", "status", "published_on", "author", "category", "featured"],
               "authors": ["name", "email", "country", "active"], "categories": ["name", "color", "description"]}
    for collection, fields in columns.items():
        call("POST", "/presets", {"collection": collection, "layout": "tabular",
                                  "layout_query": {"tabular": {"fields": fields, "sort": ["id"], "limit": 25}},
                                  "layout_options": {"tabular": {"widths": WIDTHS.get(collection, {fields[0]: 300})}}})


def editor() -> None:
    policy = call("POST", "/policies", {"name": "Editor access", "icon": "edit_note", "app_access": True,
                                        "admin_access": False, "description": "Edits the magazine's content"})
    role = call("POST", "/roles", {"name": "Editor", "icon": "edit_note", "description": "Writes and edits articles"})
    call("POST", "/access", {"role": role["id"], "policy": policy["id"]})
    rights = []
    for collection in ("articles", "authors", "categories"):
        for action in ("create", "read", "update"):
            rights.append({"policy": policy["id"], "collection": collection, "action": action, "fields": ["*"],
                           "permissions": {}, "validation": {}})
    call("POST", "/permissions", rights)
    call("POST", "/users", {"first_name": "Nora", "last_name": "Lind", "email": "editor@example.com",
                            "password": "zoo-editor-pw", "role": role["id"], "title": "Section editor"})


def main() -> None:
    global TOKEN
    TOKEN = call("POST", "/auth/login", {"email": "admin@example.com", "password": "zoo-dir-pw"})["access_token"]
    call("PATCH", "/settings", {"project_name": "Zoo Magazine"})
    schema()
    content()
    editor()
    print(f"seeded {len(CATEGORIES)} categories, {len(AUTHORS)} authors, {len(ARTICLES)} articles, 1 editor")


if __name__ == "__main__":
    main()
