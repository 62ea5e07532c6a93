# corpus: profile=safe_eval decision=deny
type Point = tuple[float, float]  # expect: PG000@1
