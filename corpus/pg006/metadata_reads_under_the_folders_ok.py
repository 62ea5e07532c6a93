# corpus: profile=data_processing decision=allow
# Checking the inputs and outputs the profile may read.
import os.path
from pathlib import Path

if os.path.exists("input/data.csv") and Path("input/data.csv").stat().st_size > 0:
    rows = Path("input/data.csv").read_text().splitlines()
else:
    rows = []
if not Path("output").is_dir():
    Path("output").mkdir()
size = os.path.getsize("input/data.csv") if Path("input/data.csv").is_file() else 0
name = os.path.join("output", "summary.txt")
Path("output/summary.txt").write_text(f"{len(rows)} rows, {size} bytes\n")
