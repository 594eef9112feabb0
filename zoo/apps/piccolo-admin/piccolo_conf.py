"""Piccolo configuration for the zoo's record shop: one SQLite file in the zoo's data folder."""

import os

from piccolo.conf.apps import AppRegistry
from piccolo.engine.sqlite import SQLiteEngine

DB = SQLiteEngine(path=os.path.join(os.environ.get("ZOO_DATA", "."), "shop.sqlite"))

APP_REGISTRY = AppRegistry(apps=["piccolo.apps.user.piccolo_app", "piccolo_api.session_auth.piccolo_app"])
