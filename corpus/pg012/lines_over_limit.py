# corpus: profile=profiles/tiny_lines.toml decision=deny
"""Ten lines under a profile that allows eight: reported at line 9."""


def policy(x: int) -> int:
    y = x + 1
    z = y * 2
    w = z - 3
    return w  # expect: PG012
# line ten
