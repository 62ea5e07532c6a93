# corpus: profile=safe_eval decision=allow
"""Helpers that format constant templates or read constant attribute names, called only by name: every
value that reaches them is seen, and none reads more than an ordinary attribute."""


def cell(template, value, width=8):
    return template.format(value).rjust(width)


def heading(title, template="== {} =="):
    return template.format(title.upper())


def field(record, name):
    return getattr(record, name)


rows = [(1.5, 2), (3.25, 4)]
print(heading("totals"))
for price, count in rows:
    print(cell("{:.2f}", price) + cell("{0}", count) + cell("{0.real}", price * count, width=10))
print(field(3 + 4j, "imag"), field(2.5, "real"))
