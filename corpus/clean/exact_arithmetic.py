# corpus: profile=safe_eval decision=allow
"""Exact arithmetic with fractions and decimals, and itertools recipes."""
import itertools
from decimal import Decimal, ROUND_HALF_EVEN, localcontext
from fractions import Fraction


def harmonic(n: int) -> Fraction:
    return sum((Fraction(1, k) for k in range(1, n + 1)), Fraction(0))


def running_balance(transactions: list[str]) -> list[Decimal]:
    amounts = (Decimal(t) for t in transactions)
    return list(itertools.accumulate(amounts))


def split_bill(total: str, people: int) -> list[Decimal]:
    with localcontext() as ctx:
        ctx.rounding = ROUND_HALF_EVEN
        share = (Decimal(total) / people).quantize(Decimal("0.01"))
    shares = [share] * people
    shares[-1] += Decimal(total) - share * people
    return shares


h = harmonic(10)
balance = running_balance(["100.00", "-20.50", "-5.25", "42.10"])
steps = [b - a for a, b in itertools.pairwise(balance)]
runs = [(key, len(list(group))) for key, group in itertools.groupby("aaabccdddd")]
pairs = list(itertools.combinations("abcd", 2))
print(h, float(h), balance[-1], steps, split_bill("100.00", 3), runs, len(pairs))
