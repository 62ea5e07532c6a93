# corpus: profile=safe_eval decision=deny
"""Constants are followed through the file's own functions wherever they reach a format string or a
getattr name: a keyword argument, a default, a closure, a recursive helper, a concatenation with a
parameter, a second formatting pass of a parameter (.format, an f-string, %), a method's argument."""


def render(value, *, template="{0}"):
    return template.format(value)  # expect: PG009


def render_later(template):
    def apply(value):
        return template.format(value)  # expect: PG009

    return apply


def countdown(template, value, n):
    return countdown(template, value, n - 1) if n else template.format(value)  # expect: PG009


def suffixed(prefix, value):
    return (prefix + ".__class__}").format(value)  # expect: PG009


def quoted(field):
    return "{}".format(field)


def field_of(name):
    return f"{{0.{name}}}"


def percent_field(name):
    return "{0.%s}" % name


def pluck(record, name):
    return getattr(record, name)  # expect: PG009


class Report:
    def line(self, template):
        return template.format(self)  # expect: PG009


print(render(1, template="{0.__class__}"))
print(render_later("{0.__globals__}")(print))
print(countdown("{0.real}", 1, 3), countdown("{0.__class__}", 1, 3))
print(suffixed("{0", Report))
print(quoted("{0.__class__}").format(1))  # expect: PG009
print(field_of("__class__").format(1))  # expect: PG009
print(percent_field("__globals__").format(print))  # expect: PG009
print(pluck(3 + 4j, "real"), pluck(pluck, "__globals__"))
print(Report().line("{0.__class__}"))
