# corpus: profile=safe_eval decision=deny
"""Each trip adds to what one name holds and nothing takes it away: a million
trips keep gigabytes (a list's 8-byte slots, the new lists it holds, a
string's characters), more than the 512 MB the profile allows."""
slots = []
for _ in range(10**6):
    slots += [0] * 1000  # expect: PG008

rows = []
for _ in range(10**6):
    rows.append([0] * 100)  # expect: PG008

text = ""
for _ in range(10**6):
    text = text + "abcd" * 250  # expect: PG008

print(len(slots), len(rows), len(text))
