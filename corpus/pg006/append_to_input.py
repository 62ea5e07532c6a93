# corpus: profile=data_processing decision=deny
"""input/ is readable, not writable: mode "a" writes."""

with open("input/raw.txt", "a") as raw:  # expect: PG006
    raw.write("tampered\n")
