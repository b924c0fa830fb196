# Shortcuts for the README's commands. Each runs the set-up first, in the
# same shell as the command, so it works on a machine that has no Go yet.
SHELL := /bin/bash
.PHONY: play test bench build

play:
	bash .ci/play

test:
	bash .ci/test

bench:
	source .ci/setup run && env -u DISPLAY -u WAYLAND_DISPLAY go test -run '^$$' -bench . ./rules/... ./render/... ./game/...

build:
	source .ci/setup run && go build -o hexrift .
