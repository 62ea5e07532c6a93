# corpus: profile=safe_eval decision=deny
"""The format string lives in a variable; constant propagation must see its fields at .format."""
class Widget:
    def __init__(self):
        self.size = 3


fmt = "{0.__init__.__globals__}"
leak = fmt.format(Widget())  # expect: PG009
