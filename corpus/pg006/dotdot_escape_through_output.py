# corpus: profile=data_processing decision=deny
"""`output/../x` normalises to `x`, outside output/."""
from pathlib import Path

target = Path("output") / ".." / "planted.txt"
target.write_text("escaped")  # expect: PG006
