# corpus: profile=safe_eval decision=deny
values = [1, 2, 3]
total = sum(values  # expect: PG000@1
result = total * 2
