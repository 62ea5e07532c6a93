# corpus: profile=safe_eval decision=deny
# An ordinary dunder leads nowhere by itself; every step after it is judged,
# and the dunders that read or write by a string, store by method or walk to
# classes stay flagged.
class Base:
    def __init__(self):
        self.x = 1


init_globals = Base.__init__.__globals__  # expect: PG009
bound_self = Base().__init__.__self__  # expect: PG009
through_format = "{0.__init__.__globals__}".format(Base())  # expect: PG009
by_getattr = getattr(Base.__init__, "__code__")  # expect: PG009
by_string = Base().__getattribute__("x")  # expect: PG009
Base().__setattr__("x", 2)  # expect: PG009
{}.__setitem__("k", 1)  # expect: PG009
pickled = Base().__reduce_ex__(2)  # expect: PG009
made = object.__new__(Base)  # expect: PG009
print(*getattr(Base(), "__class__").__subclasses__())  # expect: PG009 PG009
