# corpus: profile=safe_eval decision=deny target=3.11
type Point = tuple[float, float]  # expect: PG000@1
