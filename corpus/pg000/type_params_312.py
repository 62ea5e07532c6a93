# corpus: profile=safe_eval decision=deny target=3.11
def first[T](items: list[T]) -> T:  # expect: PG000@10
    return items[0]
