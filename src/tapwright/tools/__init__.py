"""Built-in tool packs. Each module exposes ``toolset()``, registered as a ``tapwright.tools`` entry point."""
