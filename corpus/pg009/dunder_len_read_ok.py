# corpus: profile=safe_eval decision=allow
"""__len__ is an ordinary method: items.__len__() is len(items), and reaches nothing more."""
items = [1, 2, 3]
count = items.__len__()
print(count)
