# corpus: profile=safe_eval decision=deny
"""Values a loop of constant length grows geometrically past the memory limit or a million digits."""
buf = "x"
for _ in range(100):
    buf += buf  # expect: PG008
items = [0]
for _ in range(64):
    items = items * 2  # expect: PG008
v = 3
for _ in range(40):
    v = v ** 2  # expect: PG008
tree = []
for _ in range(100):
    tree = [tree, tree]  # expect: PG008
