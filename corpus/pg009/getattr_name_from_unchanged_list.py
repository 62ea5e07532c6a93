# corpus: profile=safe_eval decision=deny
"""A list bound once to a name and only ever read by subscript never changes: its element is folded."""
names = ["__self__", "__class__"]
name = names[0]
print(getattr(len, name))  # expect: PG009
print(getattr(len, names[1]))  # expect: PG009
for n in names:
    print(n)
