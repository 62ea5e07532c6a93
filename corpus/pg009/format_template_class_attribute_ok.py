# corpus: profile=safe_eval decision=allow
"""A constant template in a class attribute that only the class body sets is
the constant it is: self.template.format(...) reads the fields it names, and
these are plain names and format specs."""


class Report:
    template = "{name}: {value:.2f} ({share:.0%})"
    header = "{:>10} | {:>8}"

    def __init__(self, name, value, share):
        self.name = name
        self.value = value
        self.share = share

    def render(self):
        return self.template.format(name=self.name, value=self.value, share=self.share)


print(Report.header.format("name", "value"))
print(Report("rain", 12.5, 0.25).render())
