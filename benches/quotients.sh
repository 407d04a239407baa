#!/usr/bin/env bash
# The survey of misère quotients (docs/MISERE.md, "Survey"): every octal
# game with at most three code digits after the point, and 4.7, grown to
# heap TO (default 30), each within SECONDS (default 2) and MEMORY MiB
# (default 1024). Prints a Markdown table on standard output and a summary
# line on standard error.
#
#   bash benches/quotients.sh [TO] [SECONDS] [MEMORY_MIB] > survey.md
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked -p grundy --example quotient_survey >&2
exec target/release/examples/quotient_survey "${1:-30}" "${2:-2}" "${3:-1024}"
