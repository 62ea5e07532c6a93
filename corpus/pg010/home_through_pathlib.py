# corpus: profile=data_processing decision=deny
# pathlib gives back $HOME: Path.expanduser and Path.home read it.
from pathlib import Path

print(Path("~").expanduser())  # expect: PG010
print(Path.home())  # expect: PG010
