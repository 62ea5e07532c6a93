# corpus: profile=data_processing decision=deny
"""A method copied to a name is still Path.write_text, and its path is the Path's."""
from pathlib import Path

write = Path("model.pkl").write_bytes
write(b"\x80\x04")  # expect: PG006
