# corpus: profile=safe_eval decision=allow
# Forward references and other strings typing may evaluate, when they only
# name types; Literal's strings are values; dictionary keys are no types.
from __future__ import annotations

import typing
from typing import Annotated, Dict, List, Literal, Optional

import collections.abc


class Node:
    def add(self, other: "Node") -> "Node":
        return other

    def children(self) -> List["Node"]:
        return []


def f(x: "Optional[Dict[str, List[int]]]", y: 'int | None' = None, mode: Literal["r", "w"] = "r") -> "typing.Any":
    return x


def g(items: "collections.abc.Iterable[Node]", n: "Literal[-1, 2.5, 'a b']") -> "list[tuple[int, ...]]":
    return []


T = typing.TypeVar("T", bound="Node")
Alias = List["Node"]
d = {"k(1)": 1, "eval": 2}
v = d["k(1)"] + d["eval"]
Point = typing.NamedTuple("Point", [("x", "int"), ("y", "float")])


def h(on_error: 'Literal["raise", "warn", "(x)"]' = "raise") -> typing.Literal["global", "a(b)"]:
    return on_error


Scope = typing.Tuple[Literal["global"], str]
Keyword = "not in"


def measured(distance: Annotated[float, "metres (m)"], note: "Annotated[str, 'free (text)']") -> None:
    return None


Metres = typing.Annotated[float, "unit: m (SI)"]
