# corpus: profile=safe_eval decision=deny
items = []
while "running":  # expect: PG008
    items.append(len(items))
while [0]:  # expect: PG008
    items.pop() if items else None
