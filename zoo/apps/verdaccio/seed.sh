#!/usr/bin/env bash
# Seeds a running Verdaccio: creates the user zoo and publishes a few small packages through npm.
set -euo pipefail
url=$1 data=$2
token=$(curl -sf -X PUT "$url/-/user/org.couchdb.user:zoo" -H 'content-type: application/json' \
  -d '{"name":"zoo","password":"zoo-npm-pw","email":"zoo@example.com"}' | sed -n 's/.*"token": *"\([^"]*\)".*/\1/p')
host=${url#http://}
printf '//%s/:_authToken=%s\n' "$host" "$token" > "$data/npmrc"
publish() { # name version description keywords author
  local dir="$data/pkgs/$1-$2"
  mkdir -p "$dir"
  cat > "$dir/package.json" <<JSON
{"name": "$1", "version": "$2", "description": "$3", "keywords": [$4], "author": "$5",
 "license": "MIT", "main": "index.js", "repository": {"type": "git", "url": "https://example.com/acme/$1.git"}}
JSON
  printf 'module.exports = () => "%s";\n' "$1" > "$dir/index.js"
  printf '# %s\n\n%s\n\n## Install\n\n    npm install %s\n\n## Usage\n\n    const lib = require("%s");\n' "$1" "$3" "$1" "$1" > "$dir/README.md"
  (cd "$dir" && npm publish --registry "$url" --userconfig "$data/npmrc" --loglevel=error $6)
}
publish @acme/ui-kit 1.0.0 "Buttons, inputs and dialogs for Acme apps" '"ui", "components"' "Maria Lopez" ""
publish @acme/ui-kit 1.1.0 "Buttons, inputs and dialogs for Acme apps" '"ui", "components"' "Maria Lopez" ""
publish @acme/ui-kit 2.0.0-beta.1 "Buttons, inputs and dialogs for Acme apps" '"ui", "components"' "Maria Lopez" "--tag beta"
publish @acme/date-utils 0.4.2 "Parse and format dates in the Acme style" '"date", "time"' "John Smith" ""
publish left-pad-plus 3.2.0 "Pads strings on the left, and the right" '"string", "pad"' "Aiko Tanaka" ""
publish tiny-logger 1.5.1 "A logger in forty lines" '"log", "debug"' "Pierre Martin" ""
publish color-names-de 2.0.0 "German names for CSS colours" '"color", "i18n"' "Lena Fischer" ""
publish http-retry 0.9.0 "Retries failed HTTP requests with backoff" '"http", "retry"' "Omar Haddad" ""
echo "seeded 6 packages"
