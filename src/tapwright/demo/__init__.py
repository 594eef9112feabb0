"""The demo shop: a small static web app served on 127.0.0.1 to try tapwright on."""

from tapwright.demo.server import DEFAULT_PASSWORD, DEMO_USER, DemoServer, find_app_dir

__all__ = ["DEFAULT_PASSWORD", "DEMO_USER", "DemoServer", "find_app_dir"]
