# corpus: profile=safe_eval decision=review
"""A helper's parameter holds only what its calls pass when the file only calls it by name. Passed on
as a value, decorated, or called with unpacked arguments, it may receive anything: review, as a format
string that is not constant."""
import functools


def show(template, value):
    return template.format(value)  # expect: PG009


@functools.lru_cache(maxsize=None)
def cached(template, value):
    return template.format(value)  # expect: PG009


def unpacked(template, value):
    return template.format(value)  # expect: PG009


print(list(map(show, ["{0.real}"], [1])))
print(cached("{0.real}", 1))
print(unpacked(*["{0.real}", 1]))
