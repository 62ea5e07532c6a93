#!/usr/bin/python3
"""End-to-end checks of pygate's CI conventions with the real binary
(docs/configuration.md, docs/baselines.md): the configuration file found from
the working folder upward and what overrides it; that the gate modes (run,
hook, serve) read no configuration; baselines written, matched across edits,
expired, unused, strict, and shown in the JSON, SARIF and text reports; and
--changed-since on a scratch git repository.

Usage: ci_conventions_check.py PYGATE
"""
import json
import os
import pathlib
import subprocess
import sys
import tempfile

PYGATE = os.path.abspath(sys.argv[1])
# No test may find a configuration or a repository above its scratch folder.
ENV = dict(os.environ, GIT_CEILING_DIRECTORIES=tempfile.gettempdir(), NO_COLOR="1")
for key in ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"):
    ENV.pop(key, None)

BAD = 'import subprocess\nsubprocess.run(["id"])\n'


def pygate(*args, cwd, expect=None, stdin=None):
    result = subprocess.run([PYGATE, *args], cwd=cwd, capture_output=True, text=True, env=ENV, input=stdin)
    if expect is not None:
        assert result.returncode == expect, (args, cwd, result.returncode, result.stdout[-2000:], result.stderr)
    return result


def write(path: pathlib.Path, text: str) -> pathlib.Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def scanned(report):
    return sorted(entry["path"] for entry in report["files"])


# --- configuration -----------------------------------------------------------


def test_configuration(root: pathlib.Path):
    project = root / "project"
    sub = project / "sub"
    write(sub / "agent.py", BAD)
    write(sub / "skip_me.py", BAD)
    write(project / "pygate.toml", 'format = "json"\nfail-on = "never"\nexclude = ["skip_*"]\n')

    # Found from a folder below; its settings apply.
    result = pygate("check", ".", cwd=sub, expect=0)
    report = json.loads(result.stdout)
    assert scanned(report) == ["./agent.py"], report
    assert report["decision"] == "deny"

    # The command line wins, key by key.
    result = pygate("check", "--fail-on", "review", ".", cwd=sub, expect=1)
    assert json.loads(result.stdout)["decision"] == "deny"
    result = pygate("check", "--format", "text", ".", cwd=sub, expect=0)
    assert "scanned with profile safe_eval" in result.stdout, result.stdout
    result = pygate("check", ".", "--exclude", "nothing", cwd=sub, expect=0)
    assert scanned(json.loads(result.stdout)) == ["./agent.py", "./skip_me.py"]

    # --isolated reads nothing: the defaults (text, fail on review).
    result = pygate("check", "--isolated", ".", cwd=sub, expect=1)
    assert "decision: deny" in result.stdout

    # In one folder pygate.toml wins over pyproject.toml.
    write(project / "pyproject.toml", '[project]\nname = "x"\n\n[tool.pygate]\nformat = "sarif"\n')
    assert json.loads(pygate("check", ".", cwd=sub, expect=0).stdout)["tool"]["name"] == "pygate"
    # The nearest wins; a pyproject.toml without [tool.pygate] is passed over.
    write(sub / "pyproject.toml", '[project]\nname = "sub"\n[tool.ruff]\nline-length = 90\n')
    assert "files" in json.loads(pygate("check", ".", cwd=sub, expect=0).stdout)
    write(sub / "pyproject.toml", '[project]\nname = "sub"\n[tool.pygate]\nformat = "github"\n')
    result = pygate("check", ".", cwd=sub, expect=1)  # fail-on is no longer set: review, deny -> 1
    assert result.stdout.startswith("::error file="), result.stdout
    (sub / "pyproject.toml").unlink()
    (project / "pyproject.toml").unlink()

    # Relative paths start at the configuration's folder, not the working folder.
    write(project / "profiles" / "loose.toml",
          'name = "loose"\nextends = "safe_eval"\n[rules.PG004]\nseverity = "off"\n[imports]\nallow_add = ["subprocess"]\n')
    (project / "reports").mkdir()
    write(project / "pygate.toml",
          'profile = "profiles/loose.toml"\nformat = "json"\noutput = "reports/out.json"\ncache = true\n')
    result = pygate("check", ".", cwd=sub, expect=0)
    assert result.stdout == "", result.stdout
    report = json.loads((project / "reports" / "out.json").read_text())
    assert report["profile"] == "loose" and report["decision"] == "allow", report
    assert (project / ".pygate_cache").is_dir()
    assert not (sub / ".pygate_cache").exists()

    # pygate config and --show-settings: each value and where it came from.
    result = pygate("config", cwd=sub, expect=0)
    assert "# configuration: ../pygate.toml" in result.stdout, result.stdout
    assert 'profile = "../profiles/loose.toml"' in result.stdout and "# ../pygate.toml:1" in result.stdout, result.stdout
    assert 'fail-on = "review"' in result.stdout
    settings = json.loads(pygate("config", "--format", "json", cwd=sub, expect=0).stdout)
    assert settings["configuration_file"] == "../pygate.toml"
    assert settings["settings"]["output"] == {"value": "../reports/out.json", "source": "../pygate.toml:3"}
    assert settings["settings"]["cache"] == {"value": "../.pygate_cache", "source": "../pygate.toml:4"}
    assert settings["settings"]["fail-on"]["source"] == "default"
    result = pygate("check", "--show-settings", "--fail-on", "deny", "--format", "sarif", cwd=sub, expect=0)
    assert 'fail-on = "deny"' in result.stdout and "# command line" in result.stdout, result.stdout
    assert 'format = "sarif"' in result.stdout
    isolated = json.loads(pygate("config", "--isolated", "--format", "json", cwd=sub, expect=0).stdout)
    assert isolated["configuration_file"] is None
    # Isolated: no file's setting; the target version is the interpreter's, which says so.
    target = isolated["settings"].pop("target-version")
    assert all(value["source"] == "default" for value in isolated["settings"].values()), isolated
    assert target["source"] == "the cpython of --libraries python:/usr/bin/python3", target
    host = subprocess.run(["/usr/bin/python3", "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    assert target["value"] == host, (target, host)

    # The help names the flags.
    help_text = pygate("check", "--help", cwd=root, expect=0).stdout
    for flag in ("--isolated", "--show-settings", "--baseline FILE", "--write-baseline FILE", "--strict-baseline",
                 "--changed-since REF"):
        assert flag in help_text, flag

    # Errors name the file, line and column, and exit 2 before anything is scanned.
    cases = [
        ("pygate.toml", 'format = "json"\nformt = "json"\n', "pygate.toml:2:1: unknown key `formt`"),
        ("pygate.toml", 'jobs = "2"\n', "pygate.toml:1:8: `jobs` must be an integer, not a string"),
        ("pygate.toml", 'exclude = "build"\n', "pygate.toml:1:11: `exclude` must be an array of strings"),
        ("pygate.toml", 'cache = 3\n', "pygate.toml:1:9: `cache` must be true, false or a folder"),
        ("pygate.toml", 'format = "xml"\n', "pygate.toml:1:10: `format` must be one of text, json"),
        ("pygate.toml", 'profile = \n', "pygate.toml:1:"),
        ("pyproject.toml", '[project]\nname = "x"\n[tool.pygate]\nfail-on = "sometimes"\n',
         "pyproject.toml:4:11: `fail-on` must be one of deny, review, never"),
        ("pyproject.toml", '[tool]\npygate = 3\n', "pyproject.toml:2:10: `tool.pygate` must be a table"),
        ("pygate.toml", 'format = "json"\nfail-on = "\xff"\n', "pygate.toml:2:12: the file is not valid UTF-8"),
    ]
    for name, text, expected in cases:
        folder = root / f"bad-{len(name)}-{abs(hash(text))}"
        write(folder / "ok.py", "print(1)\n")
        (folder / name).write_bytes(text.encode("utf-8").replace(b"\xc3\xbf", b"\xff"))
        for command in (["check", "ok.py"], ["config"]):
            result = pygate(*command, cwd=folder, expect=2)
            assert expected in result.stderr, (name, text, result.stderr)
            assert result.stdout == "", result.stdout
        # --isolated does not even read it.
        pygate("check", "--isolated", "ok.py", cwd=folder, expect=0)
    # The profile the configuration names must load.
    folder = root / "bad-profile"
    write(folder / "pygate.toml", 'profile = "no_such_profile"\n')
    write(folder / "ok.py", "print(1)\n")
    assert "unknown profile `no_such_profile`" in pygate("check", "ok.py", cwd=folder, expect=2).stderr


# --- the gate modes read no configuration ------------------------------------


def test_gate_modes_read_no_configuration(root: pathlib.Path):
    hostile = root / "hostile"
    write(hostile / "loose.toml",
          'name = "loose"\nextends = "safe_eval"\n[rules.PG004]\nseverity = "off"\n[imports]\nallow_add = ["subprocess"]\n')
    write(hostile / "pygate.toml", 'profile = "loose.toml"\nfail-on = "never"\n')
    write(hostile / "pyproject.toml", '[tool.pygate]\nprofile = "loose.toml"\nfail-on = "never"\n')
    write(hostile / "step.py", BAD)
    # Sanity: the file does loosen `pygate check`, which reads it ...
    assert json.loads(pygate("check", "--format", "json", "step.py", cwd=hostile, expect=0).stdout)["decision"] == "allow"
    # ... and the gate modes do not.
    result = pygate("run", "step.py", cwd=hostile, expect=1)
    assert "PG004" in result.stdout + result.stderr, (result.stdout, result.stderr)
    call = {"tool_name": "Bash", "cwd": str(hostile),
            "tool_input": {"command": "python3 -c 'import subprocess; subprocess.run([\"id\"])'"}}
    result = pygate("hook", "claude-code", cwd=hostile, stdin=json.dumps(call), expect=0)
    assert json.loads(result.stdout)["hookSpecificOutput"]["permissionDecision"] == "deny", result.stdout
    call["tool_input"]["command"] = "python3 step.py"
    result = pygate("hook", "claude-code", cwd=hostile, stdin=json.dumps(call), expect=0)
    assert json.loads(result.stdout)["hookSpecificOutput"]["permissionDecision"] == "deny", result.stdout
    request = json.dumps({"id": 1, "op": "check", "code": BAD, "filename": "step.py"}) + "\n"
    result = subprocess.run([PYGATE, "serve"], cwd=hostile, input=request, capture_output=True, text=True,
                            env=ENV, timeout=60)
    answer = [json.loads(line) for line in result.stdout.splitlines() if '"id":1' in line][0]
    assert answer["result"]["decision"] == "deny", result.stdout


# --- baselines ---------------------------------------------------------------


def report_json(result):
    return json.loads(result.stdout)


def findings(report):
    return [(entry["path"], finding) for entry in report["files"] for finding in entry["findings"]]


def test_baselines(root: pathlib.Path):
    work = root / "baseline"
    app = write(work / "src" / "app.py", 'import subprocess\nsubprocess.run(["id"])\nx = eval("1")\n')
    baseline = work / "pygate-baseline.json"

    result = pygate("check", "--format", "json", "--write-baseline", baseline.name, "src", cwd=work, expect=0)
    written = json.loads(baseline.read_text())
    report = report_json(result)
    assert written["version"] == 1
    all_findings = findings(report)
    assert len(written["entries"]) == len(all_findings) >= 3, (written, all_findings)
    for entry in written["entries"]:
        assert set(entry) >= {"fingerprint", "rule", "path", "source_line", "reason"}, entry
        assert entry["reason"] == "baseline: existing finding" and entry["path"] == "src/app.py"
    assert any(entry.get("qualified_name") == "subprocess.run" for entry in written["entries"])
    assert "wrote" in result.stderr and baseline.name in result.stderr

    def check(*args, expect):
        return pygate("check", "--format", "json", "--baseline", baseline.name, *args, "src", cwd=work, expect=expect)

    report = report_json(check(expect=0))
    assert report["decision"] == "allow" and report["summary"]["baselined"] == len(all_findings), report
    assert all(f["baselined"] and f["baseline_reason"] == "baseline: existing finding" for _, f in findings(report))
    assert report["summary"]["findings"] == {}

    # Lines inserted above and the code reindented: still matched.
    app.write_text('# a comment\n\n"""doc"""\nimport subprocess\nif True:\n    subprocess.run(["id"])\n'
                   'x  =\teval("1")  \n')
    report = report_json(check(expect=0))
    assert report["summary"]["baselined"] == len(all_findings), report
    # The line's code changed: a new finding, and the old entry unused.
    app.write_text('import subprocess\nsubprocess.run(["ls"])\nx = eval("1")\n')
    result = check(expect=1)
    report = report_json(result)
    new = [f for _, f in findings(report) if not f["baselined"]]
    assert [(f["rule"], f["source_line"]) for f in new] == [("PG004", 'subprocess.run(["ls"])')], new
    assert "matches no finding (unused)" in result.stderr and 'subprocess.run(["id"])' in result.stderr, result.stderr
    # --strict-baseline: an unused entry is an error (2), after the report.
    result = pygate("check", "--format", "json", "--baseline", baseline.name, "--strict-baseline", "src", cwd=work,
                    expect=2)
    assert report_json(result)["decision"] == "deny" and "--strict-baseline" in result.stderr, result.stderr

    # N entries absorb at most N findings: a second identical line is new.
    app.write_text('import subprocess\nsubprocess.run(["id"])\nx = eval("1")\nx = eval("1")\n')
    report = report_json(check(expect=1))
    new = [f for _, f in findings(report) if not f["baselined"]]
    assert [(f["rule"], f["line"]) for f in new] == [("PG001", 4)], new
    assert report["summary"]["baselined"] == len(all_findings)
    app.write_text('import subprocess\nsubprocess.run(["id"])\nx = eval("1")\n')

    # Expiry: past the date an entry absorbs nothing, and a note says so; far ahead it applies.
    data = json.loads(baseline.read_text())
    for entry in data["entries"]:
        entry["expires"] = "2999-12-31"
    data["entries"][0]["expires"] = "2001-01-01"
    data["entries"][1]["reason"] = "reviewed by the security team"
    baseline.write_text(json.dumps(data))
    result = check(expect=1)
    report = report_json(result)
    assert report["summary"]["baselined"] == len(all_findings) - 1
    assert result.stderr.count("expired on 2001-01-01") == 1, result.stderr
    assert any(f.get("baseline_reason") == "reviewed by the security team" for _, f in findings(report))
    pygate("check", "--baseline", baseline.name, "--strict-baseline", "src", cwd=work, expect=2)
    # --write-baseline with --baseline keeps the reasons and dates of the entries it matched.
    rewritten = work / "rewritten.json"
    pygate("check", "--baseline", baseline.name, "--write-baseline", rewritten.name, "src", cwd=work, expect=0)
    kept = json.loads(rewritten.read_text())["entries"]
    assert any(e["reason"] == "reviewed by the security team" and e["expires"] == "2999-12-31" for e in kept), kept
    assert len(kept) == len(all_findings)

    # The text report: baselined findings are counted, not listed.
    baseline.write_text(json.dumps(written))
    app.write_text('import subprocess\nsubprocess.run(["id"])\nx = eval("1")\nimport os\n')
    result = pygate("check", "--baseline", baseline.name, "src", cwd=work, expect=1)
    assert f"({len(all_findings)} baselined)" in result.stdout, result.stdout
    assert 'eval("1")' not in result.stdout and "import os" in result.stdout, result.stdout

    # SARIF: suppressed with the reason, and a baselineState on every result.
    result = pygate("check", "--format", "sarif", "--baseline", baseline.name, "src", cwd=work, expect=1)
    results = json.loads(result.stdout)["runs"][0]["results"]
    states = sorted(r["baselineState"] for r in results)
    assert states.count("unchanged") == len(all_findings) and states.count("new") == len(results) - len(all_findings)
    for r in results:
        if r["baselineState"] == "unchanged":
            assert r["suppressions"] == [{"kind": "external", "justification": "baseline: existing finding"}]
        else:
            assert "suppressions" not in r
    # GitHub annotations only for new findings.
    result = pygate("check", "--format", "github", "--baseline", baseline.name, "src", cwd=work, expect=1)
    assert result.stdout.count("::error") == len(results) - len(all_findings), result.stdout

    # The configuration's `baseline`, relative to its folder.
    write(work / "pygate.toml", f'baseline = "{baseline.name}"\n')
    (work / "src" / "deeper").mkdir()
    app.write_text('import subprocess\nsubprocess.run(["id"])\nx = eval("1")\n')
    pygate("check", "..", cwd=work / "src" / "deeper", expect=1)  # paths differ from the baseline's: all new
    pygate("check", "src", cwd=work, expect=0)
    pygate("check", "--isolated", "src", cwd=work, expect=1)
    (work / "pygate.toml").unlink()

    # PG000 is never baselined: fail closed.
    write(work / "broken" / "b.py", "def f(:\n")
    pygate("check", "--write-baseline", "broken.json", "broken", cwd=work, expect=1)
    assert json.loads((work / "broken.json").read_text())["entries"] == []

    # A malformed baseline: exit 2 naming the file and what is wrong, nothing scanned.
    good = json.loads(baseline.read_text())
    entry = good["entries"][0]
    malformed = [
        ("{", "not JSON"),
        ("[]", "must be a JSON object"),
        ('{"version": 2, "entries": []}', "`version` must be 1"),
        ('{"version": 1}', "`entries` must be an array"),
        ('{"version": 1, "entries": [], "extra": 1}', "unknown key `extra`"),
        (json.dumps({"version": 1, "entries": [{k: v for k, v in entry.items() if k != "reason"}]}),
         "entries[0]: `reason` is missing"),
        (json.dumps({"version": 1, "entries": [dict(entry, expires="2026-02-30")]}), "entries[0]: `expires` must be"),
        (json.dumps({"version": 1, "entries": [dict(entry, fingerprint="0" * 32)]}), "entries[0]: `fingerprint`"),
        (json.dumps({"version": 1, "entries": [dict(entry, rule="PG999")]}), "not a pygate rule"),
        (json.dumps({"version": 1, "entries": [dict(entry, line=3)]}), "unknown key `line`"),
        ('{"version": 1, "entries": [1e999]}', "not JSON"),
    ]
    for text, expected in malformed:
        (work / "bad.json").write_text(text)
        result = pygate("check", "--baseline", "bad.json", "src", cwd=work, expect=2)
        assert "bad.json" in result.stderr and expected in result.stderr, (text, result.stderr)
        assert result.stdout == ""
    result = pygate("check", "--baseline", "missing.json", "src", cwd=work, expect=2)
    assert "missing.json" in result.stderr


# --- --changed-since ---------------------------------------------------------


def git(*args, cwd):
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, env=ENV)


def test_changed_since(root: pathlib.Path):
    repo = root / "repo"
    repo.mkdir()
    git("init", "-q", "-b", "main", cwd=repo)
    git("config", "user.email", "test@example.invalid", cwd=repo)
    git("config", "user.name", "test", cwd=repo)
    for name in ("a.py", "b.py", "unchanged.py", "pkg/c.py", "pkg/renamed_from.py"):
        write(repo / name, BAD)
    write(repo / ".gitignore", "ignored.py\n")
    git("add", "-A", cwd=repo)
    git("commit", "-q", "-m", "first", cwd=repo)
    write(repo / "a.py", BAD + "# changed\n")                     # modified, not staged
    write(repo / "pkg" / "c.py", BAD + "# staged\n")              # modified, staged
    git("add", "pkg/c.py", cwd=repo)
    (repo / "b.py").unlink()                                      # deleted: not scanned
    git("mv", "pkg/renamed_from.py", "pkg/renamed_to.py", cwd=repo)  # renamed: the new name
    write(repo / "new.py", BAD)                                   # untracked: scanned
    write(repo / "ignored.py", BAD)                               # ignored: not scanned
    write(repo / "notes.txt", "not python\n")

    result = pygate("check", "--format", "json", "--changed-since", "main", ".", cwd=repo, expect=1)
    assert scanned(json.loads(result.stdout)) == ["./a.py", "./new.py", "./pkg/c.py", "./pkg/renamed_to.py"], \
        result.stdout
    assert "4 files changed since main" in result.stderr, result.stderr
    # Intersected with the paths named.
    result = pygate("check", "--format", "json", "--changed-since", "HEAD", "pkg", "unchanged.py", cwd=repo, expect=1)
    assert scanned(json.loads(result.stdout)) == ["pkg/c.py", "pkg/renamed_to.py"], result.stdout
    # From a sub-folder, git's paths (from the top) still meet the paths named.
    result = pygate("check", "--format", "json", "--changed-since", "main", ".", cwd=repo / "pkg", expect=1)
    assert scanned(json.loads(result.stdout)) == ["./c.py", "./renamed_to.py"], result.stdout
    # The text summary says so.
    result = pygate("check", "--changed-since", "main", ".", cwd=repo, expect=1)
    assert "4 files changed since main scanned with profile" in result.stdout, result.stdout
    # Nothing changed: nothing scanned, allowed.
    git("add", "-A", cwd=repo)
    git("commit", "-q", "-m", "second", cwd=repo)
    result = pygate("check", "--changed-since", "HEAD", ".", cwd=repo, expect=0)
    assert "0 files changed since HEAD scanned" in result.stdout, result.stdout

    # Errors: exit 2 with a clear message.
    assert "git knows no commit `no-such-branch`" in pygate(
        "check", "--changed-since", "no-such-branch", ".", cwd=repo, expect=2).stderr
    assert "not a git revision" in pygate("check", "--changed-since=--output=x", ".", cwd=repo, expect=2).stderr
    outside = root / "not-a-repo"
    write(outside / "a.py", BAD)
    result = pygate("check", "--changed-since", "main", ".", cwd=outside, expect=2)
    assert "--changed-since needs a git repository" in result.stderr, result.stderr
    result = pygate("check", "--changed-since", "main", "-", cwd=repo, expect=2, stdin="print(1)\n")
    assert "cannot be used with" in result.stderr


def main():
    with tempfile.TemporaryDirectory() as scratch:
        root = pathlib.Path(scratch)
        for test in (test_configuration, test_gate_modes_read_no_configuration, test_baselines, test_changed_since):
            test(root)
            print(f"ok: {test.__name__}")


main()
