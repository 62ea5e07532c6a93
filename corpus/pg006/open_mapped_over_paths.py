# corpus: profile=data_processing decision=deny
"""map(open, ...) opens every path of the list, none of which a call here shows."""
handles = list(map(open, ["/etc/passwd", "/etc/shadow"]))  # expect: PG006
print([h.read() for h in handles])
