#!/usr/bin/python3
"""End-to-end checks of `pygate check --cache DIR` with the real binary
(docs/scanning.md, "Cache"): a warm scan's report is byte for byte the cold
one's and an uncached one's, for files and records alike; entries made under
another profile are not used; corrupt entries are ignored; two scans sharing
the folder at once both report correctly; the folder stays within
--cache-max-mb; a folder others can write is refused.

Usage: cache_check.py PYGATE CORPUS-FOLDER
"""
import json
import os
import pathlib
import subprocess
import sys
import tempfile

PYGATE = os.path.abspath(sys.argv[1])
CORPUS = os.path.abspath(sys.argv[2])


def check(*args, expect=None):
    result = subprocess.run([PYGATE, "check", "--fail-on", "never", *args], capture_output=True)
    if expect is not None:
        assert result.returncode == expect, (args, result.returncode, result.stderr.decode(errors="replace"))
    return result


def from_cache(result):
    """How many inputs the scan's note says came from the cache."""
    for line in result.stderr.decode().splitlines():
        if "judged from the cache" in line:
            return int(line.split("pygate: note: ")[1].split(" of ")[0])
    raise AssertionError(result.stderr)


def entries(folder: pathlib.Path):
    return [path for path in folder.rglob("*") if path.is_file()]


def main():
    with tempfile.TemporaryDirectory() as name:
        work = pathlib.Path(name)
        cache = work / "cache"
        plain = check("--format", "json", CORPUS, expect=0).stdout
        files = len(json.loads(plain)["files"])

        cold = check("--format", "json", "--cache", str(cache), CORPUS, expect=0)
        warm = check("--format", "json", "--cache", str(cache), CORPUS, expect=0)
        assert cold.stdout == plain and warm.stdout == plain, "a cached report must be byte-identical"
        assert from_cache(warm) == files, (from_cache(warm), files)
        print(f"cache: warm report of {files} files byte-identical to the cold and the uncached one")

        # Another profile: its own entries, never the first profile's verdicts.
        other = check("--format", "json", "--profile", "repo_tooling", CORPUS, expect=0).stdout
        first = check("--format", "json", "--profile", "repo_tooling", "--cache", str(cache), CORPUS, expect=0)
        assert first.stdout == other and from_cache(first) < files // 10, from_cache(first)
        print("cache: another profile's scan reuses none of the first profile's results")

        # Records are cached by their code's bytes too.
        records = work / "records.jsonl"
        records.write_text("".join(json.dumps({"id": f"r{i}", "code": f"import os\nos.system('x{i % 5}')\n"}) + "\n"
                                   for i in range(50)))
        uncached = check("--format", "jsonl", "--records", str(records), expect=0).stdout
        check("--format", "jsonl", "--records", str(records), "--cache", str(cache), expect=0)
        cached = check("--format", "jsonl", "--records", str(records), "--cache", str(cache), expect=0)
        strip = lambda out: [line for line in out.decode().splitlines() if not line.startswith('{"summary"')]
        assert strip(cached.stdout) == strip(uncached) and from_cache(cached) == 50
        print("cache: records' code is cached as files are")

        # Corrupt every entry: each is ignored, the report unchanged, the entries rewritten.
        # Cut short, of another format, or of another pygate binary (a digit of its digest changed).
        for index, path in enumerate(entries(cache)):
            data = path.read_bytes()
            if index % 3 == 0:
                data = data[: len(data) // 2]
            elif index % 3 == 1:
                data = data.replace(b"pygate-result-cache 1", b"pygate-result-cache 2", 1)
            else:
                at = data.index(b"0.1.0 ") + 6 if b"0.1.0 " in data else 40
                data = data[:at] + bytes([data[at] ^ 1]) + data[at + 1:]
            path.write_bytes(data)
        damaged = check("--format", "json", "--cache", str(cache), CORPUS, expect=0)
        assert damaged.stdout == plain and from_cache(damaged) == 0, from_cache(damaged)
        assert check("--format", "json", "--cache", str(cache), CORPUS, expect=0).stdout == plain
        print("cache: corrupt entries ignored, the report unchanged")

        # Two scans at once on a fresh folder, each with two threads.
        shared = work / "shared"
        scans = [subprocess.Popen([PYGATE, "check", "--fail-on", "never", "--format", "json", "--jobs", "2",
                                   "--cache", str(shared), CORPUS], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                 for _ in range(2)]
        outputs = [scan.communicate()[0] for scan in scans]
        assert all(output == plain for output in outputs) and all(scan.returncode == 0 for scan in scans)
        assert not [path for path in entries(shared) if path.name.startswith(".tmp-")], "temporary files left"
        print("cache: two concurrent scans sharing a folder both report correctly")

        # The limit: 1 MB, for a corpus whose entries take more.
        small = work / "small"
        check("--format", "json", "--cache", str(small), "--cache-max-mb", "1", CORPUS, expect=0)
        used = sum(-(-path.stat().st_size // 4096) * 4096 for path in entries(small))
        assert used <= 1 << 20, used
        assert check("--format", "json", "--cache", str(small), "--cache-max-mb", "1", CORPUS).stdout == plain
        print(f"cache: --cache-max-mb 1 keeps the folder at {used} bytes")

        # A folder others can write is refused: nothing is scanned.
        open_folder = work / "open"
        open_folder.mkdir(mode=0o777)
        open_folder.chmod(0o777)
        refused = check("--cache", str(open_folder), CORPUS, expect=2)
        assert b"writable by no one else" in refused.stderr and refused.stdout == b""
        print("cache: a folder others can write is refused")


if __name__ == "__main__":
    main()
