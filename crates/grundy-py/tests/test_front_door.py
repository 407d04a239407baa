"""value, moves and parse: the library's front door from Python, with the
command line's answers and messages."""

from __future__ import annotations

import pathlib

import pytest

import grundy
from conftest import cli, cli_json

HERE = pathlib.Path(__file__).parent


def test_the_issue_example_runs_verbatim() -> None:
    # The example of docs/PYTHON.md, run as written.
    namespace: dict = {}
    exec(compile((HERE / "example.py").read_text(), "example.py", "exec"), namespace)
    r, g, p = namespace["r"], namespace["g"], namespace["p"]
    assert r.grundy == 1 and r.outcome == "N"
    assert r.winning_moves == ["nim(2,5,7)", "nim(3,4,7)", "nim(3,5,6)"]
    assert len(g) == 10**6 + 1 and list(g[:8]) == [0, 0, 1, 2, 0, 1, 2, 3]
    assert (p.period, p.last_exception, p.certified) == (12, 70, True)
    assert p.proof["kind"] == "guy-smith"
    assert namespace["grundy"].Nimber(6) * grundy.Nimber(13) == grundy.Nimber(15)
    Sub134 = namespace["Sub134"]
    assert grundy.value(Sub134(9) + grundy.parse("nim(2)")).grundy == 2


@pytest.mark.parametrize(
    "text",
    ["nim(3,5,7)", "sub{1,3,4}(9) + nim(2)", "kayles(10) + octal[0.07](20)", "wythoff(3,5)", "nim(1,2,3)"],
)
def test_value_agrees_with_the_command_line(text: str) -> None:
    r = grundy.value(text)
    v = cli_json(["value", "--json", text])
    assert v["value"]["kind"] == "grundy" and r.grundy == v["value"]["value"]
    assert r.outcome == v["verdict"]
    assert [str(m) for m in r.winning_moves] == v["winning_moves"]
    assert r.winning_moves_complete == v["winning_moves_complete"]
    assert str(r.position) == v["position"]


@pytest.mark.parametrize(
    "text,play,method",
    [
        ("nim(3,5,1)", "misere", "auto"),
        ("nim(1,1,1)", "misere", "bouton"),
        ("sub{1,2}(4) + sub{1,2}(5)", "misere", "search"),
        ("nim(3) + sub{1,2}(4)", "every", "auto"),
        ("nim(2,3)", "every", "search"),
    ],
)
def test_plays_and_methods_agree_with_the_command_line(text: str, play: str, method: str) -> None:
    r = grundy.value(text, play=play, method=method)  # type: ignore[arg-type]
    v = cli_json(["value", "--json", f"--{play}", "--method", method, text])
    assert r.play == play == v["play"]
    assert r.outcome == v["verdict"]
    assert r.method == v["method"]
    assert [str(m) for m in r.winning_moves] == v["winning_moves"]


def test_wrappers_in_the_text_set_the_play() -> None:
    r = grundy.value("misere(nim(3,5,1))")
    assert r.play == "misere" and r.method == "bouton"
    assert r.value == grundy.Value("misere_grundy", 7)
    assert r.winning_moves == ["misere(nim(3,2,1))"]
    assert r.grundy is None
    with pytest.raises(grundy.InvalidError, match="written for misere play but every play"):
        grundy.value("misere(nim(1,2))", play="every")


def test_moves_lists_every_move_with_its_value() -> None:
    ms = grundy.moves("nim(1,2)")
    assert [(str(m.position), m.value.value if m.value else None, m.winning) for m in ms] == [
        ("nim(0,2)", 2, False),
        ("nim(1,1)", 0, True),
        ("nim(1,0)", 1, False),
    ]
    v = cli_json(["moves", "--json", "nim(1,2)"])
    assert [m["position"] for m in v["moves"]] == [str(m.position) for m in ms]


def test_every_winning_move_leads_to_a_lost_position() -> None:
    for text in ["nim(3,5,7)", "kayles(9) + sub{2,5}(13)", "octal[0.137](25)"]:
        for m in grundy.value(text).winning_moves:
            assert grundy.value(m).outcome == "P"


def test_positions_parse_to_canonical_text_and_add() -> None:
    p = grundy.parse("  nim( 3, 5 ) ")
    assert str(p) == "nim(3,5)" and p == "nim(3,5)"
    s = p + grundy.parse("sub{1,3,4}(2)")
    assert isinstance(s, grundy.Position)
    assert grundy.value(s).grundy == 3 ^ 5 ^ 0  # G(2) of sub{1,3,4} is 0


def test_errors_carry_the_command_lines_messages() -> None:
    for text in ["octal[0.77](10", "nim(3,", "nosuchgame(3)", "misere(nim(1)) + nim(2)"]:
        with pytest.raises(grundy.GrundyError) as info:
            grundy.value(text)
        out = cli(["value", text])
        assert out.returncode == 2
        assert out.stderr.strip() == f"grundy: {info.value}"


def test_error_classes() -> None:
    with pytest.raises(grundy.ParseError) as parse:
        grundy.parse("octal[0.77](10")
    assert isinstance(parse.value, ValueError) and parse.value.at == 15
    with pytest.raises(grundy.InvalidError, match="unknown method `magic`"):
        grundy.value("nim(1)", play="misere", method="magic")  # type: ignore[arg-type]
    with pytest.raises(grundy.InvalidError, match="unknown play"):
        grundy.value("nim(1)", play="sideways")  # type: ignore[arg-type]
    with pytest.raises(grundy.InvalidError, match="unknown keyword argument `max_pos`"):
        grundy.value("nim(1)", max_pos=3)  # type: ignore[call-arg]
    with pytest.raises(grundy.InvalidError, match="max_heap must be a non-negative integer"):
        grundy.value("nim(1)", max_heap=-1)
    with pytest.raises(grundy.FileError) as io:
        grundy.value("graph[/nonexistent/g.txt]")
    assert isinstance(io.value, OSError)


def test_limits_are_keyword_arguments() -> None:
    with pytest.raises(grundy.LimitError) as info:
        grundy.value("octal[0.16](200000)", max_heap=1000)
    e = info.value
    assert e.keyword == "max_heap" and e.flag == "--max-heap" and e.limit == 1000
    out = cli(["value", "--max-heap", "1000", "octal[0.16](200000)"])
    assert out.stderr.strip() == f"grundy: {e}"
    # Raised, the same question is answered.
    assert grundy.value("octal[0.16](2000)", max_heap=5000).grundy is not None
    with pytest.raises(grundy.LimitError, match="--max-positions"):
        grundy.value("sub{1,3,4}(9) + nim(2)", play="misere", method="search", max_positions=5)


def test_the_docs_open_with_the_example() -> None:
    docs = (HERE.parent.parent.parent / "docs" / "PYTHON.md").read_text()
    first = docs.split("```python\n", 1)[1].split("```", 1)[0]
    assert first == (HERE / "example.py").read_text()


def test_reports_show_themselves_in_notebooks() -> None:
    h = grundy.value("nim(3,5,7)")._repr_html_()
    assert "nim(3,4,7)" in h and "first player wins" in h
    assert "nim(2,5,7)" in grundy.parse("nim(3,5,7)")._repr_html_()
