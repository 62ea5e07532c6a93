# corpus: profile=safe_eval decision=allow
"""Constant format strings without dunder fields are ordinary formatting; so is a format method of the file's own class."""
print("{0:>10}".format(3), "{name}".format(name=1), "{0.real}".format(1))
print("{a}-{b}".format_map({"a": 1, "b": 2}))


class Report:
    obj = 1

    def format(self, value):
        return str(value)


report = Report()
print(report.format(2))
try:
    value = Report().obj
except KeyError as missing:
    value = missing.args
