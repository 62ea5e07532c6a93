# corpus: profile=safe_eval decision=deny
"""setattr with a constant dunder name swaps an object's class."""
class Safe:
    pass


class Other:
    pass


obj = Safe()
setattr(obj, "__class__", Other)  # expect: PG009
