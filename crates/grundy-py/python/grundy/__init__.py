"""grundy: Sprague-Grundy values, outcomes, winning moves, tables and periods
of impartial games, computed by the grundy engine (written in Rust).

>>> import grundy
>>> r = grundy.value("nim(3,5,7)")
>>> r.grundy, r.outcome
(1, 'N')
>>> [str(m) for m in r.winning_moves]
['nim(2,5,7)', 'nim(3,4,7)', 'nim(3,5,6)']
>>> grundy.Nimber(6) * grundy.Nimber(13)
Nimber(15)

Every function takes the command line's limits as keyword arguments
(``max_positions=``, ``max_heap=``, ``max_moves=``, ``time_limit=``,
``checkpoint=``, ...; see :class:`Limits`) and raises a
:class:`GrundyError` with the command line's message when something is
wrong. See docs/PYTHON.md for the whole interface.
"""

from __future__ import annotations

import html
import json
import os
from dataclasses import dataclass, field
from typing import (
    TYPE_CHECKING,
    Any,
    Dict,
    Hashable,
    Iterable,
    Iterator,
    List,
    Optional,
    Sequence,
    Tuple,
    Union,
)

from typing import Literal, Protocol, TypedDict

if TYPE_CHECKING:
    from typing_extensions import Unpack

from . import _grundy
from .errors import (
    CycleError,
    FileError,
    GrundyError,
    InvalidError,
    LimitError,
    ParseError,
    ScriptError,
)

__all__ = [
    "Game",
    "Position",
    "Sum",
    "Nimber",
    "Report",
    "Value",
    "Move",
    "Period",
    "Plot",
    "Table",
    "Limits",
    "parse",
    "value",
    "moves",
    "table",
    "period",
    "genus",
    "Genus",
    "GenusTable",
    "quotient",
    "Quotient",
    "plot",
    "GrundyError",
    "ParseError",
    "InvalidError",
    "LimitError",
    "CycleError",
    "FileError",
    "ScriptError",
]

PlayName = Literal["normal", "misere", "every"]
MethodName = Literal["auto", "search", "bouton", "sj", "steps", "quotient"]
Verdict = Literal["N", "P", "D"]


class Limits(TypedDict, total=False):
    """The keyword arguments every function takes: the command line's
    limits and options of long runs, under the flags' names with ``_``.
    An absent (or ``None``) one has the command line's default."""

    max_positions: Optional[int]
    """Most positions a search may remember (``--max-positions``)."""
    max_heap: Optional[int]
    """Largest heap computed by filling a table (``--max-heap``)."""
    max_moves: Optional[int]
    """Most moves one component may list (``--max-moves``)."""
    time_limit: Optional[int]
    """Stop any computation that runs longer than this many seconds."""
    checkpoint: Optional[Union[str, "os.PathLike[str]"]]
    """Save computed values of long sequence runs, or the table of a Cram or Node Kayles search on grids, in this file, and resume from it."""
    compute_all: Optional[bool]
    """Compute every value even when a proven period already gives them."""
    engine: Optional[Literal["auto", "plain"]]
    """The engine for take-and-break sequences."""
    simd: Optional[Literal["auto", "portable", "avx2", "avx512"]]
    """The vector instructions of the take-and-break engine (default: the best the processor has)."""
    threads: Optional[int]
    """Threads a long sequence computation may use (default: all cores)."""
    max_file_size: Optional[int]
    """Largest input file read, in bytes."""
    max_memory: Optional[int]
    """Most memory one table or search may take, in bytes."""
    script_ops: Optional[int]
    """Most operations one call of a script function may run."""
    script_depth: Optional[int]
    """Deepest nesting of calls in a script."""
    script_size: Optional[int]
    """Largest array, string or map a script call may build."""


def _limits(kwargs: Dict[str, Any]) -> Dict[str, Any]:
    out = dict(kwargs)
    if out.get("checkpoint") is not None:
        out["checkpoint"] = os.fspath(out["checkpoint"])
    return out


# --------------------------------------------------------------------------
# Nimbers


class Nimber:
    """A nimber ``*n``: ``+`` is the nim-sum (XOR), ``*`` the nim-product,
    ``/`` the nim-quotient; they form a field. Prints as ``0``, ``*``, ``*3``.

    >>> Nimber(6) * Nimber(13)
    Nimber(15)
    >>> Nimber(3) + Nimber(5)
    Nimber(6)
    """

    __slots__ = ("_n",)

    def __init__(self, n: Union[int, "Nimber"]) -> None:
        n = int(n)
        if not 0 <= n < 2**64:
            raise InvalidError(f"a nimber is an integer from 0 to 2^64 - 1, not {n}")
        self._n = n

    @staticmethod
    def evaluate(text: str) -> "Nimber":
        """The value of a nimber expression as ``grundy nimber`` reads it
        (``"6*13"``, ``"inv(7)"``, ``"2^5 + 3"``)."""
        return Nimber(_grundy.nim_evaluate(text))

    def __int__(self) -> int:
        return self._n

    def __index__(self) -> int:
        return self._n

    def __add__(self, other: Union[int, "Nimber"]) -> "Nimber":
        return Nimber(self._n ^ int(other))

    __radd__ = __add__
    __sub__ = __add__
    __rsub__ = __add__

    def __mul__(self, other: Union[int, "Nimber"]) -> "Nimber":
        return Nimber(_grundy.nim_product(self._n, Nimber(other)._n))

    __rmul__ = __mul__

    def __pow__(self, e: int) -> "Nimber":
        if e < 0:
            return self.inverse() ** (-e)
        return Nimber(_grundy.nim_power(self._n, e))

    def inverse(self) -> "Nimber":
        """The nim-inverse; ``ZeroDivisionError`` for 0."""
        inv = _grundy.nim_inverse(self._n)
        if inv is None:
            raise ZeroDivisionError("the nimber 0 has no inverse")
        return Nimber(inv)

    def __truediv__(self, other: Union[int, "Nimber"]) -> "Nimber":
        return self * Nimber(other).inverse()

    def __rtruediv__(self, other: Union[int, "Nimber"]) -> "Nimber":
        return Nimber(other) * self.inverse()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Nimber):
            return self._n == other._n
        if isinstance(other, int):
            return self._n == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._n)

    def __bool__(self) -> bool:
        return self._n != 0

    def __repr__(self) -> str:
        return f"Nimber({self._n})"

    def __str__(self) -> str:
        return "0" if self._n == 0 else "*" if self._n == 1 else f"*{self._n}"


# --------------------------------------------------------------------------
# Positions: expressions, games written in Python, and their sums


class _Summable:
    def __add__(self, other: "Summand") -> "Summand":
        return _add(self, other)  # type: ignore[arg-type]

    def __radd__(self, other: "Summand") -> "Summand":
        return _add(other, self)  # type: ignore[arg-type]


class Game(_Summable):
    """A game written in Python, solved by the Rust solver.

    Subclass it and define ``moves()`` (the positions one move leads to:
    games, or :class:`Sum`\\ s of games when a move splits a position) and
    ``key()`` (a hashable value that identifies the position, so equal
    positions are solved once; without it the object itself is the key and
    must define ``__eq__`` and ``__hash__``). Positions of different
    classes are never equal.

    >>> class Sub134(Game):
    ...     def __init__(self, n): self.n = n
    ...     def key(self): return self.n
    ...     def moves(self): return [Sub134(self.n - s) for s in (1, 3, 4) if s <= self.n]
    >>> value(Sub134(9) + parse("nim(2)")).grundy
    2
    """

    def moves(self) -> Iterable["Summand"]:
        """The positions one move leads to."""
        raise NotImplementedError(f"{type(self).__name__} must define moves()")

    def key(self) -> Optional[Hashable]:
        """A hashable value identifying this position (``None``: the
        object itself)."""
        return None

    def __repr__(self) -> str:
        k = self.key()
        return f"{type(self).__name__}({k!r})" if k is not None else object.__repr__(self)

    def _repr_html_(self) -> str:
        return value(self)._repr_html_()


class Position(_Summable):
    """A position written in the expression language (``"nim(3,5,7)"``,
    ``"sub{1,3,4}(9) + kayles(5)"``), parsed and in canonical form, with how
    it is played. Made by :func:`parse`. Equal to its text as a string."""

    __slots__ = ("text", "play")

    text: str
    """The canonical text of the sum, without a play wrapper."""
    play: PlayName
    """How the position is played."""

    def __init__(self, text: str, play: PlayName = "normal", **limits: "Unpack[Limits]") -> None:
        canonical, written = _grundy.canonical(text, play, _limits(dict(limits)))
        self.text = canonical
        self.play = written  # type: ignore[assignment]

    @classmethod
    def _canonical(cls, shown: str, play: str) -> "Position":
        p = cls.__new__(cls)
        if play != "normal" and shown.startswith(play + "(") and shown.endswith(")"):
            shown = shown[len(play) + 1 : -1]
        p.text = shown
        p.play = play  # type: ignore[assignment]
        return p

    def __str__(self) -> str:
        return self.text if self.play == "normal" else f"{self.play}({self.text})"

    def __repr__(self) -> str:
        return f"Position({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (Position, str)):
            return str(self) == str(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(str(self))

    def _repr_html_(self) -> str:
        return value(self)._repr_html_()


class Sum(_Summable):
    """A sum of independent games: games written in Python and positions
    (normal play). Made by ``+``; ``parts`` is flat."""

    __slots__ = ("parts",)

    parts: Tuple[Union[Game, Position], ...]

    def __init__(self, parts: Iterable["Summand"]) -> None:
        flat: List[Union[Game, Position]] = []
        for p in parts:
            if isinstance(p, Sum):
                flat.extend(p.parts)
            elif isinstance(p, str):
                flat.append(parse(p))
            elif isinstance(p, Position) and p.play != "normal":
                raise InvalidError(
                    f"`{p.play}(...)` is a rule for the whole game and cannot be part of a sum; "
                    f"pass play=\"{p.play}\" to value() instead"
                )
            elif isinstance(p, (Game, Position)):
                flat.append(p)
            elif hasattr(p, "moves"):
                flat.append(p)  # a game object that does not subclass Game
            else:
                raise InvalidError(f"{p!r} is not a game: sum games, positions and expression texts")
        self.parts = tuple(flat)

    def __str__(self) -> str:
        return " + ".join(str(p) for p in self.parts) if self.parts else "0"

    def __repr__(self) -> str:
        return f"Sum({list(self.parts)!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sum):
            return self.parts == other.parts
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.parts)

    def _repr_html_(self) -> str:
        return value(self)._repr_html_()


Summand = Union[Game, Position, Sum, str]
"""Anything :func:`value` takes: an expression text, a parsed position, a
game written in Python, or a sum of them."""


def _add(a: Summand, b: Summand) -> Summand:
    if isinstance(a, (Position, str)) and isinstance(b, (Position, str)):
        pa, pb = _as_position(a), _as_position(b)
        if pa.play == "normal" and pb.play == "normal":
            return parse(f"{pa.text} + {pb.text}")
    return Sum([a, b])


def _as_position(p: Union[Position, str]) -> Position:
    return p if isinstance(p, Position) else parse(p)


def parse(text: str, play: PlayName = "normal", **limits: "Unpack[Limits]") -> Position:
    """The position ``text`` describes, in canonical form; ``play`` (or a
    ``misere(...)``/``every(...)`` wrapper in the text) says how it is
    played. Raises :class:`ParseError` with the column of the problem."""
    return Position(text, play, **limits)


def _from_parts(parts: Sequence[object]) -> Union[Game, Position, Sum]:
    items = [Position._canonical(p, "normal") if isinstance(p, str) else p for p in parts]
    if len(items) == 1 and isinstance(items[0], (Game, Position)):
        return items[0]
    return Sum(items)  # type: ignore[arg-type]


def _python_parts(position: Summand) -> Optional[List[object]]:
    """The parts to hand to the Python-game solver, or ``None`` when the
    position is all expression (answered by the library's front door)."""
    if isinstance(position, Sum):
        if all(isinstance(p, Position) and p.play == "normal" for p in position.parts):
            return None
        return list(position.parts)
    if isinstance(position, (str, Position)):
        return None
    return [position]


def _text(position: Summand) -> str:
    if isinstance(position, Sum):
        return " + ".join(p.text for p in position.parts if isinstance(p, Position))
    return str(position)


# --------------------------------------------------------------------------
# Reports


@dataclass(frozen=True)
class Value:
    """What is known of a position's value: ``kind`` is ``"grundy"``
    (normal play), ``"generalised"`` (games with cycles), ``"misere_grundy"``
    or ``"steps"`` (the every-move rule)."""

    kind: str
    value: Any

    def __str__(self) -> str:
        if self.kind == "grundy":
            return str(Nimber(self.value))
        if self.kind == "misere_grundy":
            return f"G⁻ = {Nimber(self.value)}"
        if self.kind == "steps":
            return f"steps {self.value}"
        return json.dumps(self.value)


def _value(v: Any) -> Optional[Value]:
    if v is None:
        return None
    if isinstance(v, (list, tuple)):
        return Value(v[0], v[1])
    return Value(v["kind"], v["value"])


_VERDICTS = {
    "N": "first player wins (N-position)",
    "P": "second player wins (P-position)",
    "D": "draw (D-position: neither player can force a win)",
}


@dataclass(frozen=True)
class Report:
    """The answer of :func:`value`: the command line's ``value --json`` as
    an object."""

    position: Union[Game, Position, Sum]
    """The position analysed."""
    play: PlayName
    """How it is played."""
    value: Optional[Value]
    """What is known of its value (``None`` when the method decides the
    outcome without one, as the SJ theorem does)."""
    verdict: Verdict
    """Who wins: ``"N"`` (the player to move), ``"P"`` or ``"D"`` (a draw)."""
    winning_moves: List[Union[Game, Position, Sum]]
    """Every winning move, as the position it leads to."""
    winning_moves_complete: bool
    """False when a limit stopped the list of winning moves short."""
    winning_move_count: Optional[int]
    """How many winning moves there are, listed or not (the misère quotient
    counts those beyond ``max_moves``); ``None`` when the list is incomplete
    and the rest were not counted."""
    reason: str
    """The argument for the verdict, in one sentence."""
    method: str
    """The method that decided: ``sprague-grundy``, ``generalised``,
    ``bouton``, ``sj``, ``search`` or ``steps``."""
    method_note: Optional[str]
    """Why that method, if not the one asked for or the fastest."""
    details: Dict[str, Any] = field(default_factory=dict, repr=False)
    """The full result of the analysis that answered, as in JSON."""

    @property
    def outcome(self) -> Verdict:
        """The same as :attr:`verdict`."""
        return self.verdict

    @property
    def grundy(self) -> Optional[int]:
        """The Grundy value under normal play (``None`` otherwise)."""
        if self.value is not None and self.value.kind == "grundy":
            return int(self.value.value)
        return None

    @property
    def nimber(self) -> Optional[Nimber]:
        """The Grundy value as a :class:`Nimber`."""
        g = self.grundy
        return None if g is None else Nimber(g)

    def __str__(self) -> str:
        shown = str(self.value) if self.value is not None else "no value"
        return f"{shown}  {_VERDICTS[self.verdict]}"

    def _repr_html_(self) -> str:
        e = html.escape
        shown = e(str(self.value)) if self.value is not None else "—"
        moves = ", ".join(f"<code>{e(str(m))}</code>" for m in self.winning_moves) or "none"
        if not self.winning_moves_complete:
            moves += " (and possibly more)"
        note = f"<br><i>{e(self.method_note)}</i>" if self.method_note else ""
        return (
            f"<div><b><code>{e(_shown(self.position, self.play))}</code></b>: value <b>{shown}</b>, "
            f"{e(_VERDICTS[self.verdict])}<br>winning moves: {moves}<br>"
            f"<small>{e(self.reason)} (method: {e(self.method)})</small>{note}</div>"
        )


def _shown(position: object, play: str) -> str:
    if isinstance(position, Position) or play == "normal":
        return str(position)
    return f"{play}({position})"


@dataclass(frozen=True)
class Move:
    """One move: the position it leads to and what is known of it."""

    position: Union[Game, Position, Sum]
    value: Optional[Value]
    verdict: Verdict
    """Who wins the position moved to, for the player then to move:
    ``"P"`` means the move wins."""

    @property
    def winning(self) -> bool:
        """Whether the move wins (it leaves the opponent a lost position)."""
        return self.verdict == "P"


def value(
    position: Summand,
    play: PlayName = "normal",
    method: MethodName = "auto",
    **limits: "Unpack[Limits]",
) -> Report:
    """The value, who wins and every winning move of ``position``, played
    under ``play`` and decided by ``method`` (``"auto"``: the library
    chooses), as ``grundy value`` answers.

    ``position`` is an expression (text or :func:`parse`\\ d), a
    :class:`Game` written in Python, or a sum of them (``+``)."""
    lim = _limits(dict(limits))
    parts = _python_parts(position)
    if parts is None:
        text = _text(position)
        data = json.loads(_grundy.analyze(text, play, method, lim))
        p = data["position"]
        shown_play = _play_of_text(p)
        return Report(
            position=Position._canonical(p, shown_play),
            play=shown_play,  # type: ignore[arg-type]
            value=_value(data["value"]),
            verdict=data["verdict"],
            winning_moves=[Position._canonical(m, shown_play) for m in data["winning_moves"]],
            winning_moves_complete=data["winning_moves_complete"],
            winning_move_count=data["winning_move_count"],
            reason=data["reason"],
            method=data["method"],
            method_note=data["method_note"],
            details=data["details"],
        )
    d = _grundy.analyze_game(parts, play, method, lim)
    return Report(
        position=position if not isinstance(position, str) else parse(position),
        play=d["play"],
        value=_value(d["value"]),
        verdict=d["verdict"],
        winning_moves=[_from_parts(m) for m in d["winning_moves"]],
        winning_moves_complete=d["winning_moves_complete"],
        winning_move_count=d["winning_move_count"],
        reason=d["reason"],
        method=d["method"],
        method_note=d["method_note"],
        details={"positions_expanded": d["positions_expanded"]},
    )


def _play_of_text(shown: str) -> str:
    for name in ("misere", "every"):
        if shown.startswith(name + "("):
            return name
    return "normal"


def moves(
    position: Summand,
    play: PlayName = "normal",
    method: MethodName = "auto",
    **limits: "Unpack[Limits]",
) -> List[Move]:
    """Every move of ``position`` with what is known of where it leads, as
    ``grundy moves`` lists them."""
    lim = _limits(dict(limits))
    parts = _python_parts(position)
    if parts is None:
        data = json.loads(_grundy.moves(_text(position), play, method, lim))
        shown_play = _play_of_text(data["position"])
        return [
            Move(Position._canonical(m["position"], shown_play), _value(m["value"]), m["verdict"])
            for m in data["moves"]
        ]
    return [
        Move(_from_parts(m["position"]), _value(m["value"]), m["verdict"])
        for m in _grundy.game_moves(parts, play, method, lim)
    ]


# --------------------------------------------------------------------------
# Tables, periods, plots


class Table(Protocol):
    """What :func:`table` returns: a NumPy array of unsigned integers (a
    subclass of ``numpy.ndarray``) when NumPy is installed, otherwise an
    ``array.array``; either way of the narrowest width that holds every
    value (``uint8`` for most games, so 10^8 values take 100 MB), with
    ``family`` (the canonical name) and an HTML view for notebooks."""

    family: str

    def __len__(self) -> int: ...

    def __getitem__(self, n: Any) -> Any: ...

    def __iter__(self) -> Iterator[Any]: ...

    def _repr_html_(self) -> str: ...


_table_classes: Dict[str, Any] = {}


def _table_class(numpy: Any) -> Any:
    key = "numpy" if numpy is not None else "array"
    if key in _table_classes:
        return _table_classes[key]
    if numpy is not None:

        class NumpyTable(numpy.ndarray):  # type: ignore[misc]
            family: str = ""

            def __array_finalize__(self, obj: Any) -> None:
                self.family = getattr(obj, "family", "")

            def _repr_html_(self) -> str:
                return _table_html(self.family, [int(v) for v in self[:_SHOWN]], len(self))

        _table_classes[key] = NumpyTable
    else:
        import array

        class ArrayTable(array.array):  # type: ignore[type-arg]
            family: str = ""

            def _repr_html_(self) -> str:
                return _table_html(self.family, list(self[:_SHOWN]), len(self))

        _table_classes[key] = ArrayTable
    return _table_classes[key]


_SHOWN = 200


def _array_code(width: int) -> str:
    """The ``array.array`` typecode of unsigned integers ``width`` bytes
    wide (the widths of ``I`` and ``L`` vary between platforms)."""
    import array

    return next(code for code in "BHILQ" if array.array(code).itemsize == width)


def _numpy() -> Any:
    if os.environ.get("GRUNDY_NO_NUMPY"):
        return None
    try:
        import numpy
    except ImportError:
        return None
    return numpy


def table(family: str, to: int, **limits: "Unpack[Limits]") -> Table:
    """``G(0), G(1), ..., G(to)`` of a one-heap family, as ``grundy table``
    computes them (with the same checkpoints: ``checkpoint="file"`` saves
    the values and resumes from them; Ctrl-C stops the computation, keeps
    the checkpoint and raises ``KeyboardInterrupt``)."""
    if to < 0:
        raise InvalidError(f"to must be a non-negative integer, not {to}")
    head, width, raw = _grundy.table(family, to, _limits(dict(limits)))
    numpy = _numpy()
    cls = _table_class(numpy)
    if numpy is not None:
        out = numpy.frombuffer(raw, dtype=numpy.dtype(f"=u{width}")).view(cls)
    else:
        out = cls(_array_code(width))
        out.frombytes(raw)
    out.family = head
    return out  # type: ignore[no-any-return]


def _table_html(family: str, values: List[int], total: int) -> str:
    try:
        p: Optional[Period] = period(family, max=min(max(total - 1, 10_000), 100_000))
    except GrundyError:
        p = None
    pre = p.preperiod if p is not None and p.preperiod is not None else None
    per = p.period if p is not None else None
    e = html.escape
    rows = []
    for start in range(0, len(values), 10):
        cells = []
        for n in range(start, min(start + 10, len(values))):
            style = ""
            if pre is not None and per is not None and n < pre:
                style = ' style="background:#fde2e2" title="exception (pre-period)"'
            elif pre is not None and per is not None and n < pre + per:
                style = ' style="background:#e2f0fd" title="first period"'
            cells.append(f"<td{style}>{values[n]}</td>")
        rows.append(f"<tr><th>{start}</th>{''.join(cells)}</tr>")
    caption = f"G(n) of <code>{e(family)}</code>, n = 0..{total - 1}"
    if p is not None and per is not None:
        caption += (
            f"; period {per}" + (f", saltus {p.saltus}" if p.saltus else "")
            + (f", pre-period 0..{p.last_exception} (red)" if p.last_exception is not None else "")
            + " (first period in blue), "
            + ("certified" if p.certified else "observed only")
        )
    more = f"<br><small>first {len(values)} of {total} values</small>" if total > len(values) else ""
    return f"<table><caption>{caption}</caption>{''.join(rows)}</table>{more}"


@dataclass(frozen=True)
class Period:
    """The period of a one-heap family, as ``grundy period --json`` says."""

    family: str
    period: Optional[int]
    preperiod: Optional[int]
    last_exception: Optional[int]
    """The last heap size that does not follow the period (``None``:
    periodic from 0)."""
    saltus: Optional[int]
    certified: bool
    """Whether the period is proven for every heap size."""
    checked_to: Optional[int]
    """Values ``G(0..checked_to)`` were computed and compared."""
    proof: Optional[Dict[str, Any]]
    """The theorem behind a certified period (``{"kind": "guy-smith", ...}``)."""
    proof_text: Optional[str]
    """Why the period holds, in one sentence."""
    search: Optional[Dict[str, Any]]
    """What the search looked for, also when it found nothing: the theorem
    a period found would rest on (``{"kind": "observed"}`` where none
    applies)."""
    theorem_bound: Optional[int]

    def __str__(self) -> str:
        if self.period is None:
            return (
                f"{self.family}: no period found up to {(self.checked_to or 1) - 1}"
                f" ({self.checked_to or 0} values computed)"
            )
        pre = (
            "no pre-period (periodic from 0)"
            if self.last_exception is None
            else f"pre-period 0..{self.last_exception} (last exception at {self.last_exception})"
        )
        return f"{self.family}: period {self.period}, {pre}; {self.proof_text}"

    def _repr_html_(self) -> str:
        return f"<p>{html.escape(str(self))}</p>"


def period(family: str, max: int = 10_000_000, **limits: "Unpack[Limits]") -> Period:
    """The period of a one-heap family, proven where a theorem applies
    (Guy–Smith for take-and-break games, the window argument for
    subtraction games), otherwise observed and said so; computes at most
    ``max`` values."""
    d = json.loads(_grundy.period(family, max, _limits(dict(limits))))
    return Period(**d)


@dataclass(frozen=True)
class Genus:
    """The genus of one heap, in Winning Ways' notation (``0^{120}``)."""

    text: str
    grundy: int
    misere_grundy: int
    superscripts: List[int]
    prefix: List[int]
    cycle: List[int]

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class GenusTable:
    """The misère values and genus of each heap of a one-heap family, as
    ``grundy genus --json`` says."""

    family: str
    genera: List[Genus]

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{n}</td><td>{g.grundy}</td><td>{g.misere_grundy}</td><td>{html.escape(g.text)}</td></tr>"
            for n, g in enumerate(self.genera)
        )
        return (
            f"<table><caption>genus of {html.escape(self.family)}</caption>"
            f"<tr><th>n</th><th>G</th><th>G⁻</th><th>genus</th></tr>{rows}</table>"
        )


def genus(family: str, to: int, **limits: "Unpack[Limits]") -> GenusTable:
    """The misère values and genus of heaps ``0..=to`` of a one-heap family."""
    d = json.loads(_grundy.genus(family, to, _limits(dict(limits))))
    return GenusTable(d["family"], [Genus(**g) for g in d["genera"]])


@dataclass(frozen=True)
class Quotient:
    """The misère quotient of the sums of heaps ``0..=heaps`` of a one-heap
    family, as ``grundy quotient --json`` says (docs/MISERE.md): a sum is
    a misère P-position exactly when the product of its heaps' ``phi``
    lies in ``p_positions``."""

    heaps: int
    status: str
    """``"verified"``: the quotient passed the finite check."""
    order: int
    p_count: int
    elements: List[str]
    """Each element as its least word in the generators (``1``, ``a``, ``a²b``)."""
    p_positions: List[int]
    phi: List[int]
    """``Φ(n)`` of each heap, as an index into :attr:`elements`."""
    phi_names: List[str]
    generators: List[Dict[str, Any]]
    relations: List[Dict[str, str]]
    table: Optional[List[List[int]]]
    """The multiplication table, for quotients of at most 64 elements."""
    tame: Dict[str, Any]
    period: Optional[Dict[str, Any]]

    def is_p_position(self, heaps: Iterable[int]) -> bool:
        """Whether a sum of heaps (each at most :attr:`heaps`) is lost by
        the player to move under misère play (needs :attr:`table`)."""
        if self.table is None:
            raise ValueError("no multiplication table: the quotient has more than 64 elements")
        x = 0  # the identity
        for h in heaps:
            x = self.table[x][self.phi[h]]
        return x in self.p_positions

    def _repr_html_(self) -> str:
        e = html.escape
        head = (
            f"<p>misère quotient of heaps 0..{self.heaps}: order {self.order}, "
            f"|P| = {self.p_count} (P marked)</p>"
        )
        if self.table is None:
            return head
        def cell(i: int) -> str:
            style = ' style="background:#fde2e2"' if i in self.p_positions else ""
            return f"<td{style}>{e(self.elements[i])}</td>"
        rows = "".join(
            f"<tr>{cell(x)}{''.join(cell(z) for z in row)}</tr>" for x, row in enumerate(self.table)
        )
        top = "".join(cell(y) for y in range(self.order))
        return f"{head}<table><tr><th>·</th>{top}</tr>{rows}</table>"


def quotient(family: str, to: int = 30, **limits: "Unpack[Limits]") -> Quotient:
    """The misère quotient of the sums of heaps ``0..=to`` of a one-heap family."""
    d = json.loads(_grundy.quotient(family, to, _limits(dict(limits))))
    return Quotient(**d)


@dataclass(frozen=True)
class Plot:
    """An SVG picture, as ``grundy plot`` draws it; shown by notebooks."""

    svg: str

    def _repr_svg_(self) -> str:
        return self.svg

    def save(self, path: Union[str, "os.PathLike[str]"]) -> None:
        """Writes the SVG document to ``path``."""
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.svg)


def plot(
    family: str,
    to: Union[int, str, None] = None,
    max_points: int = 250_000,
    **limits: "Unpack[Limits]",
) -> Plot:
    """A scatter plot of ``G(n)`` (one-parameter families; ``to=N``) or a
    heat map (two-parameter families; ``to="AxB"``)."""
    return Plot(_grundy.plot(family, None if to is None else str(to), max_points, _limits(dict(limits))))
