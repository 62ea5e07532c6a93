# corpus: profile=safe_eval decision=review
"""A class attribute template is all its values only when nothing else sets
it: here a store from outside the class may put any text there, so the
format string is not known and the call is a review."""


class Report:
    template = "{name}: {value:.2f}"

    def render(self, name, value):
        return self.template.format(name=name, value=value)  # expect: PG009


if len(str(3)) > 5:
    Report.template = str(input())
print(Report().render("rain", 12.5))
