# corpus: profile=data_processing decision=deny
# Paths that climb out of output/ through .parent, joinpath(".."), glob and
# iterdir: .parent folds lexically, and what pygate cannot fold is a path it
# cannot see.
from pathlib import Path

base = Path("output")
(base.parent / "x.txt").write_text("a")  # expect: PG006
base.joinpath("..", "y.txt").write_text("a")  # expect: PG006
Path("output/sub").parent.parent.joinpath("z.txt").write_text("a")  # expect: PG006
for p in Path("output").glob("../../*"):
    p.write_text("a")  # expect: PG006
for p in Path("output").iterdir():
    p.parent.parent.joinpath("w.txt").write_text("a")  # expect: PG006
Path("output").joinpath("a").parent.parent.joinpath("q.txt").write_text("a")  # expect: PG006
Path("output/sub").parent.joinpath("kept.txt").write_text("a")
