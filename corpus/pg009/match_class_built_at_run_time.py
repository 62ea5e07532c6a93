# corpus: profile=safe_eval decision=review
# A class built by a call has whatever __match_args__ the call gave it.
import dataclasses

Shape = dataclasses.make_dataclass("Shape", ["width", "height"])


def describe(value):
    match value:
        case Shape(w, h):  # expect: PG009
            return w * h
    return 0


print(describe(Shape(2, 3)))
