# corpus: profile=safe_eval decision=deny
# operator.attrgetter follows a dotted path segment by segment and takes
# several of them: a dunder anywhere in any of them is read.
import operator


def f():
    return 1


class Box:
    fn = f


namespace = operator.attrgetter("fn.__globals__")(Box)  # expect: PG009
code = operator.attrgetter("fn", "fn.__code__")(Box)  # expect: PG009
plain = operator.attrgetter("fn.__name__", "fn")(Box)
