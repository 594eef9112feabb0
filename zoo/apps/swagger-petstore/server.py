"""The zoo's pet store: a small REST API (Python standard library) served with Swagger UI.

    python server.py --host 127.0.0.1 --port 8080 --data DIR --ui DIR/swagger-ui-dist --key KEY

/ is Swagger UI (the files of the pinned swagger-ui-dist package, under /swagger-ui/), /openapi.json its
document, /api/... the API. State lives in DATA/store.json, rewritten after every change; reads are open,
changes need the key in the X-API-Key header.
"""

from __future__ import annotations

import argparse
import json
import mimetypes
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from spec import ORDER_STATUSES, STATUSES, document

INDEX = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Zoo Pet Store API</title>
  <link rel="stylesheet" href="/swagger-ui/swagger-ui.css">
  <link rel="icon" type="image/png" href="/swagger-ui/favicon-32x32.png">
  <style>body { margin: 0; }</style>
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/swagger-ui/swagger-ui-bundle.js"></script>
  <script>
    window.ui = SwaggerUIBundle({
      url: "/openapi.json",
      dom_id: "#swagger-ui",
      deepLinking: true,
      filter: true,
      displayRequestDuration: true,
      presets: [SwaggerUIBundle.presets.apis],
      layout: "BaseLayout",
      onComplete: function () {
        // ?open=authorize shows the Authorize dialog at once (for the zoo's screenshot of it)
        if (new URLSearchParams(location.search).get("open") === "authorize") {
          document.querySelector(".auth-wrapper .authorize").click();
        }
      }
    });
  </script>
</body>
</html>
"""


class Store:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.lock = threading.Lock()
        self.data: dict[str, list[dict[str, Any]]] = json.loads(path.read_text())

    def save(self) -> None:
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps(self.data, indent=1))
        tmp.replace(self.path)

    def next_id(self, kind: str) -> int:
        return max((row["id"] for row in self.data[kind]), default=0) + 1

    def find(self, kind: str, key: str, value: Any) -> dict[str, Any] | None:
        return next((row for row in self.data[kind] if row[key] == value), None)


class Problem(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def need(condition: bool, message: str, status: int = 400) -> None:
    if not condition:
        raise Problem(status, message)


def pet_fields(raw: Any, store: Store) -> dict[str, Any]:
    need(isinstance(raw, dict), "The body must be a JSON object")
    name = raw.get("name")
    need(isinstance(name, str) and name.strip() != "", "A pet needs a name")
    status = raw.get("status", "available")
    need(status in STATUSES, f"Status must be one of {', '.join(STATUSES)}")
    category = raw.get("category")
    if category is not None:
        need(isinstance(category, dict) and isinstance(category.get("name"), str), "A category needs a name")
        category = {"id": int(category.get("id") or 0), "name": category["name"]}
    photos = raw.get("photoUrls", [])
    need(isinstance(photos, list) and all(isinstance(p, str) for p in photos), "photoUrls must be strings")
    tags = []
    for tag in raw.get("tags", []) or []:
        need(isinstance(tag, dict) and isinstance(tag.get("name"), str) and tag["name"] != "",
             "Each tag needs a name")
        tags.append({"id": tag_id(store, tag["name"]), "name": tag["name"]})
    return {"name": name.strip(), "category": category, "photoUrls": photos, "tags": tags, "status": status}


def tag_id(store: Store, name: str) -> int:
    known = {t["name"]: t["id"] for p in store.data["pets"] for t in p["tags"]}
    return known.get(name, max(known.values(), default=0) + 1)


def user_fields(raw: Any) -> dict[str, Any]:
    need(isinstance(raw, dict), "The body must be a JSON object")
    username = raw.get("username")
    need(isinstance(username, str) and re.fullmatch(r"[A-Za-z0-9_.-]+", username or "") is not None,
         "A username of letters, digits, '.', '_' or '-' is needed")
    status = raw.get("userStatus", 1)
    need(status in (0, 1, 2), "userStatus must be 0, 1 or 2")
    fields = {"username": username, "userStatus": status}
    for key in ("firstName", "lastName", "email", "phone"):
        value = raw.get(key, "")
        need(isinstance(value, str), f"{key} must be a string")
        fields[key] = value
    need(fields["email"] == "" or "@" in fields["email"], "The email address is not valid")
    return fields


def int_id(text: str, what: str) -> int:
    need(text.isdigit() and int(text) > 0, f"Invalid {what} ID supplied: {text}")
    return int(text)


class Handler(BaseHTTPRequestHandler):
    server_version = "ZooPetStore/1.4"
    store: Store
    ui: Path
    key: str

    def log_message(self, format: str, *args: Any) -> None:
        print(f"{self.command} {self.path.split('?')[0]} {args[1] if len(args) > 1 else ''}", flush=True)

    # --- plumbing
    def send(self, status: int, payload: Any = None, content_type: str = "application/json") -> None:
        if payload is None:
            raw = b""
        elif isinstance(payload, bytes):
            raw = payload
        else:
            raw = json.dumps(payload, indent=2).encode()
        self.send_response(status)
        if raw or status != 204:
            self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(raw)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(raw)

    def body(self) -> Any:
        length = int(self.headers.get("Content-Length") or 0)
        text = self.rfile.read(length).decode("utf-8", errors="replace") if length else ""
        try:
            return json.loads(text) if text else None
        except json.JSONDecodeError as error:
            raise Problem(400, f"The body is not valid JSON: {error.msg}") from None

    def authorised(self) -> None:
        need(self.headers.get("X-API-Key") == self.key, "API key missing or wrong", 401)

    def do_GET(self) -> None:
        self.dispatch("GET")

    def do_HEAD(self) -> None:
        self.dispatch("GET")

    def do_POST(self) -> None:
        self.dispatch("POST")

    def do_PUT(self) -> None:
        self.dispatch("PUT")

    def do_DELETE(self) -> None:
        self.dispatch("DELETE")

    def dispatch(self, method: str) -> None:
        url = urlsplit(self.path)
        path = unquote(url.path)
        query = parse_qs(url.query)
        try:
            if path.startswith("/api/"):
                self.api(method, path[4:].rstrip("/") or "/", query)
            elif method == "GET":
                self.static(path)
            else:
                raise Problem(405, f"{method} is not allowed here")
        except Problem as problem:
            self.send(problem.status, {"code": problem.status, "message": problem.message})

    def static(self, path: str) -> None:
        if path in ("/", "/index.html"):
            self.send(200, INDEX.encode(), "text/html; charset=utf-8")
        elif path == "/openapi.json":
            self.send(200, document())
        elif path.startswith("/swagger-ui/"):
            name = path.removeprefix("/swagger-ui/")
            target = (self.ui / name).resolve()
            need(target.is_file() and target.parent == self.ui.resolve(), f"No file {path}", 404)
            kind = mimetypes.guess_type(target.name)[0] or "application/octet-stream"
            self.send(200, target.read_bytes(), kind)
        else:
            raise Problem(404, f"No page {path}")

    # --- the API
    def api(self, method: str, path: str, query: dict[str, list[str]]) -> None:
        store = self.store
        parts = path.strip("/").split("/")
        with store.lock:
            if parts[0] == "pets":
                self.pets(method, parts[1:], query)
            elif parts[:2] == ["store", "inventory"] and len(parts) == 2 and method == "GET":
                counts = {s: sum(p["status"] == s for p in store.data["pets"]) for s in STATUSES}
                self.send(200, counts)
            elif parts[:2] == ["store", "orders"]:
                self.orders(method, parts[2:], query)
            elif parts[0] == "users":
                self.users(method, parts[1:])
            else:
                raise Problem(404, f"No operation {method} {path}")

    def pets(self, method: str, rest: list[str], query: dict[str, list[str]]) -> None:
        store = self.store
        pets = store.data["pets"]
        if not rest and method == "GET":
            status = query.get("status", [""])[0]
            need(status in ("", *STATUSES), f"Status must be one of {', '.join(STATUSES)}")
            tag = query.get("tag", [""])[0]
            limit_text = query.get("limit", ["50"])[0]
            need(limit_text.isdigit() and 1 <= int(limit_text) <= 100, "limit must be a number from 1 to 100")
            rows = [p for p in pets if (not status or p["status"] == status)
                    and (not tag or any(t["name"] == tag for t in p["tags"]))]
            self.send(200, rows[: int(limit_text)])
        elif not rest and method == "POST":
            self.authorised()
            pet = {"id": store.next_id("pets"), **pet_fields(self.body(), store)}
            pets.append(pet)
            store.save()
            self.send(201, pet)
        elif rest == ["findByTags"] and method == "GET":
            wanted = [t for value in query.get("tags", []) for t in value.split(",") if t]
            need(bool(wanted), "Give at least one tag")
            self.send(200, [p for p in pets if any(t["name"] in wanted for t in p["tags"])])
        elif len(rest) == 1 and method in ("GET", "PUT", "DELETE"):
            pet_id = int_id(rest[0], "pet")
            if method != "GET":
                self.authorised()
            pet = store.find("pets", "id", pet_id)
            need(pet is not None, f"Pet {pet_id} not found", 404)
            assert pet is not None
            if method == "GET":
                self.send(200, pet)
            elif method == "PUT":
                pet.update(pet_fields(self.body(), store))
                store.save()
                self.send(200, pet)
            else:
                pets.remove(pet)
                store.save()
                self.send(204)
        else:
            raise Problem(405, f"{method} is not allowed on /pets/{'/'.join(rest)}")

    def orders(self, method: str, rest: list[str], query: dict[str, list[str]]) -> None:
        store = self.store
        orders = store.data["orders"]
        if not rest and method == "GET":
            status = query.get("status", [""])[0]
            need(status in ("", *ORDER_STATUSES), f"Status must be one of {', '.join(ORDER_STATUSES)}")
            self.send(200, [o for o in orders if not status or o["status"] == status])
        elif not rest and method == "POST":
            self.authorised()
            raw = self.body()
            need(isinstance(raw, dict), "The body must be a JSON object")
            pet_id, quantity = raw.get("petId"), raw.get("quantity", 1)
            need(isinstance(pet_id, int), "petId must be a number")
            need(isinstance(quantity, int) and quantity >= 1, "quantity must be 1 or more")
            pet = store.find("pets", "id", pet_id)
            need(pet is not None, f"Pet {pet_id} not found", 404)
            assert pet is not None
            need(pet["status"] == "available", f"Pet {pet_id} is {pet['status']}, not available", 409)
            ship = raw.get("shipDate") or ""
            need(isinstance(ship, str), "shipDate must be a date-time string")
            order = {"id": store.next_id("orders"), "petId": pet_id, "quantity": quantity, "shipDate": ship,
                     "status": "placed", "complete": False}
            orders.append(order)
            pet["status"] = "pending"
            store.save()
            self.send(201, order)
        elif len(rest) == 1 and method in ("GET", "DELETE"):
            order_id = int_id(rest[0], "order")
            if method == "DELETE":
                self.authorised()
            order = store.find("orders", "id", order_id)
            need(order is not None, f"Order {order_id} not found", 404)
            assert order is not None
            if method == "GET":
                self.send(200, order)
                return
            orders.remove(order)
            pet = store.find("pets", "id", order["petId"])
            if pet is not None and order["status"] != "delivered" and pet["status"] == "pending":
                pet["status"] = "available"
            store.save()
            self.send(204)
        else:
            raise Problem(405, f"{method} is not allowed on /store/orders/{'/'.join(rest)}")

    def users(self, method: str, rest: list[str]) -> None:
        store = self.store
        users = store.data["users"]
        if not rest and method == "GET":
            self.send(200, users)
        elif not rest and method == "POST":
            self.authorised()
            fields = user_fields(self.body())
            need(store.find("users", "username", fields["username"]) is None,
                 f"The username {fields['username']} is taken", 409)
            user = {"id": store.next_id("users"), **fields}
            users.append(user)
            store.save()
            self.send(201, user)
        elif len(rest) == 1 and method in ("GET", "PUT", "DELETE"):
            if method != "GET":
                self.authorised()
            user = store.find("users", "username", rest[0])
            need(user is not None, f"User {rest[0]} not found", 404)
            assert user is not None
            if method == "GET":
                self.send(200, user)
            elif method == "PUT":
                fields = user_fields(self.body())
                other = store.find("users", "username", fields["username"])
                need(other is None or other is user, f"The username {fields['username']} is taken", 409)
                user.update(fields)
                store.save()
                self.send(200, user)
            else:
                users.remove(user)
                store.save()
                self.send(204)
        else:
            raise Problem(405, f"{method} is not allowed on /users/{'/'.join(rest)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--ui", type=Path, required=True, help="the swagger-ui-dist package folder")
    parser.add_argument("--key", required=True, help="the API key that allows changes")
    args = parser.parse_args()
    need_ui = args.ui / "swagger-ui-bundle.js"
    if not need_ui.is_file():
        raise SystemExit(f"petstore: no {need_ui} (is swagger-ui-dist installed?)")
    Handler.store = Store(args.data / "store.json")
    Handler.ui = args.ui
    Handler.key = args.key
    server = ThreadingHTTPServer((args.host, args.port), Handler)
    print(f"petstore: serving on http://{args.host}:{args.port}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
