"""Differential testing of pygate's parser against CPython.

Usage: differential.py PYGATE_VIEW PATH... [--python PY] [options]

For every *.py file under each PATH, compares what CPython's `ast` sees with
what pygate sees (`pygate-view`, built beside pygate): per line, the modules
imports name, the names `from` imports take, the dotted callee of every call
that is a name or attribute chain, every attribute name, and what each starred
expression that is read stars (a Call, an Attribute, ...). CPython accepts
a file when compile() of its bytes succeeds (bytes, so the coding declaration,
the BOM and the line endings are read exactly as CPython reads a module).
CPython is the one running this script, or with --python PY that interpreter
(another version, such as tests/tools/pyodide_install.sh's): this script then
runs under PY as a child (`--serve-cpython-view`) that answers each file's view.

Each file is put in one kind:
  agree                 CPython accepts and pygate sees the same; or both refuse
  fail-closed           CPython accepts, pygate refuses (PG000): listed, not a failure
  view-extra            no PG000; pygate sees something CPython does not (nothing missing)
  view-missing          no PG000; CPython sees a call, import or attribute pygate does not: DANGEROUS
  accepts-invalid       no PG000; CPython's parser rejects the file: DANGEROUS
  accepts-uncompilable  no PG000; CPython parses the file but its compiler rejects it
                        (`return` outside a function, a late `from __future__`, ...):
                        nothing would run, and pygate's view is CPython's own tree: listed
The exit status is 1 when any file is DANGEROUS (with --strict, also when any
file is accepts-uncompilable), else 0.

--mutate N --seed S adds N byte-level mutants of each file (line terminators,
form feeds, tabs, backslashes, quotes, non-ASCII and invisible characters,
coding lines, BOMs, and payload lines hidden behind such tricks), seeded so a
run is reproducible, bounded by --time-limit. A dangerous mutant is shrunk to
a minimal reproducer, printed and saved under --save-dir.

--starred-shapes adds every starred shape tree-sitter-python misreads
(`*f(x)` read as `(*f)(x)`, `*a.b(c)`, `*f(x)[:3]`, `*a + b`), starred in
each context CPython allows a star in (argument lists, displays, expression
lists, return, yield, subscripts, assignment and loop targets) and in
contexts it refuses one: a shape CPython reads in a context that allows a
star must be `agree` (pygate reads it as CPython does), and must not be
dangerous. In the other contexts a
dangerous shape is listed, not failed: pygate does not check where CPython
allows a star (`(*a.b)`, `lambda: *a` pass, and CPython refuses them; nothing
runs), whether or not the grammar misread it.

Packages: /usr/lib/python3.11/test comes from libpython3.11-testsuite and
/usr/lib/python3/dist-packages/django from python3-django; a missing one is
installed with apt-get when a PATH needs it (as root).
"""
import argparse
import ast
import base64
import collections
import json
import os
import pathlib
import platform
import random
import shutil
import subprocess
import sys
import tempfile
import time
import warnings

PACKAGES = {
    "/usr/lib/python3.11/test": "libpython3.11-testsuite",
    "/usr/lib/python3/dist-packages/django": "python3-django",
}
DANGEROUS = ("view-missing", "accepts-invalid")
KINDS = ("agree", "fail-closed", "view-extra", "view-missing", "accepts-invalid", "accepts-uncompilable")


# --- CPython's side

# What a starred expression stars, as both views name it (pygate_view.cpp's starred_kind).
STARRED_KINDS = ("Call", "Attribute", "Subscript", "BinOp", "Name")


def dotted(node):
    """`a.b.c` for a Name/Attribute chain, else None."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return ".".join(reversed(parts))


def ast_view(tree):
    """The view as a Counter of (line, kind, text). Attribute reads of `case`
    patterns (class and value patterns' dotted names, class patterns' keywords)
    have no attribute node in tree-sitter's tree: they are counted apart, as
    (line, "pattern-attr", name), and not compared (pygate refuses the dunder
    ones, PG000)."""
    view = []
    in_patterns = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.match_case):
            for inner in ast.walk(node.pattern):
                in_patterns.add(id(inner))
                if isinstance(inner, ast.MatchClass):
                    view.extend((inner.lineno, "pattern-attr", name) for name in inner.kwd_attrs)
    for node in ast.walk(tree):
        if id(node) in in_patterns and isinstance(node, ast.Attribute):
            view.append((node.lineno, "pattern-attr", node.attr))
            continue
        if isinstance(node, ast.Import):
            view.extend((node.lineno, "import", alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            view.append((node.lineno, "import", "." * node.level + (node.module or "")))
            view.extend((node.lineno, "name", alias.name) for alias in node.names)
        elif isinstance(node, ast.Call):
            callee = dotted(node.func)
            if callee is not None:
                view.append((node.lineno, "call", callee))
        elif isinstance(node, ast.Attribute):
            view.append((node.lineno, "attr", node.attr))
        elif isinstance(node, ast.Starred) and isinstance(node.ctx, ast.Load):
            kind = type(node.value).__name__
            view.append((node.lineno, "star", kind if kind in STARRED_KINDS else "other"))
    return collections.Counter(view)


def cpython(data, name="<file>"):
    """(verdict, view, reason): verdict is 'accept', 'reject' (parser) or 'uncompilable' (compiler)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            tree = ast.parse(data, name)
        except (SyntaxError, ValueError, MemoryError, RecursionError, OverflowError) as error:
            return "reject", None, f"{type(error).__name__}: {error}"
        view = ast_view(tree)
        try:
            # The bytes, not the tree: compiling an AST validates it more
            # strictly than compiling source (a name NFKC-normalised to `True`,
            # such as `Ｔrue`, is refused in a tree and runs from source).
            compile(data, name, "exec", dont_inherit=True)
        except (SyntaxError, ValueError, MemoryError, RecursionError, OverflowError) as error:
            return "uncompilable", view, f"{type(error).__name__}: {error}"
    return "accept", view, ""


class CPythonChild:
    """CPython's side from another interpreter: this script run under it with
    --serve-cpython-view, one JSON line per file each way."""

    def __init__(self, python):
        self.process = subprocess.Popen([python, os.path.abspath(__file__), "--serve-cpython-view"],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8")
        hello = self.process.stdout.readline()
        if not hello:
            sys.exit(f"differential: {python} did not start (exit {self.process.wait()})")
        self.version = json.loads(hello)["version"]

    def __call__(self, data, name="<file>"):
        self.process.stdin.write(json.dumps({"name": name, "data": base64.b64encode(data).decode()}) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:  # nothing can be compared without CPython's answer: a harness error
            sys.exit(f"differential: the CPython child died on {name} (exit {self.process.wait()})")
        answer = json.loads(line)
        view = answer["view"]
        if view is not None:
            view = collections.Counter({(line, kind, text): n for line, kind, text, n in view})
        return answer["verdict"], view, answer["reason"]

    def close(self):
        self.process.stdin.close()
        self.process.wait()


def serve_cpython_view():
    """The child's loop: its version first, then a file's bytes in, (verdict, view, reason) out."""
    sys.stdout.write(json.dumps({"version": platform.python_version()}) + "\n")
    sys.stdout.flush()
    for line in sys.stdin:
        request = json.loads(line)
        verdict, view, reason = cpython(base64.b64decode(request["data"]), request["name"])
        items = None if view is None else [[*item, n] for item, n in sorted(view.items())]
        sys.stdout.write(json.dumps({"verdict": verdict, "view": items, "reason": reason}) + "\n")
        sys.stdout.flush()


# --- pygate's side

class Viewer:
    """One pygate-view process, fed paths one at a time; `cpython` gives CPython's
    view of the same bytes (this interpreter's, or a CPythonChild's)."""

    def __init__(self, binary, cpython_view=None):
        self.binary = binary
        self.process = None
        self.cpython = cpython_view or cpython

    def view(self, path):
        if self.process is None:
            self.process = subprocess.Popen([self.binary, "--stdin"], stdin=subprocess.PIPE,
                                            stdout=subprocess.PIPE, text=True, encoding="utf-8",
                                            errors="replace")
        self.process.stdin.write(str(path) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:  # the tool died: fail closed, and start a new one for the next file
            self.process = None
            return [[1, 1, "pygate-view crashed"]], collections.Counter()
        entry = json.loads(line)
        return entry["pg000"], collections.Counter(tuple(item) for item in entry["view"])

    def close(self):
        if self.process is not None:
            self.process.stdin.close()
            self.process.wait()
        if isinstance(self.cpython, CPythonChild):
            self.cpython.close()


def judge(data, path, viewer):
    """(kind, details) for one file's bytes stored at `path`."""
    verdict, expected, reason = viewer.cpython(data, str(path))
    pg000, seen = viewer.view(path)
    details = {"verdict": verdict, "cpython": reason, "pg000": pg000[:3]}
    if pg000:
        return ("agree" if verdict != "accept" else "fail-closed"), details
    if verdict == "reject":
        return "accepts-invalid", details
    patterns = collections.Counter({item: n for item, n in expected.items() if item[1] == "pattern-attr"})
    expected = expected - patterns
    details["pattern_attrs"] = sum(patterns.values())
    missing, extra = expected - seen, seen - expected
    details["missing"] = sorted(missing.elements())[:10]
    details["extra"] = sorted(extra.elements())[:10]
    if verdict == "uncompilable":
        return "accepts-uncompilable", details
    if missing:
        return "view-missing", details
    if extra:
        return "view-extra", details
    return "agree", details


# --- mutation

INVISIBLE = ["\u00a0", "\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u2028", "\u2029", "\u0085", "\u000b",
             "\u000c", "\u001c", "\u001d", "\u001e", "\u001f", "\u3000", "\u180e", "\u00ad", "\u034f", "\u2800"]
NON_ASCII = ["\u00e9", "\u0435", "\uff45", "\u00b7", "\u00aa", "\u2160", "\u0301", "\u1d49", "\u212a", "\U0001d41e",
             "\u00df", "\u0131", "\ufb01", "\u2126"]
CODINGS = ["utf-8", "utf8", "UTF-8", "latin-1", "ascii", "utf-8-sig", "cp1252", "utf-16", "euc-jp", "utf_8",
           "iso-8859-15", "unicode_escape", "bogus", "u8", "cp65001"]
PAYLOADS = ["import os", "os.system('id')", "__import__('os').system('id')", "eval(s)", "exec(s)",
            "x.__class__", "from subprocess import run"]
TRICKS = ["#\r", "#\r\n", "\f", "\\\n", "\t", "x = 1;", "#\u2028", "#\u0085", "#\x0c", "'''\n", "\"\"\"\n",
          "if 1:\n", "#\x1c", "\\\r", "# -*- coding: latin-1 -*-\n", "'\\\n'", "\"\\\r\n\"", "#\\\n", "\x0b",
          "\xef\xbb\xbf"]


def mutate(data, rng):
    """One byte-level mutation of `data` (1 to 3 operators)."""
    for _ in range(rng.choice((1, 1, 2, 3))):
        data = rng.choice(OPERATORS)(data, rng)
    return data


def _position(data, rng):
    return rng.randrange(len(data) + 1)


def _line_starts(data):
    return [0] + [i + 1 for i, b in enumerate(data) if b == 0x0A and i + 1 < len(data)]


def _insert(data, at, piece):
    return data[:at] + piece + data[at:]


def op_line_terminator(data, rng):
    newlines = [i for i, b in enumerate(data) if b == 0x0A]
    if not newlines:
        return data + rng.choice([b"\r", b"\r\n", b"\n\r"])
    at = rng.choice(newlines)
    return data[:at] + rng.choice([b"\r", b"\r\n", b"\r\r\n", b"\n\r", b"\r\r"]) + data[at + 1:]


def op_all_terminators(data, rng):
    return data.replace(b"\n", rng.choice([b"\r", b"\r\n"]))


def op_insert_char(data, rng):
    piece = rng.choice([b"\f", b"\t", b"\\", b"'", b'"', b"\\\n", b" \\\n", b"#", b"\x0b", b"\x00", b"\r",
                        b"'''", b'"""', b"(", b")", b"\n", b";",
                        b"  # note\n", b" *", b"*"])
    return _insert(data, _position(data, rng), piece)


def op_line_start(data, rng):
    at = rng.choice(_line_starts(data))
    return _insert(data, at, rng.choice([b"\f", b"\t", b" ", b"\f ", b" \f", b"\\\n", b"\t\f"]))


def op_indent_tabs(data, rng):
    lines = data.split(b"\n")
    i = rng.randrange(len(lines))
    stripped = lines[i].lstrip(b" ")
    width = len(lines[i]) - len(stripped)
    if width >= 8:
        lines[i] = b"\t" + b" " * (width - 8) + stripped
    elif width:
        lines[i] = rng.choice([b"\t", b" \t", b"\f" + b" " * width]) + stripped
    return b"\n".join(lines)


def op_unicode(data, rng):
    piece = rng.choice(INVISIBLE + NON_ASCII).encode("utf-8")
    return _insert(data, _position(data, rng), piece)


def op_identifier_unicode(data, rng):
    # Swap one ASCII letter of the text for a character NFKC may fold back to it.
    letters = [i for i, b in enumerate(data) if 0x61 <= b <= 0x7A]
    if not letters:
        return data
    at = rng.choice(letters)
    c = chr(data[at])
    piece = rng.choice([chr(ord(c) - 0x61 + 0xFF41), chr(ord(c) - 0x61 + 0x1D41A), "\u0435" if c == "e" else c,
                        c + "\u0301", "\u212a" if c == "k" else c])
    return data[:at] + piece.encode("utf-8") + data[at + 1:]


def op_coding(data, rng):
    line = f"# -*- coding: {rng.choice(CODINGS)} -*-\n".encode()
    if rng.random() < 0.3:
        line = rng.choice([b"#!/usr/bin/python\n", b"\n", b"# comment\n", b"x = 1\n"]) + line
    return line + data


def op_bom(data, rng):
    return rng.choice([b"\xef\xbb\xbf", b"\xef\xbb\xbf\xef\xbb\xbf", b"\xff\xfe"]) + data


def op_payload(data, rng):
    # A dangerous line hidden behind a trick, where a pygate misread would not see it.
    trick = rng.choice(TRICKS).encode("utf-8") if rng.random() < 0.9 else b""
    payload = rng.choice(PAYLOADS).encode()
    at = rng.choice(_line_starts(data) + [len(data)])
    piece = trick + payload + b"\n"
    if at == len(data) and data and not data.endswith(b"\n"):
        piece = b"\n" + piece
    return _insert(data, at, piece)


def op_delete(data, rng):
    if not data:
        return data
    at = rng.randrange(len(data))
    return data[:at] + data[at + rng.choice((1, 1, 2, 3)):]


OPERATORS = [op_line_terminator, op_all_terminators, op_insert_char, op_line_start, op_indent_tabs, op_unicode,
             op_identifier_unicode, op_coding, op_bom, op_payload, op_payload, op_delete]


# --- shrinking a dangerous mutant

def still_dangerous(data, kind, viewer, scratch):
    scratch.write_bytes(data)
    got, details = judge(data, scratch, viewer)
    if got != kind:
        return False
    return True


def shrink(data, kind, viewer, scratch, budget=400):
    """Delta-debugging over lines, then over bytes, keeping the file dangerous in the same way."""
    for unit in ("lines", "bytes"):
        if unit == "bytes" and len(data) > 600:
            break
        parts = data.splitlines(keepends=True) if unit == "lines" else [bytes([b]) for b in data]
        chunk = max(1, len(parts) // 2)
        while chunk >= 1 and budget > 0:
            i, shrunk = 0, False
            while i < len(parts) and budget > 0:
                candidate = parts[:i] + parts[i + chunk:]
                budget -= 1
                if candidate and still_dangerous(b"".join(candidate), kind, viewer, scratch):
                    parts, shrunk = candidate, True
                else:
                    i += chunk
            if not shrunk:
                chunk //= 2
        data = b"".join(parts)
    return data


# --- driving

# --- starred shapes

# What is starred: the chains the grammar misreads, and a few it reads right.
# (`*(f(x))` is left out: the grammar cannot parse it in an expression list at all.)
STARRED_OPERANDS = ["f(x)", "a.b", "a[1]", "f(x).y[2](z)", "a.b(c).d", "f(x)[:3]", "a.b[c]", '"x y".split()',
                    "f(*g(x))", "f(x) + 1", "a + b", "a ** b(c)", "a.b(c) * 2", "f(x)(y)"]
# Where: {s} is the starred item. Contexts where CPython reads a star in an
# expression, then ones where it refuses one or stores through it.
STAR_READ_CONTEXTS = ["print({s})", "print(a, {s})", "print({s}, sep='')", "print(*a, {s}, **k)", "[{s}]",
                      "[1, {s}]", "{{{s}}}", "({s},)", "x = {s}, 0.6", "x = 1, {s}", "x += {s}, 1",
                      "for i in {s}, 1:\n    pass", "def g():\n    return {s}, 1",
                      "def g():\n    yield {s}, 1", "a[{s}]", "a[1, {s}]", "class C({s}):\n    pass",
                      "f(g({s}))"]
STAR_OTHER_CONTEXTS = ["x = {s}", "f(a={s})", "[{s} for x in y]", "del {s}, z", "({s})", "lambda: {s}",
                       "{{{s}: 1}}", "print({s} for x in y)", "x = [{s} if c else d]"]
# Starred targets: CPython takes an attribute or a subscript there.
STAR_TARGET_CONTEXTS = ["{s}, z = 1, 2", "[{s}] = z", "({s}, z) = v", "for {s}, z in w:\n    pass",
                        "x = [z for {s}, z in w]"]
DOUBLE_STAR_CONTEXTS = ["{{**{o}}}", "g(**{o})", "g(*a, **{o})", "{{'k': 1, **{o}}}"]


def starred_shapes():
    """(name, source, must_read) for every operand in every context."""
    shapes = []
    for operand in STARRED_OPERANDS:
        for number, context in enumerate(STAR_READ_CONTEXTS):
            shapes.append((f"read{number}", context.format(s="*" + operand) + "\n", True))
        for number, context in enumerate(STAR_OTHER_CONTEXTS):
            shapes.append((f"other{number}", context.format(s="*" + operand) + "\n", False))
        for number, context in enumerate(STAR_TARGET_CONTEXTS):
            shapes.append((f"target{number}", context.format(s="*" + operand) + "\n", True))
        for number, context in enumerate(DOUBLE_STAR_CONTEXTS):
            shapes.append((f"double{number}", context.format(o=operand) + "\n", True))
    return shapes


def judge_starred_shapes(viewer, folder):
    """Counts by kind, and the shapes that broke their promise."""
    counts = collections.Counter()
    broken, listed = [], []
    for number, (name, source, must_read) in enumerate(starred_shapes()):
        path = folder / f"shape_{number}_{name}.py"
        path.write_text(source, encoding="utf-8")
        kind, details = judge(source.encode(), path, viewer)
        counts[kind] += 1
        read_by_cpython = details["verdict"] == "accept"
        if must_read and (kind in DANGEROUS or (read_by_cpython and kind != "agree")):
            broken.append((source, kind, details))
        elif kind in DANGEROUS:
            listed.append((source, kind, details))
    return counts, broken, listed


def ensure_packages(paths):
    for path in paths:
        resolved = str(pathlib.Path(path).resolve())
        for folder, package in PACKAGES.items():
            if resolved.startswith(folder) and not pathlib.Path(folder).is_dir():
                print(f"differential: installing {package}", flush=True)
                env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
                subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
                subprocess.run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", package],
                               check=True, env=env)


def collect(paths, excluded, sample, sample_seed):
    files = []
    excluded = [pathlib.Path(folder) for folder in excluded]
    for path in map(pathlib.Path, paths):
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*.py") if p.is_file() and "\n" not in str(p)
                                and not any(p.is_relative_to(folder) for folder in excluded)))
        else:
            files.append(path)
    if sample and sample < len(files):
        files = sorted(random.Random(sample_seed).sample(files, sample))
    return files


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("view", help="the pygate-view binary")
    parser.add_argument("paths", nargs="+", help="files and folders (every *.py below)")
    parser.add_argument("--python", help="the CPython to compare with (default: the one running this script)")
    parser.add_argument("--exclude", action="append", default=[], metavar="FOLDER",
                        help="leave out the files under FOLDER (repeatable)")
    parser.add_argument("--sample", type=int, default=0, help="only this many files, chosen by --sample-seed")
    parser.add_argument("--sample-seed", type=int, default=0)
    parser.add_argument("--mutate", type=int, default=0, metavar="N", help="N mutants of each file")
    parser.add_argument("--seed", type=int, default=0, help="the mutants' seed")
    parser.add_argument("--time-limit", type=float, default=0, help="stop mutating after this many seconds")
    parser.add_argument("--examples", type=int, default=5, help="examples shown per kind")
    parser.add_argument("--save-dir", help="where dangerous mutants' reproducers are written")
    parser.add_argument("--quiet-fail-closed", action="store_true", help="do not list fail-closed files")
    parser.add_argument("--starred-shapes", action="store_true",
                        help="also judge every misread starred shape in every context (see above)")
    parser.add_argument("--strict", action="store_true",
                        help="also fail on accepts-uncompilable files (for a corpus expected to hold none)")
    args = parser.parse_args()

    ensure_packages(args.paths)
    files = collect(args.paths, args.exclude, args.sample, args.sample_seed)
    viewer = Viewer(args.view, CPythonChild(args.python) if args.python else None)
    started = time.monotonic()
    version = viewer.cpython.version if args.python else platform.python_version()
    print(f"against CPython {version} ({args.python or sys.executable})", flush=True)
    counts = collections.Counter()
    verdicts = collections.Counter()
    pg000_files = 0
    pattern_attrs = 0
    examples = collections.defaultdict(list)
    for path in files:
        data = path.read_bytes()
        kind, details = judge(data, path, viewer)
        verdicts[details["verdict"]] += 1
        counts[kind] += 1
        pg000_files += bool(details["pg000"])
        pattern_attrs += details.get("pattern_attrs", 0)
        if kind != "agree":
            examples[kind].append((str(path), details))

    mutant_counts = collections.Counter()
    mutant_examples = collections.defaultdict(list)
    reproducers = []
    mutants = 0
    if args.mutate:
        scratch_dir = pathlib.Path(tempfile.mkdtemp(prefix="pygate-differential-"))
        scratch = scratch_dir / "mutant.py"
        shrink_scratch = scratch_dir / "shrink.py"
        seen_reproducers = set()
        try:
            for path in files:
                if args.time_limit and time.monotonic() - started > args.time_limit:
                    break
                original = path.read_bytes()
                for i in range(args.mutate):
                    rng = random.Random(f"{args.seed}:{path}:{i}")
                    data = mutate(original, rng)
                    scratch.write_bytes(data)
                    kind, details = judge(data, scratch, viewer)
                    mutants += 1
                    mutant_counts[kind] += 1
                    if kind == "agree":
                        continue
                    label = f"{path} mutant {i} (seed {args.seed})"
                    mutant_examples[kind].append((label, details))
                    if kind in DANGEROUS:
                        small = shrink(data, kind, viewer, shrink_scratch)
                        if small in seen_reproducers:
                            continue
                        seen_reproducers.add(small)
                        shrink_scratch.write_bytes(small)
                        reproducers.append((label, kind, small, judge(small, shrink_scratch, viewer)[1]))
        finally:
            shutil.rmtree(scratch_dir, ignore_errors=True)
    shape_counts, broken_shapes, listed_shapes = collections.Counter(), [], []
    if args.starred_shapes:
        shape_dir = pathlib.Path(tempfile.mkdtemp(prefix="pygate-starred-"))
        try:
            shape_counts, broken_shapes, listed_shapes = judge_starred_shapes(viewer, shape_dir)
        finally:
            shutil.rmtree(shape_dir, ignore_errors=True)
    viewer.close()

    def show(title, table, kinds_examples):
        print(title)
        for kind in KINDS:
            print(f"  {kind:22} {table[kind]}{'  DANGEROUS' if kind in DANGEROUS and table[kind] else ''}")
        for kind in KINDS[1:]:
            if kind == "fail-closed" and args.quiet_fail_closed:
                continue
            for label, details in kinds_examples[kind][:args.examples]:
                print(f"  [{kind}] {label}")
                for key in ("cpython", "pg000", "missing", "extra"):
                    if details.get(key):
                        print(f"      {key}: {details[key]}")

    print(f"files: {len(files)}; CPython accepts {verdicts['accept']}, rejects {verdicts['reject']} "
          f"(parser) + {verdicts['uncompilable']} (compiler only); pygate PG000 on {pg000_files}")
    print(f"attribute reads in case patterns, not compared: {pattern_attrs}")
    show("files by kind:", counts, examples)
    if args.mutate:
        print(f"mutants: {mutants} (seed {args.seed}, {args.mutate} per file)")
        show("mutants by kind:", mutant_counts, mutant_examples)
        for label, kind, small, details in reproducers:
            print(f"  REPRODUCER [{kind}] from {label}: {small!r}")
            for key in ("cpython", "missing", "extra"):
                if details.get(key):
                    print(f"      {key}: {details[key]}")
            if args.save_dir:
                folder = pathlib.Path(args.save_dir)
                folder.mkdir(parents=True, exist_ok=True)
                (folder / f"reproducer_{len(list(folder.glob('*.py')))}.py").write_bytes(small)
    if args.starred_shapes:
        print(f"starred shapes: {sum(shape_counts.values())}: " +
              ", ".join(f"{kind} {shape_counts[kind]}" for kind in KINDS if shape_counts[kind]))
        for source, kind, details in broken_shapes[:args.examples * 4]:
            print(f"  [{kind}] {source.strip()!r}")
            for key in ("cpython", "pg000", "missing", "extra"):
                if details.get(key):
                    print(f"      {key}: {details[key]}")
        print(f"starred shapes where CPython refuses a star and pygate does not (listed, not failed): "
              f"{len(listed_shapes)}" + "".join(f"\n  {source.strip()!r}" for source, _, _ in
                                                 listed_shapes[:args.examples]))
        print(f"starred shapes CPython reads and pygate does not read as it does, or dangerous: "
              f"{len(broken_shapes)}")
    print(f"elapsed: {time.monotonic() - started:.1f} s")
    dangerous = sum(counts[k] for k in DANGEROUS) + sum(mutant_counts[k] for k in DANGEROUS)
    print(f"dangerous discrepancies: {dangerous}")
    if broken_shapes:
        return 1
    if args.strict and counts["accepts-uncompilable"]:
        print(f"--strict: {counts['accepts-uncompilable']} files accepts-uncompilable")
        return 1
    return 1 if dangerous else 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--serve-cpython-view"]:
        serve_cpython_view()
        sys.exit(0)
    sys.exit(main())
