"""Registry tests build their own small tools; nothing here needs a browser."""
