#!/usr/bin/env bash
# Side by side with ogsolve, the published octal-game solver (GPL; installed
# separately with `cargo install --locked ogsolve`, never a dependency):
# every value computed by both (`--compute-all` here, `-m rc2` there), the
# values compared, and the ratio grundy time / ogsolve time printed as the
# median of paired runs.
#
# Usage: benches/compare.sh [RUNS]         (RUNS: paired runs, default 3)
# Environment: OGSOLVE (default: ogsolve on the PATH), GRUNDY (default:
# target/release/grundy, built if missing), GAMES (default: the seven of
# the benchmark set, as "code:n" words).
set -euo pipefail
cd "$(dirname "$0")/.."

runs=${1:-3}
ogsolve=${OGSOLVE:-$(command -v ogsolve || true)}
if [[ -z "$ogsolve" || ! -x "$ogsolve" ]]; then
    echo "ogsolve not found: install it with 'cargo install --locked ogsolve' or set OGSOLVE" >&2
    exit 2
fi
grundy=${GRUNDY:-target/release/grundy}
if [[ ! -x "$grundy" ]]; then
    cargo build --release --locked -p grundy-cli >&2
fi
games=${GAMES:-"0.77:100000 0.07:100000 0.137:100000 0.16:10000000 0.106:10000000 4.07:10000000 0.6:1000000"}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Wall seconds of a command, its standard output to the file $1. The last
# run's file is removed before the clock starts: truncating it inside the
# timed region charged the next run for freeing its pages (a b-file of 10^7
# values is 90 MB, ogsolve's output of the same 20 MB).
seconds() {
    local out=$1
    shift
    local start end
    rm -f "$out"
    start=$(date +%s.%N)
    "$@" >"$out"
    end=$(date +%s.%N)
    echo "$end - $start" | bc -l
}

median() {
    sort -g | awk '{ v[NR] = $1 } END { m = (NR + 1) / 2; print (m == int(m)) ? v[m] : (v[m - 0.5] + v[m + 0.5]) / 2 }'
}

echo "CPU: $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores"
printf '| game, n | ogsolve -m rc2 | grundy --compute-all | ratio | grundy --threads 1 | ratio |\n'
printf '|---|---|---|---|---|---|\n'
for entry in $games; do
    code=${entry%%:*}
    n=${entry##*:}
    : >"$work/og" >"$work/two" >"$work/one"
    for _ in $(seq "$runs"); do
        seconds "$work/og.out" "$ogsolve" -m rc2 -n "$n" -p "$code" >>"$work/og"
        seconds "$work/two.out" "$grundy" table "octal[$code]" --to "$n" --compute-all --format bfile >>"$work/two"
        seconds "$work/one.out" "$grundy" table "octal[$code]" --to "$n" --compute-all --format bfile --threads 1 >>"$work/one"
    done
    # ogsolve prints "nimbers: G(0) G(1) ..." on one line; the b-file is "n G(n)".
    sed -n 's/^ *nimbers: //p' "$work/og.out" | tr ' ' '\n' | sed '/^$/d' >"$work/og.values"
    cut -d' ' -f2 "$work/two.out" >"$work/two.values"
    cut -d' ' -f2 "$work/one.out" >"$work/one.values"
    if ! cmp -s "$work/og.values" "$work/two.values" || ! cmp -s "$work/og.values" "$work/one.values"; then
        echo "values differ for $code to $n" >&2
        exit 1
    fi
    og=$(median <"$work/og")
    two=$(median <"$work/two")
    one=$(median <"$work/one")
    printf '| %s, %s | %.2f s | %.2f s | %.2f | %.2f s | %.2f |\n' "$code" "$n" "$og" "$two" \
        "$(echo "$two / $og" | bc -l)" "$one" "$(echo "$one / $og" | bc -l)"
done
