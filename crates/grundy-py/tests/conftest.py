"""Shared helpers: the command-line binary (when the Rust test that runs
this suite names it in GRUNDY_CLI) for comparing answers with it."""

from __future__ import annotations

import json
import os
import subprocess
from typing import Any, List

import pytest


def cli_path() -> str:
    path = os.environ.get("GRUNDY_CLI", "")
    if not path or not os.path.exists(path):
        pytest.skip("GRUNDY_CLI does not name the grundy binary (set by the Rust test that runs this suite)")
    return path


def cli(args: List[str]) -> subprocess.CompletedProcess:  # type: ignore[type-arg]
    return subprocess.run([cli_path(), *args], capture_output=True, text=True)


def cli_json(args: List[str]) -> Any:
    out = cli(args)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)
