"""The type hints hold: mypy (strict) accepts the package and a typed
program using it, and rejects a misuse."""

from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

HERE = pathlib.Path(__file__).parent


def mypy(*args: str) -> subprocess.CompletedProcess:  # type: ignore[type-arg]
    pytest.importorskip("mypy")
    return subprocess.run([sys.executable, "-m", "mypy", "--no-incremental", *args], capture_output=True, text=True, cwd=HERE)


def test_the_package_and_a_typed_program_pass_mypy() -> None:
    for target in (["-p", "grundy"], ["typed_usage.py"]):
        out = mypy("--strict", *target)
        assert out.returncode == 0, out.stdout + out.stderr


def test_mypy_catches_a_misused_limit(tmp_path: pathlib.Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text('import grundy\ngrundy.value("nim(1)", max_heap="big")\ngrundy.value("nim(1)", max_heep=3)\n')
    out = mypy("--strict", str(bad))
    assert out.returncode == 1
    assert 'max_heap' in out.stdout and '"max_heep"' in out.stdout, out.stdout
