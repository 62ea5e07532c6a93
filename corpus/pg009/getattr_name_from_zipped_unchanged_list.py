# corpus: profile=safe_eval decision=allow
"""A loop over zip(axes, comps) gives each target the elements of the list zip
takes it from: getattr over a list of ordinary names bound once and only
iterated is the constant it is (a notebook's decomposition plot)."""
comps = ["real", "imag"]
values = [3j, 1 + 2j]
for value, comp in zip(values, comps):
    print(getattr(value, comp))
