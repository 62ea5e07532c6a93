# corpus: profile=safe_eval decision=deny
"""open stored through a subscript or an attribute, or returned by a decorator, is called where no call shows:
judged as a call on a path that is not constant, which safe_eval (no file access) refuses."""
handlers = {}
handlers["read"] = open  # expect: PG006
print(handlers["read"]("/etc/passwd").read())


class Namespace:
    pass


ns = Namespace()
ns.reader = open  # expect: PG006
print(ns.reader("/etc/passwd").read())


def as_opener(f):
    return open  # expect: PG006


@as_opener
def show():
    pass


print(show("/etc/passwd").read())
