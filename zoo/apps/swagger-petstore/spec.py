"""The OpenAPI 3.0 document of the zoo's pet store, served at /openapi.json and loaded by Swagger UI."""

from __future__ import annotations

from typing import Any

STATUSES = ["available", "pending", "sold"]
ORDER_STATUSES = ["placed", "approved", "delivered"]
KEY = [{"api_key": []}]


def ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def body(name: str, example: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "required": True,
            "content": {"application/json": {"schema": ref(name), "example": example}}}


def reply(description: str, schema: dict[str, Any] | None = None) -> dict[str, Any]:
    if schema is None:
        return {"description": description}
    return {"description": description, "content": {"application/json": {"schema": schema}}}


ERRORS = {
    "400": reply("Invalid input", ref("Error")),
    "401": reply("Unauthorized: no API key, or a wrong one", ref("Error")),
}
NOT_FOUND = {"404": reply("Not found", ref("Error"))}


def path_id(name: str, description: str) -> dict[str, Any]:
    return {"name": name, "in": "path", "required": True, "description": description,
            "schema": {"type": "integer", "format": "int64", "minimum": 1}}


def document() -> dict[str, Any]:
    pet_id = path_id("petId", "ID of the pet")
    order_id = path_id("orderId", "ID of the order")
    username = {"name": "username", "in": "path", "required": True, "description": "The user's login name",
                "schema": {"type": "string"}}
    new_pet = {"name": "Pebble", "category": {"id": 1, "name": "Dogs"}, "photoUrls": [],
               "tags": [{"name": "friendly"}], "status": "available"}
    return {
        "openapi": "3.0.3",
        "info": {
            "title": "Zoo Pet Store",
            "version": "1.4.0",
            "description": (
                "A small pet shop API: browse the **pets**, place **orders** from the store and manage the "
                "shop's **users**.\n\nReading is open to everyone. Every request that changes something needs "
                "the shop's API key in the `X-API-Key` header: press **Authorize** and enter it."),
            "contact": {"name": "Pet store team", "email": "api@zoo.example"},
            "license": {"name": "MIT"},
        },
        "servers": [{"url": "/api", "description": "This pet store"}],
        "tags": [
            {"name": "pet", "description": "Everything about the pets"},
            {"name": "store", "description": "Orders and the stock of the store"},
            {"name": "user", "description": "The shop's users"},
        ],
        "paths": {
            "/pets": {
                "get": {
                    "tags": ["pet"], "summary": "List pets", "operationId": "listPets",
                    "description": "Pets sorted by ID, filtered by status and tag.",
                    "parameters": [
                        {"name": "status", "in": "query", "description": "Only pets with this status",
                         "schema": {"type": "string", "enum": STATUSES}},
                        {"name": "tag", "in": "query", "description": "Only pets with this tag",
                         "schema": {"type": "string"}},
                        {"name": "limit", "in": "query", "description": "How many pets at most",
                         "schema": {"type": "integer", "minimum": 1, "maximum": 100, "default": 50}},
                    ],
                    "responses": {"200": reply("The pets", {"type": "array", "items": ref("Pet")}),
                                  "400": ERRORS["400"]},
                },
                "post": {
                    "tags": ["pet"], "summary": "Add a new pet to the store", "operationId": "addPet",
                    "requestBody": body("NewPet", new_pet, "The pet to add"),
                    "responses": {"201": reply("The pet was added", ref("Pet")), **ERRORS},
                    "security": KEY,
                },
            },
            "/pets/findByTags": {
                "get": {
                    "tags": ["pet"], "summary": "Find pets by tags", "operationId": "findPetsByTags",
                    "description": "Pets that have at least one of the tags.",
                    "parameters": [{"name": "tags", "in": "query", "required": True, "explode": True,
                                    "description": "Tags to look for",
                                    "schema": {"type": "array", "items": {"type": "string"}}}],
                    "responses": {"200": reply("The pets", {"type": "array", "items": ref("Pet")}),
                                  "400": ERRORS["400"]},
                },
            },
            "/pets/{petId}": {
                "get": {
                    "tags": ["pet"], "summary": "Find a pet by ID", "operationId": "getPetById",
                    "parameters": [pet_id],
                    "responses": {"200": reply("The pet", ref("Pet")), "400": ERRORS["400"], **NOT_FOUND},
                },
                "put": {
                    "tags": ["pet"], "summary": "Update a pet", "operationId": "updatePet",
                    "parameters": [pet_id],
                    "requestBody": body("NewPet", {**new_pet, "name": "Biscuit", "status": "pending"},
                                        "The pet's new fields (the whole pet)"),
                    "responses": {"200": reply("The updated pet", ref("Pet")), **ERRORS, **NOT_FOUND},
                    "security": KEY,
                },
                "delete": {
                    "tags": ["pet"], "summary": "Delete a pet", "operationId": "deletePet",
                    "parameters": [pet_id],
                    "responses": {"204": reply("The pet was deleted"), **ERRORS, **NOT_FOUND},
                    "security": KEY,
                },
            },
            "/store/inventory": {
                "get": {
                    "tags": ["store"], "summary": "Count pets by status", "operationId": "getInventory",
                    "responses": {"200": reply("A count for each status", ref("Inventory"))},
                },
            },
            "/store/orders": {
                "get": {
                    "tags": ["store"], "summary": "List orders", "operationId": "listOrders",
                    "parameters": [{"name": "status", "in": "query", "description": "Only orders with this status",
                                    "schema": {"type": "string", "enum": ORDER_STATUSES}}],
                    "responses": {"200": reply("The orders", {"type": "array", "items": ref("Order")}),
                                  "400": ERRORS["400"]},
                },
                "post": {
                    "tags": ["store"], "summary": "Place an order for a pet", "operationId": "placeOrder",
                    "description": "The pet must be available; it becomes pending.",
                    "requestBody": body("NewOrder", {"petId": 1, "quantity": 1,
                                                     "shipDate": "2026-12-15T10:00:00Z"}, "The order"),
                    "responses": {"201": reply("The order was placed", ref("Order")), **ERRORS,
                                  "409": reply("The pet is not available", ref("Error"))},
                    "security": KEY,
                },
            },
            "/store/orders/{orderId}": {
                "get": {
                    "tags": ["store"], "summary": "Find an order by ID", "operationId": "getOrderById",
                    "parameters": [order_id],
                    "responses": {"200": reply("The order", ref("Order")), "400": ERRORS["400"], **NOT_FOUND},
                },
                "delete": {
                    "tags": ["store"], "summary": "Cancel an order", "operationId": "deleteOrder",
                    "description": "A pet whose order is cancelled before delivery becomes available again.",
                    "parameters": [order_id],
                    "responses": {"204": reply("The order was cancelled"), **ERRORS, **NOT_FOUND},
                    "security": KEY,
                },
            },
            "/users": {
                "get": {
                    "tags": ["user"], "summary": "List users", "operationId": "listUsers",
                    "responses": {"200": reply("The users", {"type": "array", "items": ref("User")})},
                },
                "post": {
                    "tags": ["user"], "summary": "Create a user", "operationId": "createUser",
                    "requestBody": body("NewUser", {
                        "username": "theo", "firstName": "Theo", "lastName": "Martin",
                        "email": "theo.martin@zoo.example", "phone": "+44 7700 900123", "userStatus": 1},
                        "The user to create"),
                    "responses": {"201": reply("The user was created", ref("User")), **ERRORS,
                                  "409": reply("The username is taken", ref("Error"))},
                    "security": KEY,
                },
            },
            "/users/{username}": {
                "get": {
                    "tags": ["user"], "summary": "Get a user by username", "operationId": "getUserByName",
                    "parameters": [username],
                    "responses": {"200": reply("The user", ref("User")), **NOT_FOUND},
                },
                "put": {
                    "tags": ["user"], "summary": "Update a user", "operationId": "updateUser",
                    "parameters": [username],
                    "requestBody": body("NewUser", {
                        "username": "maria", "firstName": "Maria", "lastName": "Lopez",
                        "email": "maria.lopez@zoo.example", "phone": "+34 612 345 678", "userStatus": 1},
                        "The user's new fields"),
                    "responses": {"200": reply("The updated user", ref("User")), **ERRORS, **NOT_FOUND},
                    "security": KEY,
                },
                "delete": {
                    "tags": ["user"], "summary": "Delete a user", "operationId": "deleteUser",
                    "parameters": [username],
                    "responses": {"204": reply("The user was deleted"), **ERRORS, **NOT_FOUND},
                    "security": KEY,
                },
            },
        },
        "components": {
            "securitySchemes": {"api_key": {"type": "apiKey", "name": "X-API-Key", "in": "header",
                                            "description": "The shop's API key, needed for every change"}},
            "schemas": schemas(),
        },
    }


def schemas() -> dict[str, Any]:
    category = {"type": "object", "properties": {
        "id": {"type": "integer", "format": "int64", "example": 1},
        "name": {"type": "string", "example": "Dogs"}}}
    tag = {"type": "object", "required": ["name"], "properties": {
        "id": {"type": "integer", "format": "int64", "example": 1},
        "name": {"type": "string", "example": "friendly"}}}
    new_pet = {"type": "object", "required": ["name"], "properties": {
        "name": {"type": "string", "example": "Biscuit"},
        "category": ref("Category"),
        "photoUrls": {"type": "array", "items": {"type": "string"}},
        "tags": {"type": "array", "items": ref("Tag")},
        "status": {"type": "string", "description": "pet status in the store", "enum": STATUSES,
                   "default": "available"}}}
    pet = {"allOf": [{"type": "object", "required": ["id"], "properties": {
        "id": {"type": "integer", "format": "int64", "example": 10}}}, ref("NewPet")]}
    new_order = {"type": "object", "required": ["petId"], "properties": {
        "petId": {"type": "integer", "format": "int64", "example": 1},
        "quantity": {"type": "integer", "format": "int32", "minimum": 1, "default": 1},
        "shipDate": {"type": "string", "format": "date-time"}}}
    order = {"type": "object", "properties": {
        "id": {"type": "integer", "format": "int64", "example": 11},
        "petId": {"type": "integer", "format": "int64", "example": 1},
        "quantity": {"type": "integer", "format": "int32", "example": 1},
        "shipDate": {"type": "string", "format": "date-time"},
        "status": {"type": "string", "description": "Order status", "enum": ORDER_STATUSES},
        "complete": {"type": "boolean"}}}
    new_user = {"type": "object", "required": ["username"], "properties": {
        "username": {"type": "string", "example": "theo"},
        "firstName": {"type": "string", "example": "Theo"},
        "lastName": {"type": "string", "example": "Martin"},
        "email": {"type": "string", "format": "email", "example": "theo.martin@zoo.example"},
        "phone": {"type": "string", "example": "+44 7700 900123"},
        "userStatus": {"type": "integer", "format": "int32", "description": "0 inactive, 1 active, 2 suspended",
                       "enum": [0, 1, 2]}}}
    user = {"allOf": [{"type": "object", "properties": {
        "id": {"type": "integer", "format": "int64", "example": 5}}}, ref("NewUser")]}
    inventory = {"type": "object", "properties": {s: {"type": "integer", "format": "int32"} for s in STATUSES}}
    error = {"type": "object", "properties": {"code": {"type": "integer", "format": "int32"},
                                              "message": {"type": "string"}}}
    return {"Category": category, "Tag": tag, "NewPet": new_pet, "Pet": pet, "NewOrder": new_order,
            "Order": order, "NewUser": new_user, "User": user, "Inventory": inventory, "Error": error}
