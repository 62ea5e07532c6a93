# corpus: profile=safe_eval decision=deny
"""A constant format string that reaches .format through a parameter, a return value or an attribute
is followed there, and its dunder field is denied as the getattr it is. So is a second formatting pass
of constants."""


def leak(fmt, value):
    return fmt.format(value)  # expect: PG009


def template():
    return "{0.__class__}"


class Holder:
    def __init__(self):
        self.fmt = "{0.__globals__}"

    def show(self, value):
        return self.fmt.format(value)  # expect: PG009


print(leak("{0.__class__}", 1))
print(template().format(1))  # expect: PG009
print("{{0.__class__}}".format().format(1))  # expect: PG009
