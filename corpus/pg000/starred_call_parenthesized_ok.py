# corpus: profile=safe_eval decision=allow
# Starred calls the parser reads right: first in an argument list, after a
# literal in a list, a keyword splat, or bracketed as `*(f(x))`.
def total(*numbers):
    return sum(numbers)


words = "a b c"
counts = {"a": 1}
a = total(*map(int, "123"))
b = [1, *range(4)]
c = dict(**counts.copy())
d = [*(range(4))]
print("words:", *(words.split()))
