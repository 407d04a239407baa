"""Games written in Python, solved by the Rust solver: they agree with the
same games built in, under every convention, alone and in sums."""

from __future__ import annotations

import time
from typing import Iterable, List, Optional, Hashable

import pytest

import grundy


class Sub(grundy.Game):
    """A subtraction game on one heap."""

    def __init__(self, n: int, s: tuple = (1, 3, 4)) -> None:
        self.n, self.s = n, s

    def key(self) -> Hashable:
        return (self.n, self.s)

    def moves(self) -> List["Sub"]:
        return [Sub(self.n - t, self.s) for t in self.s if t <= self.n]


class Kayles(grundy.Game):
    """Kayles written in Python: a move that splits a row returns a Sum."""

    def __init__(self, n: int) -> None:
        self.n = n

    def key(self) -> Hashable:
        return self.n

    def moves(self) -> Iterable[grundy.Summand]:
        for take in (1, 2):
            for left in range(0, self.n - take + 1):
                right = self.n - take - left
                if left <= right:
                    yield Kayles(left) + Kayles(right)


def test_a_python_subtraction_game_agrees_with_the_built_in_one_on_0_to_1000() -> None:
    built_in = grundy.table("sub{1,3,4}", 1000)
    for n in range(1001):
        assert grundy.value(Sub(n)).grundy == built_in[n], n


def test_a_python_splitting_game_agrees_with_kayles() -> None:
    built_in = grundy.table("kayles", 60)
    assert [grundy.value(Kayles(n)).grundy for n in range(61)] == [int(v) for v in built_in]


def test_sums_mix_python_games_and_expressions() -> None:
    mixed = grundy.value(Sub(9) + grundy.parse("nim(2)"))
    text = grundy.value("sub{1,3,4}(9) + nim(2)")
    assert mixed.grundy == text.grundy == 2
    # Every winning move leads to a P-position, and they are the same moves.
    assert [str(m) for m in mixed.winning_moves] == ["Sub((6, (1, 3, 4))) + nim(2)", "Sub((9, (1, 3, 4))) + nim(0)"]
    assert [str(m) for m in text.winning_moves] == ["sub{1,3,4}(6) + nim(2)", "sub{1,3,4}(9) + nim(0)"]
    for m in mixed.winning_moves:
        assert grundy.value(m).outcome == "P"
    assert grundy.value(Sub(5) + Sub(5) + "kayles(3)").grundy == 3


@pytest.mark.parametrize("play", ["misere", "every"])
def test_other_plays_agree_with_the_built_in_game(play: str) -> None:
    for n in range(25):
        for m in (0, 3, 6):
            mine = grundy.value(Sub(n) + Sub(m), play=play)  # type: ignore[arg-type]
            theirs = grundy.value(f"sub{{1,3,4}}({n},{m})", play=play)  # type: ignore[arg-type]
            assert mine.outcome == theirs.outcome, (play, n, m)
            for w in mine.winning_moves:
                assert grundy.value(w, play=play).outcome == "P"  # type: ignore[arg-type]


def test_moves_of_python_games() -> None:
    ms = grundy.moves(Sub(5))
    assert [(m.position.key(), m.value.value if m.value else None, m.winning) for m in ms] == [  # type: ignore[union-attr]
        ((4, (1, 3, 4)), 2, False),
        ((2, (1, 3, 4)), 0, True),
        ((1, (1, 3, 4)), 1, False),
    ]


def test_limits_apply_to_python_games() -> None:
    with pytest.raises(grundy.LimitError) as info:
        grundy.value(Sub(5000), max_positions=100)
    assert info.value.keyword == "max_positions"
    with pytest.raises(grundy.LimitError, match="--max-moves"):
        grundy.value(Sub(10, tuple(range(1, 11))), max_moves=5)


def test_python_errors_in_moves_are_raised_as_they_are() -> None:
    class Broken(grundy.Game):
        def key(self) -> Hashable:
            return 0

        def moves(self) -> List[grundy.Game]:
            raise RuntimeError("no moves today")

    with pytest.raises(RuntimeError, match="no moves today"):
        grundy.value(Broken())


def test_bad_games_are_clear_errors() -> None:
    class Unhashable(grundy.Game):
        def key(self) -> Optional[Hashable]:
            return [1, 2]  # type: ignore[return-value]

        def moves(self) -> List[grundy.Game]:
            return []

    with pytest.raises(grundy.InvalidError, match="cannot be hashed"):
        grundy.value(Unhashable())

    class WrongMove(grundy.Game):
        def moves(self) -> List[int]:  # type: ignore[override]
            return [3]

    with pytest.raises(grundy.InvalidError, match="is not a game"):
        grundy.value(WrongMove())
    with pytest.raises(grundy.InvalidError, match="must enclose the whole expression|cannot be part of a sum"):
        grundy.value(Sub(3) + grundy.parse("misere(nim(1))"))


def test_a_game_without_key_is_its_own_key() -> None:
    class Heap(grundy.Game):
        def __init__(self, n: int) -> None:
            self.n = n

        def __eq__(self, other: object) -> bool:
            return isinstance(other, Heap) and other.n == self.n

        def __hash__(self) -> int:
            return hash(self.n)

        def moves(self) -> List["Heap"]:
            return [Heap(k) for k in range(self.n)]

    assert grundy.value(Heap(6) + Heap(3)).grundy == 5


def test_cost_per_position_is_small() -> None:
    # A loose bound that catches a solver re-expanding positions: 20 000
    # positions of a game written in Python in well under 10 seconds.
    start = time.perf_counter()
    r = grundy.value(Sub(20_000))
    elapsed = time.perf_counter() - start
    assert r.details["positions_expanded"] == 20_001 + 1  # each once, and the root again for its winning moves
    assert elapsed < 10, elapsed
