# corpus: profile=data_processing decision=deny
"""data_processing allows os.path, not os: `import os` is refused even if only os.path is used."""
import os  # expect: PG003

print(os.path.join("output", "table.csv"))
