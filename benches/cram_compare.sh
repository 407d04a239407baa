#!/usr/bin/env bash
# Side by side with igsolve, Beling's impartial-game solver (GPL; installed
# separately, never a dependency, built for this CPU as its author
# recommends: `RUSTFLAGS="-C target-cpu=native" cargo install --locked
# igsolve`): the nimber of each Cram board by both, the values compared,
# and the ratio grundy time / igsolve time printed as the median of paired
# runs, with each program's peak memory.
#
# grundy runs with `--max-moves 0` (the nimber only, no winning moves
# listed), igsolve with its defaults (the nimber of the start position).
#
# Usage: benches/cram_compare.sh [RUNS]    (RUNS: paired runs, default 3)
# Environment: IGSOLVE (default: igsolve on the PATH), GRUNDY (default:
# target/release/grundy, built if missing), BOARDS (default: "5x7 5x8
# 4x11"; the issue's set adds 5x9 and 6x7, minutes each), GRUNDY_ARGS
# (extra global flags for grundy, e.g. "--threads 1").
set -euo pipefail
cd "$(dirname "$0")/.."

runs=${1:-3}
igsolve=${IGSOLVE:-$(command -v igsolve || true)}
if [[ -z "$igsolve" || ! -x "$igsolve" ]]; then
    echo "igsolve not found: install it with 'RUSTFLAGS=\"-C target-cpu=native\" cargo install --locked igsolve' or set IGSOLVE" >&2
    exit 2
fi
if [[ ! -x /usr/bin/time ]]; then
    echo "GNU time (/usr/bin/time) is needed for the peak memory: install the 'time' package" >&2
    exit 2
fi
grundy=${GRUNDY:-target/release/grundy}
if [[ ! -x "$grundy" ]]; then
    cargo build --release --locked -p grundy-cli >&2
fi
boards=${BOARDS:-"5x7 5x8 4x11"}
read -r -a extra <<<"${GRUNDY_ARGS:-}"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Runs a command with its output to $1 and appends "seconds peak-KB" to $2.
measure() {
    local out=$1 log=$2
    shift 2
    if ! /usr/bin/time -f '%e %M' -o "$work/time" "$@" >"$out" 2>&1; then
        echo "failed: $*" >&2
        cat "$out" >&2
        exit 1
    fi
    cat "$work/time" >>"$log"
}

median() {
    sort -g | awk '{ v[NR] = $1 } END { m = (NR + 1) / 2; print (m == int(m)) ? v[m] : (v[m - 0.5] + v[m + 0.5]) / 2 }'
}

echo "CPU: $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores; grundy flags: ${GRUNDY_ARGS:-none}"
printf '| board | value | igsolve (s) | peak MB | grundy (s) | peak MB | ratio |\n'
printf '|---|---|---|---|---|---|---|\n'
for board in $boards; do
    rows=${board%%x*}
    cols=${board##*x}
    : >"$work/ig" >"$work/gr"
    for _ in $(seq "$runs"); do
        measure "$work/ig.out" "$work/ig" "$igsolve" cram -r "$rows" -c "$cols"
        measure "$work/gr.out" "$work/gr" "$grundy" "${extra[@]}" --max-moves 0 value --json "cram($board)"
    done
    ig_value=$(sed -n 's/^Nimber of initial position: *//p' "$work/ig.out")
    gr_value=$(grep -o '"grundy":[0-9]*' "$work/gr.out" | head -1 | cut -d: -f2)
    if [[ -z "$ig_value" || "$ig_value" != "$gr_value" ]]; then
        echo "cram($board): the values differ (igsolve '${ig_value}', grundy '${gr_value}')" >&2
        exit 1
    fi
    ig_s=$(cut -d' ' -f1 "$work/ig" | median)
    gr_s=$(cut -d' ' -f1 "$work/gr" | median)
    ig_mb=$(cut -d' ' -f2 "$work/ig" | sort -g | tail -1 | awk '{ printf "%.0f", $1 / 1024 }')
    gr_mb=$(cut -d' ' -f2 "$work/gr" | sort -g | tail -1 | awk '{ printf "%.0f", $1 / 1024 }')
    # Below the clock's resolution a ratio says nothing.
    ratio=$(awk -v g="$gr_s" -v i="$ig_s" 'BEGIN { if (i > 0) printf "%.2f", g / i; else print "-" }')
    printf '| %s | *%s | %.2f | %s | %.2f | %s | %s |\n' "$board" "$gr_value" "$ig_s" "$ig_mb" "$gr_s" "$gr_mb" "$ratio"
done
