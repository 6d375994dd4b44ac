#!/bin/sh
# Issue 30 item 9: `tallyboard build` and `tallyboard flash` from a folder other than the project's crash
# (Babel resolves its plugin names from the working directory). replay and --help work from anywhere.
# Run from the project: sh test/hostile-findings/30-build-from-another-folder.sh
BIN="$(cd "$(dirname "$0")/../.." && pwd)/bin/tallyboard.js"
DIR=$(mktemp -d) && cd "$DIR" || exit 2
"$BIN" flash --game triangle --out "$DIR/upload.js" 2>&1 | head -1   # expected: wrote …/upload.js; seen: Cannot find package '@babel/plugin-transform-for-of'
"$BIN" build 2>&1 | head -1                                            # expected: the size table; seen: the same crash
ls "$DIR"                                                              # expected: upload.js; seen: nothing
