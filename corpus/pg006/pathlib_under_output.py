# corpus: profile=data_processing decision=allow
"""Creating output/ itself counts as under it; files below it are writable."""
from pathlib import Path

out = Path("output")
out.mkdir(exist_ok=True)
(out / "report.txt").write_text("done\n")
(out / "nested" / "deeper.txt").write_text("ok\n")
