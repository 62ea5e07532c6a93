# corpus: profile=repo_tooling decision=allow
# Paths built at run time inside the working folder: the profile's normal work.
from pathlib import Path

for path in Path(".").rglob("*.md"):
    path.write_text(path.read_text().replace("colour", "color"))
name = input()
Path("docs", name).write_text("# " + name)
(Path("src") / f"{name}.py").write_text("")
Path(name).read_text()
