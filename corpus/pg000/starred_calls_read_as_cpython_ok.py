# corpus: profile=safe_eval decision=allow
# Starred expressions tree-sitter-python misreads (`*f(x)` as `(*f)(x)`) and
# pygate reads as CPython does, `*(f(x))`: in argument lists, displays,
# expression lists, return and yield, subscripts, after an operator, and in
# assignment and loop targets.
s = "3 1 2"
numbers = [*map(int, s.split())]
print("a", *"x y".split())
print(*numbers, *sorted(numbers))
first = *sorted(numbers)[:3], 0.6
unique = {*numbers[1:], *range(3)}
pairs = (*zip(numbers, numbers),)
shifted = [*range(3) + [4]] if False else [*numbers.copy()]
print(*str(first).split(","), sep="|")
index = {"a": [1]}
picked = {(0,): 1}[*range(1)]


def spread(values):
    yield *values.copy(), 1
    return *sorted(values)[::-1], 2


for item in *spread(numbers), *range(2):
    print(item)
merged = {**dict(a=1), **index.copy()}
*index.get("a")[1:], last = 1, 2, 3
for *index.setdefault("b", [0])[:], tail in [(1, 2)]:
    print(tail)
print(*[*numbers], **dict(sep=" "))
