"""The ``tapwright`` command line."""
