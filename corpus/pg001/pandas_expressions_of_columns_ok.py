# corpus: profile=data_processing decision=allow
# pandas parses these strings with Python's grammar: names of columns,
# constants, operators and parentheses only read columns, whatever grouping.
import pandas as pd

df = pd.DataFrame({"A": [1, 2, 3], "B": [4, 5, 6]})
mean = df.eval("(A + B) / 2")
scaled = pd.eval("-df * 2 / (df + 1)")
inside = df.query("(A > 0) & (B < 2)")
listed = df.query("A in [1, 2] and not (B == 'x')")
for expression in ["A * 2", "~(B > 5) | (A != 1)"]:
    print(df.eval(expression))
print(mean, scaled, inside, listed)
