# corpus: profile=repo_tooling decision=allow
# A typical repository tool: glob, parse with ast, write a report, edit a file in place.
import ast
import fnmatch
import glob
import os.path
from pathlib import Path


def functions_in(path):
    tree = ast.parse(Path(path).read_text(), filename=str(path))
    return [node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)]


report = []
for filename in glob.glob("**/*.py", recursive=True):
    if fnmatch.fnmatch(filename, "tests/*"):
        continue
    report.append(f"{filename}: {', '.join(functions_in(filename))}")
Path("FUNCTIONS.md").write_text("\n".join(report))
readme = Path("README.md")
if readme.exists():
    text = readme.read_text()
    readme.write_text(text.replace("Colour", "Color"))
print(os.path.relpath("src/app.py"), os.path.getsize("README.md") if os.path.exists("README.md") else 0)
