"""The example notebook runs from top to bottom and shows what it says."""

from __future__ import annotations

import os
import pathlib
import sys

import pytest

NOTEBOOK = pathlib.Path(__file__).parents[3] / "examples" / "notebook.ipynb"


def test_the_example_notebook_runs_and_shows_its_results() -> None:
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    # The kernel is this environment's Python, which has grundy.
    os.environ["PATH"] = os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", "")
    nb = nbformat.read(NOTEBOOK, as_version=4)
    nbclient.NotebookClient(nb, timeout=300, kernel_name="python3").execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    html = [o["data"]["text/html"] for o in outputs if "text/html" in o.get("data", {})]
    assert any("nim(3,4,7)" in h and "first player wins" in h for h in html)
    assert any("misere(nim(3,2,1))" in h for h in html)
    assert any("period 12" in h and "pre-period 0..70" in h for h in html)
    assert any("image/svg+xml" in o.get("data", {}) for o in outputs)
    text = [o["data"]["text/plain"] for o in outputs if "text/plain" in o.get("data", {})]
    assert "(12, 70, True)" in text
    assert "(2,\n [Sum([Sub134(6), Position('nim(2)')]), Sum([Sub134(9), Position('nim(0)')])])" in text
    assert "Nimber(15)" in text
