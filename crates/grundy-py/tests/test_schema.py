"""One report, one shape: Python's answers validated against
``docs/schema/*.json``, and equal field for field to the command line's
``--json`` where the Rust test that runs this suite names the binary.

The positions are the conformance suite's (``crates/grundy/tests/data``),
as the command line and the web API are checked in
``crates/grundy-cli/tests/suite/schema.rs``."""

from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path
from typing import Any, Dict, List, Tuple

import jsonschema
import referencing

import grundy

from conftest import cli_json

ROOT = Path(__file__).resolve().parents[3]
SCHEMAS = ROOT / "docs" / "schema"
DATA = ROOT / "crates" / "grundy" / "tests" / "data"


def _validator(name: str) -> Any:
    resources = [
        (p.name, referencing.Resource.from_contents(json.loads(p.read_text(encoding="utf-8"))))
        for p in SCHEMAS.glob("*.json")
    ]
    registry = referencing.Registry().with_resources(resources)
    schema = json.loads((SCHEMAS / name).read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(schema, registry=registry)


def _conformance() -> Tuple[List[str], List[str]]:
    positions: List[str] = []
    families: List[str] = []
    misere = tomllib.loads((DATA / "misere.toml").read_text(encoding="utf-8"))
    for r in misere.get("genus", []) + misere.get("outcome", []):
        positions += [r["position"], f"misere({r['position']})"]
    for r in tomllib.loads((DATA / "coins.toml").read_text(encoding="utf-8")).get("coins", []):
        positions.append(f"{r['family']}(THHTH)")
    seq = tomllib.loads((DATA / "sequences.toml").read_text(encoding="utf-8"))
    per = tomllib.loads((DATA / "periods.toml").read_text(encoding="utf-8"))
    for r in seq.get("sequence", []) + per.get("period", []):
        f = r["family"]
        if ".rhai" in f:
            continue  # paths in the data are relative to the library crate
        families.append(f)
        positions.append(f"{f}(7) + {f}(12)")
    positions += ["nim(3,5,7)", "every(sub{1,2}(4) + nim(5))", "ed(1,2) + ed(3,5)"]
    return sorted(set(positions)), sorted(set(families))


POSITIONS, FAMILIES = _conformance()


def _value_json(r: grundy.Report) -> Dict[str, Any]:
    """The report's attributes, written back as JSON."""
    return {
        "position": grundy._shown(r.position, r.play),
        "play": r.play,
        "value": None if r.value is None else {"kind": r.value.kind, "value": r.value.value},
        "verdict": r.verdict,
        "winning_moves": [grundy._shown(m, r.play) for m in r.winning_moves],
        "winning_moves_complete": r.winning_moves_complete,
        "winning_move_count": r.winning_move_count,
        "reason": r.reason,
        "method": r.method,
        "method_note": r.method_note,
        "details": r.details,
    }


def _errors(validator: Any, instance: Any) -> List[str]:
    return [f"{e.message} at {list(e.absolute_path)}" for e in validator.iter_errors(instance)]


def test_value_reports_follow_the_schema() -> None:
    v = _validator("value.schema.json")
    assert len(POSITIONS) >= 30
    for p in POSITIONS:
        got = _value_json(grundy.value(p))
        assert _errors(v, got) == [], p
        if os.environ.get("GRUNDY_CLI"):
            assert got == cli_json(["value", "--json", p]), p


def test_move_lists_follow_the_schema() -> None:
    v = _validator("moves.schema.json")
    for p in POSITIONS:
        report = grundy.value(p)
        moves = [
            {
                "position": grundy._shown(m.position, report.play),
                "value": None if m.value is None else {"kind": m.value.kind, "value": m.value.value},
                "verdict": m.verdict,
            }
            for m in grundy.moves(p)
        ]
        whole = {
            "position": grundy._shown(report.position, report.play),
            "play": report.play,
            "moves": moves,
            "method": report.method,
            "method_note": None,
            "details": [],
        }
        # The list's own fields are checked; the method of a move list is
        # the command line's, compared below where it runs.
        if os.environ.get("GRUNDY_CLI"):
            by_cli = cli_json(["moves", "--json", p])
            assert moves == by_cli["moves"], p
            whole.update({k: by_cli[k] for k in ("method", "method_note", "details")})
        assert _errors(v, whole) == [], p


def test_periods_and_genera_follow_the_schema() -> None:
    period = _validator("period.schema.json")
    genus = _validator("genus.schema.json")
    for f in FAMILIES:
        got = vars(grundy.period(f, max=3000))
        assert _errors(period, got) == [], f
        g = grundy.genus(f, 12)
        table = {"family": g.family, "genera": [vars(x) for x in g.genera]}
        assert _errors(genus, table) == [], f
        if os.environ.get("GRUNDY_CLI"):
            assert got == cli_json(["period", "--json", f, "--max", "3000"]), f
            assert table == cli_json(["genus", "--json", f, "--to", "12"]), f


def test_the_schema_refuses_a_wrong_shape() -> None:
    v = _validator("value.schema.json")
    bad = _value_json(grundy.value("nim(3,5,7)"))
    assert _errors(v, bad) == []
    bad["verdict"] = "W"
    assert _errors(v, bad) != []


def test_quotients_follow_the_schema_and_decide_sums() -> None:
    v = _validator("quotient.schema.json")
    for f in ["octal[0.75]", "kayles", "sub{2,3,7}"]:
        q = grundy.quotient(f, 12)
        assert _errors(v, vars(q)) == [], f
        if os.environ.get("GRUNDY_CLI"):
            assert vars(q) == cli_json(["quotient", "--json", f, "--to", "12"]), f
    # 0.75's quotient is Plambeck's R8: order 8, two P-positions.
    q = grundy.quotient("octal[0.75]", 20)
    assert (q.order, q.p_count) == (8, 2)
    # A sum decided by the quotient agrees with misère play's analysis.
    for heaps in ([1], [1, 1], [2, 3], [5, 6, 9], [3, 4, 7, 7]):
        text = "misere(" + " + ".join(f"octal[0.75]({h})" for h in heaps) + ")"
        assert q.is_p_position(heaps) == (grundy.value(text).verdict == "P"), text
