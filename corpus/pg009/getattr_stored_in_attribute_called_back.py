# corpus: profile=safe_eval decision=review
"""getattr stored on an object's attribute, as a class attribute, or as self.x and read through an object the
resolver cannot trace: attributes are read where no site shows, so the stored reference is a review."""


class Namespace:
    pass


o = Namespace()
o.f = getattr  # expect: PG009
print(o.f((), "__class__"))


class Holder:
    g = getattr  # expect: PG009

    def __init__(self):
        self.h = getattr  # expect: PG009


def use(x):
    return x.g((), "__class__"), x.h((), "__class__")


print(use(Holder()))
