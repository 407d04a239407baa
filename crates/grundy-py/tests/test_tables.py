"""Tables, periods, plots and nimbers; Ctrl-C and checkpoints."""

from __future__ import annotations

import array
import json
import os
import pathlib
import signal
import subprocess
import sys
import time

import pytest

import grundy
from conftest import cli

HERE = pathlib.Path(__file__).parent


def test_tables_agree_with_the_command_line() -> None:
    for family in ["sub{1,3,4}", "kayles", "octal[0.137]", "allbut{2,3,7}"]:
        values = grundy.table(family, 300)
        out = cli(["table", family, "--to", "300", "--format", "bfile"])
        assert out.returncode == 0, out.stderr
        assert [f"{n} {int(v)}" for n, v in enumerate(values)] == out.stdout.split("\n")[:-1]


def test_a_table_is_a_numpy_array_or_an_array_array() -> None:
    t = grundy.table("kayles", 20)
    assert t.family == "kayles"
    np = pytest.importorskip("numpy")
    # Kayles' values are at most 8: one byte each.
    assert isinstance(t, np.ndarray) and t.dtype == np.uint8
    # Without NumPy: array.array, the buffer protocol, same values.
    code = "import grundy, array; t = grundy.table('kayles', 20); print(type(t).__mro__[1].__name__, list(t), t.family)"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env={**os.environ, "GRUNDY_NO_NUMPY": "1"}
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split()[0] == "array"
    assert out.stdout.split(None, 1)[1].startswith(str([int(v) for v in t]))
    assert memoryview(array.array("Q", [int(v) for v in t])).tolist() == [int(v) for v in t]


def test_a_table_widens_as_its_values_grow() -> None:
    # G(n) = n for Nim: the values pass 255 and then 65535, so the array
    # widens twice, keeping every earlier value.
    np = pytest.importorskip("numpy")
    t = grundy.table("nim", 70_000)
    assert t.dtype == np.uint32
    assert (t == np.arange(70_001)).all()
    code = "import grundy; t = grundy.table('nim', 300); print(t.itemsize, list(t) == list(range(301)))"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env={**os.environ, "GRUNDY_NO_NUMPY": "1"}
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["2", "True"]


def test_a_table_shows_its_period_in_html() -> None:
    h = grundy.table("kayles", 99)._repr_html_()
    assert "period 12" in h and "pre-period 0..70" in h and "certified" in h
    assert h.count("<tr>") == 10


def test_table_errors() -> None:
    with pytest.raises(grundy.InvalidError, match="not a one-heap family"):
        grundy.table("wythoff", 10)
    with pytest.raises(grundy.LimitError, match="--max-heap"):
        grundy.table("octal[0.16]", 10**6, max_heap=1000)


def test_periods() -> None:
    p = grundy.period("kayles")
    assert (p.period, p.preperiod, p.last_exception, p.saltus, p.certified) == (12, 71, 70, 0, True)
    assert p.proof == {"kind": "guy-smith", "heaps": 2, "max_take": 2}
    s = grundy.period("sub{2,5,6}")
    assert (s.period, s.last_exception, s.certified) == (11, None, True)
    assert s.search == s.proof


def test_a_period_not_found_names_the_values_checked() -> None:
    # Regression: the count was that of a second look at 100 001 values at
    # most, not of the values the engine computed to `max`.
    p = grundy.period("octal[0.6]", max=200_000)
    assert (p.period, p.certified, p.checked_to) == (None, False, 200_001)
    assert p.search == {"kind": "guy-smith", "heaps": 2, "max_take": 1}
    assert str(p) == "octal[0.6]: no period found up to 200000 (200001 values computed)"
    assert grundy.period("octal[0.6]", max=200_000) == cli_period("octal[0.6]", "200000")


def cli_period(family: str, most: str) -> grundy.Period:
    """The command line's `period --json`, read into the same type (the
    same fields: one report, serialised once)."""
    return grundy.Period(**json.loads(cli(["period", "--json", family, "--max", most]).stdout))


def test_plots_are_the_command_lines_svg(tmp_path: pathlib.Path) -> None:
    svg = grundy.plot("sub{2,5,6}", 100)
    out = cli(["plot", "sub{2,5,6}", "--to", "100", "-o", "-"])
    assert svg._repr_svg_() == out.stdout
    heat = grundy.plot("wythoff", "10x10")
    assert heat.svg.startswith("<?xml") and "wythoff" in heat.svg
    with pytest.raises(grundy.LimitError, match="--max-points"):
        grundy.plot("kayles", 1000, max_points=10)


def test_nimbers_form_a_field() -> None:
    N = grundy.Nimber
    assert N(6) * N(13) == N(15) and N(3) + N(5) == N(6)
    assert str(N(0)) == "0" and str(N(1)) == "*" and str(N(7)) == "*7"
    for a in range(1, 40):
        assert a * N(a).inverse() == 1
        for b in range(1, 10):
            assert N(a) / N(b) * N(b) == N(a)
    assert N(2) ** 3 == N(2) * N(2) * N(2)
    assert N.evaluate("6*13") == N(15)
    with pytest.raises(ZeroDivisionError):
        N(0).inverse()


INTERRUPTED = """
import sys, grundy
try:
    grundy.table("octal[0.16]", 200_000_000, checkpoint=sys.argv[1])
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(3)
print("finished")
"""


def test_ctrl_c_stops_a_table_promptly_and_keeps_a_usable_checkpoint(tmp_path: pathlib.Path) -> None:
    ckpt = tmp_path / "octal016.ckpt"
    child = subprocess.Popen(
        [sys.executable, "-c", INTERRUPTED, str(ckpt)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    # Wait until the run has saved well over the values we resume to (the
    # period of 0.16 is certified after 524 289 values: the checkpoint is
    # saved then, and the values past it are streamed from the period).
    wanted = 200_000
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if ckpt.exists() and ckpt.stat().st_size > 40 + 2 * wanted:
            break
        time.sleep(0.05)
    assert child.poll() is None, child.communicate()
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=30)
    stopped = time.monotonic() - sent
    assert child.returncode == 3, (out, err)
    assert out.strip() == "interrupted"
    assert stopped < 2.0, f"took {stopped:.2f}s to stop"
    resumed = grundy.table("octal[0.16]", wanted, checkpoint=ckpt)
    fresh = grundy.table("octal[0.16]", wanted)
    assert list(resumed) == list(fresh)


SLOW_GAME = """
import sys, grundy
class Sub(grundy.Game):
    def __init__(self, n): self.n = n
    def key(self): return self.n
    def moves(self): return [Sub(self.n - s) for s in range(1, min(self.n, 50) + 1)]
print("start", flush=True)
try:
    grundy.value(Sub(10**7), max_positions=10**8)
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(3)
"""


def test_ctrl_c_stops_a_python_game() -> None:
    child = subprocess.Popen([sys.executable, "-c", SLOW_GAME], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "start"
    time.sleep(1.0)
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=30)
    assert child.returncode == 3, (out, err)
    assert time.monotonic() - sent < 2.0


def test_every_simd_choice_gives_the_same_table() -> None:
    # Officers' values pass 255 before heap 20 000, so the two-byte
    # kernels and the block pass both run.
    reference = list(grundy.table("octal[0.6]", 20000, simd="portable", compute_all=True))
    for simd in ("auto", "avx2", "avx512"):
        try:
            got = list(grundy.table("octal[0.6]", 20000, simd=simd, compute_all=True))
        except grundy.InvalidError as e:
            assert simd in str(e)  # this processor lacks it, and says so
            continue
        assert got == reference, simd
    with pytest.raises(grundy.InvalidError, match="choices: auto, portable, avx2, avx512"):
        grundy.table("kayles", 10, simd="sse9")
