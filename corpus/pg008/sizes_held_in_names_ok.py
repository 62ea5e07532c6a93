# corpus: profile=safe_eval decision=allow
"""Small sizes in names, a name that grows from itself and a name bound twice:
nothing here is a constant too big to build."""
width = 80
line = "-" * width
total = 1
total = total * 10
step = 3
step = step + 1
print(line, [0] * width, total, step)
