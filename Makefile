# Shortcuts for the README's commands.
.PHONY: play test bench
play:
	bash .ci/play
test:
	bash .ci/test
bench:
	bash .ci/setup && go test -run '^$$' -bench . ./rules/... ./render/...
