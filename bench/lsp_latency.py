#!/usr/bin/env python3
"""`pygate lsp`: how soon diagnostics follow a change, and its memory over many edits.

  /usr/bin/python3 bench/lsp_latency.py [--pygate build/release/pygate] [--file /usr/lib/python3.11/functools.py]

Measured from the client's side of the pipes, from writing a change to
reading the publishDiagnostics of that version (server warm: the first
rounds are not counted):
- a 1,000-line file (functools.py of the machine's CPython, 1,012 lines):
  one character typed in its middle, then the same character deleted;
- a notebook of 100 code cells (generated, 7 lines each, later cells using
  names of earlier ones): one character typed in cell 50, until every cell's
  diagnostics of that version are read (cells 50..100 are judged again with
  the cells above them; all 100 are published);
- RSS (VmRSS of /proc) every 1,000 of 10,000 edits of the 1,000-line file.
Each figure is set beside `pygate check` of the same file (one process,
spawned and timed here, --libraries tables as the server), in the same
invocation.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time


class Server:
    def __init__(self, pygate: str, root: str):
        self.process = subprocess.Popen([pygate, "lsp", "--libraries", "tables"], cwd=root,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.next_id = 0

    def send(self, message: dict) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def read(self) -> dict:
        length = None
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise SystemExit("pygate lsp ended")
            if line == b"\r\n":
                break
            name, value = line.decode().split(":", 1)
            if name.lower() == "content-length":
                length = int(value)
        return json.loads(self.process.stdout.read(length))

    def request(self, method: str, params: dict) -> dict:
        self.next_id += 1
        self.send({"id": self.next_id, "method": method, "params": params})
        while True:
            message = self.read()
            if message.get("id") == self.next_id and "method" not in message:
                return message

    def published(self, uris: set[str], version: int) -> None:
        """Reads until each of `uris` has had its diagnostics of `version` published."""
        waiting = set(uris)
        while waiting:
            message = self.read()
            if message.get("method") == "textDocument/publishDiagnostics":
                params = message["params"]
                if params.get("version", version) >= version or params["uri"] not in uris:
                    waiting.discard(params["uri"])

    def rss_kb(self) -> int:
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0

    def close(self) -> None:
        self.request("shutdown", {})
        self.send({"method": "exit"})
        self.process.wait(timeout=30)


def change(uri: str, version: int, line: int, character: int, text: str, delete: bool) -> dict:
    end = {"line": line, "character": character + (1 if delete else 0)}
    return {"method": "textDocument/didChange",
            "params": {"textDocument": {"uri": uri, "version": version},
                       "contentChanges": [{"range": {"start": {"line": line, "character": character}, "end": end},
                                           "text": "" if delete else text}]}}


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def check_ms(pygate: str, path: str, rounds: int) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        subprocess.run([pygate, "check", "--isolated", "--libraries", "tables", "--fail-on", "never", "--quiet", path],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def notebook_cells(count: int) -> list[str]:
    cells = []
    for i in range(count):
        previous = f"result_{i - 1}" if i else "0"
        cells.append(f"def step_{i}(values):\n    total = {previous}\n    for value in values:\n"
                     f"        total += value * {i}\n    return total\n\n"
                     f"result_{i} = step_{i}(range({i + 10}))\n")
    return cells


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pygate", default=os.environ.get("PYGATE", "build/release/pygate"))
    parser.add_argument("--file", default="/usr/lib/python3.11/functools.py")
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--edits", type=int, default=10000)
    args = parser.parse_args()
    pygate = os.path.abspath(args.pygate)
    text = open(args.file, encoding="utf-8").read()
    lines = text.count("\n")
    with tempfile.TemporaryDirectory() as root:
        path = os.path.join(root, "bench_file.py")
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
        notebook_path = os.path.join(root, "bench_notebook.py")
        cells = notebook_cells(100)
        with open(notebook_path, "w", encoding="utf-8") as file:
            file.write("".join(cells))
        server = Server(pygate, root)
        server.request("initialize", {"processId": os.getpid(), "rootUri": f"file://{root}", "capabilities": {}})
        server.send({"method": "initialized", "params": {}})
        uri = f"file://{path}"
        server.send({"method": "textDocument/didOpen",
                     "params": {"textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": text}}})
        server.published({uri}, 1)
        middle = lines // 2
        version = 1
        file_ms = []
        for round_ in range(args.rounds):
            for delete in (False, True):
                version += 1
                start = time.perf_counter()
                server.send(change(uri, version, middle, 0, "#", delete))
                server.published({uri}, version)
                if round_ >= 20:
                    file_ms.append((time.perf_counter() - start) * 1000)

        rss_after_file = server.rss_kb()
        notebook = f"file://{root}/bench.ipynb"
        cell_uris = [f"{notebook}#cell{i}" for i in range(len(cells))]
        server.send({"method": "notebookDocument/didOpen", "params": {
            "notebookDocument": {"uri": notebook, "notebookType": "jupyter-notebook", "version": 1,
                                 "cells": [{"kind": 2, "document": u} for u in cell_uris]},
            "cellTextDocuments": [{"uri": u, "languageId": "python", "version": 1, "text": t}
                                  for u, t in zip(cell_uris, cells)]}})
        server.published(set(cell_uris), 1)
        notebook_ms = []
        notebook_version = 1
        for round_ in range(max(args.rounds // 3, 30)):
            for delete in (False, True):
                notebook_version += 1
                start = time.perf_counter()
                position = {"line": 6, "character": 0}
                end = {"line": 6, "character": 1 if delete else 0}
                server.send({"method": "notebookDocument/didChange", "params": {
                    "notebookDocument": {"uri": notebook, "version": notebook_version},
                    "change": {"cells": {"textContent": [{
                        "document": {"uri": cell_uris[50], "version": notebook_version},
                        "changes": [{"range": {"start": position, "end": end}, "text": "" if delete else " "}]}]}}}})
                # Each cell's publish carries its own document's version: cell 50's is this one, the others' 1.
                waiting = set(cell_uris)
                while waiting:
                    message = server.read()
                    if message.get("method") == "textDocument/publishDiagnostics":
                        waiting.discard(message["params"]["uri"])
                if round_ >= 10:
                    notebook_ms.append((time.perf_counter() - start) * 1000)

        rss_after_notebook = server.rss_kb()
        rss = [server.rss_kb()]
        for edit in range(args.edits):
            version += 1
            server.send(change(uri, version, middle + (edit % 7), 0, "#", edit % 2 == 1))
            server.published({uri}, version)
            if (edit + 1) % 1000 == 0:
                rss.append(server.rss_kb())
        server.close()
        check_file = check_ms(pygate, path, 15)
        check_notebook = check_ms(pygate, notebook_path, 15)

    p50_file, p50_notebook = statistics.median(file_ms), statistics.median(notebook_ms)
    print(f"1,000-line file ({os.path.basename(args.file)}, {lines} lines): diagnostics after a change "
          f"p50 {p50_file:.2f} ms, p90 {percentile(file_ms, 0.9):.2f} ms, max {max(file_ms):.2f} ms "
          f"({len(file_ms)} changes); pygate check of the file: {check_file:.1f} ms "
          f"(the server's p50 is {p50_file / check_file:.2f} of it)")
    print(f"notebook, 100 cells, change in cell 50: every cell's diagnostics p50 {p50_notebook:.2f} ms, "
          f"p90 {percentile(notebook_ms, 0.9):.2f} ms, max {max(notebook_ms):.2f} ms ({len(notebook_ms)} changes); "
          f"pygate check of the cells as one file: {check_notebook:.1f} ms "
          f"(the server's p50 is {p50_notebook / check_notebook:.2f} of it)")
    print(f"RSS after the file's changes {rss_after_file} KB, after the notebook's {rss_after_notebook} KB")
    print(f"RSS over {args.edits:,} edits, every 1,000 (KB): {' '.join(str(kb) for kb in rss)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
