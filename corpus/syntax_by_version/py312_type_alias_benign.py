# corpus: profile=safe_eval decision=allow target=3.12
# PEP 695 as CPython 3.12 reads it: a type alias and generic definitions.
type Pair = tuple[int, int]
type Mapping[K, V] = dict[K, list[V]]


def first[T](items: list[T]) -> T:
    return items[0]


class Box[T: (int, str)]:
    pass
