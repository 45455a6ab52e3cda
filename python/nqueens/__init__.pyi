# Type hints of the nqueens package (python/nqueens/__init__.py; docstrings there).
import array
import enum
import os
from typing import Callable, Iterator, Literal, Sequence

__version__: str
MAX_N: int
FORMATS: tuple[str, ...]

Format = Literal["cols", "pairs", "board", "json", "jsonl", "grid", "perm", "matrix", "svg"]
InputFormat = Literal["auto", "cols", "pairs", "board", "json", "jsonl", "grid", "perm",
                      "matrix", "cases", "count"]
Path = str | bytes | os.PathLike[str] | os.PathLike[bytes]

class NQueensError(Exception): ...
class JournalError(NQueensError):
    path: str
    status: int
    line: int
    kind: int
class ParseError(NQueensError, ValueError): ...
class ConflictError(NQueensError, ValueError): ...

class Symmetry(enum.IntEnum):
    IDENTITY = 0
    ROT90 = 1
    ROT180 = 2
    ROT270 = 3
    MIRROR = 4
    FLIP = 5
    TRANSPOSE = 6
    ANTITRANSPOSE = 7

SymmetryLike = Symmetry | int | Literal["identity", "rot90", "rot180", "rot270", "mirror",
                                        "flip", "transpose", "antitranspose"]

class Solution:
    cols: tuple[int, ...]
    def __init__(self, cols: Sequence[int] | array.array[int]) -> None: ...
    @property
    def n(self) -> int: ...
    @property
    def given(self) -> tuple[bool, ...] | None: ...
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[int]: ...
    def __getitem__(self, row: int) -> int: ...
    def __lt__(self, other: Solution) -> bool: ...
    def __hash__(self) -> int: ...
    def pairs(self) -> list[tuple[int, int]]: ...
    def format(self, fmt: Format = ..., *, column_major: bool = ...) -> str: ...
    def svg(self, *, column_major: bool = ...) -> str: ...
    def _repr_svg_(self) -> str: ...
    def canonical(self) -> Solution: ...
    def orbit(self) -> Literal[1, 2, 4, 8]: ...
    def transform(self, sym: SymmetryLike) -> Solution: ...

class CountResult:
    n: int
    total: int
    unique: int
    orbits: dict[int, int]
    nodes: int
    seconds: float
    kernel: str
    method: Literal["backtrack", "quadrant"]
    threads: int
    subproblems: int
    resumed: int
    computed: int
    def __int__(self) -> int: ...
    def __index__(self) -> int: ...
    def _repr_html_(self) -> str: ...

def count(n: int, *, unique: bool = ..., threads: int | None = ..., checkpoint: Path | None = ...,
          progress: Callable[[int, int], object] | bool | None = ...,
          kernel: Literal["auto", "generic", "avx2", "avx512"] = ...,
          method: Literal["auto", "backtrack", "quadrant"] = ...,
          force: bool = ...) -> CountResult: ...
def journal_info(path: Path) -> dict[str, object]: ...
def known_count(n: int) -> tuple[int, int] | None: ...
def solutions(n: int, *, unique: bool = ...) -> Iterator[Solution]: ...
def solution_array(n: int, *, unique: bool = ..., limit: int | None = ...) -> memoryview: ...
def solve(n: int, fmt: Format = ..., *, unique: bool = ..., limit: int | None = ...,
          column_major: bool = ...) -> str: ...
def find(n: int, method: Literal["first", "construct", "random"] | None = ...,
         seed: int | None = ...) -> array.array[int] | None: ...
def complete(n: int, queens: str | bytes | Sequence[tuple[int, int]], *, all: bool = ...,
             count: bool = ...) -> Solution | list[Solution] | int | None: ...

class Verdict:
    kind: Literal["valid", "attack", "incomplete", "size", "malformed", "duplicate",
                  "claim_right", "claim_wrong", "claim_unknown"]
    index: int
    n: int
    list_n: int
    conflict: tuple[int, int, int, int, str] | None
    row: int
    dup_of: int
    dup_line: int
    known_total: int | None
    known_unique: int | None
    line: int
    column: int
    group: int
    error: str | None
    claim: Literal["none", "count"] | None
    claim_total: int | None
    claim_unique: int | None
    @property
    def ok(self) -> bool: ...

class Group:
    group: int
    n: int
    line: int
    items: int
    valid: int
    wrong: int
    duplicates: int
    placements: int
    claims: int
    unchecked: int
    claims_none: bool
    known: bool
    expected: int | None
    complete: bool
    missing: int | None
    first_missing: tuple[int, ...] | None
    ordered: bool
    order_index: int
    order_line: int

class CheckReport:
    format: str
    verdicts: list[Verdict]
    groups: list[Group]
    @property
    def ok(self) -> bool: ...
    @property
    def problems(self) -> list[Verdict]: ...

def check(source: str | bytes | os.PathLike[str], *, n: int | None = ...,
          format: InputFormat = ...) -> CheckReport: ...

class TraceEvent:
    kind: Literal["try", "attacked", "place", "solution", "dead_end", "backtrack"]
    n: int
    row: int
    col: int
    attack: Literal["none", "column", "diagonal", "anti-diagonal"]
    by_row: int
    by_col: int
    cols: tuple[int, ...]
    number: int
    reason: Literal["dead end", "solution", "exhausted"] | None

def trace(n: int) -> Iterator[TraceEvent]: ...
