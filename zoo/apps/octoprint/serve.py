"""Run `octoprint serve ...` without its start-up placeholder server.

While OctoPrint loads, it answers "/" from a tiny "intermediary" HTTP server with a "starting up" page
(and malformed 404s elsewhere), so a readiness probe would see it ready too early. Skipping that
placeholder means the port only opens once the real UI and API are served. Nothing else changes.
"""

import sys

import octoprint.server

octoprint.server.Server._start_intermediary_server = lambda self: None
octoprint.server.Server._stop_intermediary_server = lambda self: None

from octoprint import main  # noqa: E402

sys.argv = ["octoprint", *sys.argv[1:]]
sys.exit(main())
