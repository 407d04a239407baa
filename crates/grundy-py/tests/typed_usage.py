"""A small typed program using grundy, checked by mypy --strict in the tests."""

from __future__ import annotations

from typing import Hashable, List, Optional

import grundy


class Sub134(grundy.Game):
    def __init__(self, n: int) -> None:
        self.n = n

    def key(self) -> Hashable:
        return self.n

    def moves(self) -> List[grundy.Game]:
        return [Sub134(self.n - s) for s in (1, 3, 4) if s <= self.n]


def first_winning_move(text: str) -> Optional[str]:
    r: grundy.Report = grundy.value(text, play="misere", max_positions=10_000, time_limit=5)
    return str(r.winning_moves[0]) if r.winning_moves else None


g: Optional[int] = grundy.value(Sub134(9) + grundy.parse("nim(2)")).grundy
n: grundy.Nimber = grundy.Nimber(6) * grundy.Nimber(13)
p: grundy.Period = grundy.period("kayles", max=10_000)
t: grundy.Table = grundy.table("octal[0.6]", 100, checkpoint="/tmp/t.ckpt", threads=1)
svg: str = grundy.plot("wythoff", "10x10").svg
moves: List[grundy.Move] = grundy.moves("nim(1,2)")
try:
    grundy.parse("nim(")
except grundy.ParseError as e:
    column: Optional[int] = e.at
