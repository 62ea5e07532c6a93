# corpus: profile=safe_eval decision=allow
"""operator.attrgetter with a dotted public path used as a sort key."""
import operator
from collections import namedtuple

Person = namedtuple("Person", "name age")
people = [Person("bo", 30), Person("al", 25)]
print(sorted(people, key=operator.attrgetter("age")), operator.methodcaller("upper")("x"))
