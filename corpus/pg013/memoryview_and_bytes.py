# corpus: profile=code_pool decision=deny
"""bytes() and memoryview() are capabilities the pool did not grant."""


def checksum(data: str) -> int:
    raw = bytes(data, "utf-8")  # expect: PG013
    view = memoryview(raw)  # expect: PG013
    return sum(view.tolist()) % 256
