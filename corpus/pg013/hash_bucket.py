# corpus: profile=code_pool decision=deny
"""hash() is salted per process, so this policy is not deterministic."""


def bucket(key: str, buckets: int) -> int:
    return hash(key) % buckets  # expect: PG013
