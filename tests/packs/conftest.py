"""Pack tests: the built-in fake pack in-process, and a third-party pack installed into the venv."""
