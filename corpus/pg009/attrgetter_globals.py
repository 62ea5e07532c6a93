# corpus: profile=safe_eval decision=deny
"""operator.attrgetter with a dunder name builds the walk as a callable."""
import operator


def target():
    return None


grab = operator.attrgetter("__globals__")  # expect: PG009
print(grab(target))
