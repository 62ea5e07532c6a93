# corpus: profile=safe_eval decision=review target=3.12
# Review, not allow: pygate has no library table for CPython 3.12, so each
# builtin name is a review (PG014) until one is compiled in.
# PEP 695 as CPython 3.12 reads it: a type alias and generic definitions.
type Pair = tuple[int, int]  # expect: PG014 PG014 PG014
type Mapping[K, V] = dict[K, list[V]]  # expect: PG014 PG014


def first[T](items: list[T]) -> T:  # expect: PG014
    return items[0]


class Box[T: (int, str)]:  # expect: PG014 PG014
    pass
