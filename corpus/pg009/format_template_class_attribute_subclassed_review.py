# corpus: profile=safe_eval decision=review
"""A subclass that binds the same name, a base class, or a method that sets
the attribute each leave the template unknown: a review, as before."""


class Report:
    template = "{name}"

    def render(self, name):
        return self.template.format(name=name)  # expect: PG009


class Detailed(Report):
    template = "{name}!"


class Counted(dict):
    template = "{0}"

    def render(self, value):
        return self.template.format(value)  # expect: PG009


class Reset:
    template = "{0}"

    def reset(self, text):
        self.template = text

    def render(self, value):
        return self.template.format(value)  # expect: PG009


print(Detailed().render("x"), Counted().render(1))
