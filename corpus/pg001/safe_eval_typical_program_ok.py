# corpus: profile=safe_eval decision=allow
# A typical computation: dataclasses, singledispatch with annotations, generators
# read boundedly, asyncio, format strings, string.Template, json.
from __future__ import annotations

import asyncio
import dataclasses
import functools
import itertools
import json
import math
import re
import string
import typing
from collections import Counter, defaultdict
from typing import Optional


@dataclasses.dataclass(frozen=True)
class Point:
    x: float
    y: float

    def distance(self, other: "Point") -> float:
        return math.hypot(self.x - other.x, self.y - other.y)


@functools.singledispatch
def describe(value: object) -> str:
    return repr(value)


@describe.register
def _(value: int) -> str:
    return f"int {value:>8d}"


@describe.register
def _(value: "list[int]") -> str:
    return ", ".join("{:.2f}".format(v) for v in value)


def primes(limit: int) -> typing.Iterator[int]:
    sieve = [True] * (limit + 1)
    for n in range(2, limit + 1):
        if sieve[n]:
            yield n
            for m in range(n * n, limit + 1, n):
                sieve[m] = False


def naturals():
    n = 0
    while True:
        yield n
        n += 1


async def gather_squares(values: list[int]) -> list[int]:
    async def square(v: int) -> int:
        await asyncio.sleep(0)
        return v * v

    return await asyncio.gather(*(square(v) for v in values))


words = re.findall(r"\w+", "the quick brown fox jumps over the lazy dog the end")
counts = Counter(words)
groups: defaultdict[int, list[str]] = defaultdict(list)
for w in words:
    groups[len(w)].append(w)
first_ten = list(itertools.islice(naturals(), 10))
template = string.Template("$name has $n items")
result = {
    "primes": list(primes(50)),
    "top": counts.most_common(3),
    "squares": asyncio.run(gather_squares(first_ten)),
    "text": template.substitute(name="list", n=len(first_ten)),
    "point": dataclasses.asdict(Point(1, 2)),
    "d": Point(0, 0).distance(Point(3, 4)),
    "desc": describe(5),
}
print(json.dumps(result, default=str, indent=2))
maybe: Optional[int] = None
