# corpus: profile=profiles/tiny_bytes.toml decision=deny
# Two-byte characters across the limit: the finding starts at a whole character.
y = 2
y = 2
y = 2
y = 2
y = 2
y = 2
y = 2
y = 2
y = 2
y = 2
y = 2
y = 2
y = 2
y = 2
y = 2
y = 2
y = 2
s = "éééééééééééééééééééééééééééé"  # expect: PG012
