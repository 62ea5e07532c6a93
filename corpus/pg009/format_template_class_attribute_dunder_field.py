# corpus: profile=safe_eval decision=deny
"""A constant class attribute template is judged by its fields: a dunder
field is the getattr it is, denied."""


class Report:
    template = "{0.__class__.__base__}"

    def render(self, value):
        return self.template.format(value)  # expect: PG009


print(Report().render(1))
