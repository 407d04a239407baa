"""The errors grundy raises, one class per kind of library error.

Messages are the command line's (without its ``grundy:`` prefix). Parse and
invalid-input errors are also ``ValueError``s and file errors ``OSError``s,
so code that catches the built-in kinds keeps working. Ctrl-C during a
long computation raises Python's own ``KeyboardInterrupt``.
"""

from __future__ import annotations

from typing import Optional


class GrundyError(Exception):
    """Base class of every error grundy raises."""


class ParseError(GrundyError, ValueError):
    """Text that does not parse; ``at`` is the 1-based column (or line)."""

    at: Optional[int] = None


class InvalidError(GrundyError, ValueError):
    """Input that parses but describes no valid game, position or question."""


class LimitError(GrundyError):
    """A computation would exceed a limit.

    ``keyword`` names the keyword argument that raises it (``max_positions``),
    ``flag`` the command line's flag (``--max-positions``), ``limit`` the value
    that was hit and ``what`` what ran out.
    """

    keyword: str = ""
    flag: str = ""
    limit: int = 0
    what: str = ""


class CycleError(GrundyError):
    """A game that must be acyclic has a cycle."""


class FileError(GrundyError, OSError):
    """A file could not be read or written."""


class ScriptError(GrundyError):
    """A scripted game's script failed."""


__all__ = [
    "GrundyError",
    "ParseError",
    "InvalidError",
    "LimitError",
    "CycleError",
    "FileError",
    "ScriptError",
]
