# corpus: profile=code_pool decision=deny
"""Every import form is forbidden in the code pool: math is already a global."""
import math  # expect: PG011 PG003
from math import floor  # expect: PG011 PG003


def policy(x: float) -> float:
    return floor(math.sqrt(x))
