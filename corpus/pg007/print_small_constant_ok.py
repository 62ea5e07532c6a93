# corpus: profile=safe_eval decision=allow
print("-" * 80)
print("a" * 1000, "b" * 1000)
