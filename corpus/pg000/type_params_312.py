# corpus: profile=safe_eval decision=deny
def first[T](items: list[T]) -> T:  # expect: PG000@10
    return items[0]
