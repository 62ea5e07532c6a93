"""The classification logic of tests/tools/realcode_corpus.py on small,
made-up findings: which entry covers a finding, a program's class, the
errors a bad classification file gets, and that --write's rendering reads
back as the same entries (docs/real_code.md)."""
import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tools"))
import realcode_corpus as rc  # noqa: E402

HEADER = "# header\n# more\n"


def finding(rule, name=None, message="", line=1):
    result = {"rule": rule, "message": message, "line": line}
    if name is not None:
        result["qualified_name"] = name
    return result


def entries(tmp_path, text):
    path = tmp_path / "classification.toml"
    path.write_text(text, encoding="utf-8")
    return rc.load_classification(path)


GROUPS = HEADER + """
# exceptions first
[[entry]]
rule = "PG006"
names = ["pandas.read_xml"]
ids = ["pandas/io/xml.py::read_xml"]
class = "false_positive"
reason = "literal XML"

[[entry]]
rule = "PG003"
names = ["scipy", "scipy.*"]
class = "outside_contract"
reason = "no scipy"

[[entry]]
rule = "PG006"
message = "an absolute path"
class = "true_positive"
reason = "absolute"

[[entry]]
rule = "PG006"
names = ["pandas.read_*"]
class = "outside_contract"
reason = "relative path outside input/"
"""


def test_subject_is_the_qualified_name_else_the_first_quoted_name():
    assert rc.subject(finding("PG006", "numpy.load", "reads `x`")) == "numpy.load"
    assert rc.subject(finding("PG003", None, "import of `scipy.stats`, which profile p does not allow")) == "scipy.stats"
    assert rc.subject(finding("PG008", None, "a loop without end")) == ""


def test_first_matching_entry_wins_and_narrows_by_id_name_and_message(tmp_path):
    header, table = entries(tmp_path, GROUPS)
    assert header == HEADER
    xml = rc.classify("pandas", "pandas/io/xml.py::read_xml",
                      {"decision": "deny", "findings": [finding("PG006", "pandas.read_xml", "reads `xml`")]}, table)
    assert xml.klass == "false_positive" and xml.findings[0][1].reason == "literal XML"
    # The same name in another program falls to the group after the exception.
    other = rc.classify("pandas", "pandas/x.py::f",
                        {"decision": "deny", "findings": [finding("PG006", "pandas.read_xml", "reads `a.xml`")]}, table)
    assert other.klass == "outside_contract"
    assert [entry.matched for entry in table] == [1, 0, 0, 1]


def test_a_program_takes_its_strongest_class_and_unreviewed_beats_all(tmp_path):
    _, table = entries(tmp_path, GROUPS)
    mixed = rc.classify("pandas", "pandas/io/xml.py::read_xml", {"decision": "deny", "findings": [
        finding("PG006", "pandas.read_xml"),                       # false positive
        finding("PG003", None, "import of `scipy.stats`"),          # outside the contract
        finding("PG006", "numpy.save", "writes `/tmp/a`, an absolute path")]}, table)  # true positive
    assert mixed.klass == "true_positive"
    uncovered = rc.classify("numpy", "numpy/a.py::f", {"decision": "review", "findings": [
        finding("PG003", None, "import of `scipy`"), finding("PG009", "builtins.getattr")]}, table)
    assert uncovered.klass == "unreviewed" and uncovered.findings[1][1] is None
    assert rc.classify("numpy", "numpy/a.py::f", {"decision": "allow", "findings": []}, table).klass == ""
    # Refused without a finding: nothing to review it by.
    assert rc.classify("numpy", "numpy/a.py::f", {"decision": "deny", "findings": []}, table).klass == "unreviewed"


def test_an_unreviewed_entry_covers_nothing(tmp_path):
    _, table = entries(tmp_path, HEADER + '[[entry]]\nrule = "PG009"\nnames = ["builtins.getattr"]\n'
                                          'class = "unreviewed"\nreason = ""\n')
    outcome = rc.classify("scipy", "scipy/a.py::f", {"decision": "review",
                                                    "findings": [finding("PG009", "builtins.getattr")]}, table)
    assert outcome.klass == "unreviewed" and outcome.findings[0][1] is table[0]


@pytest.mark.parametrize("body, error", [
    ('rule = "PG003"\nnames = ["os"]\nclass = "fine"\nreason = "r"\n', "class `fine` is not one of"),
    ('rule = "PG003"\nnames = ["os"]\nclass = "true_positive"\nreason = " "\n', "needs a one-line reason"),
    ('rule = "PG003"\nclass = "true_positive"\nreason = "r"\n', "give `names`, `ids` or `message`"),
    ('rule = "PG003"\nnames = "os"\nclass = "true_positive"\nreason = "r"\n', "`names` must be a list"),
    ('rule = "PG003"\nnames = ["os"]\ncorpora = ["numpie"]\nclass = "true_positive"\nreason = "r"\n',
     "unknown corpora ['numpie']"),
    ('rule = "PG003"\nmessage = "("\nclass = "true_positive"\nreason = "r"\n', "not a regular expression"),
    ('rule = "PG003"\nnames = ["os"]\nclas = "true_positive"\nreason = "r"\n', "unknown keys ['clas']"),
])
def test_a_bad_entry_is_refused_naming_it(tmp_path, body, error):
    with pytest.raises(rc.Failure) as failure:
        entries(tmp_path, HEADER + '[[entry]]\nrule = "PG001"\nnames = ["builtins.eval"]\n'
                                   'class = "true_positive"\nreason = "eval"\n\n[[entry]]\n' + body)
    assert "classification.toml: entry 2: " in str(failure.value) and error in str(failure.value)


def test_a_file_that_is_not_toml_is_refused(tmp_path):
    with pytest.raises(rc.Failure, match="classification.toml"):
        entries(tmp_path, "[[entry]\n")


def test_write_renders_entries_that_read_back_the_same(tmp_path):
    header, table = entries(tmp_path, GROUPS)
    for entry in table:
        entry.matched = 1
    long_ids = [f"numpy/lib/npyio.py::function_number_{n}" for n in range(6)]
    new = [rc.Entry(0, "PG006", "unreviewed", "TODO: \"quoted\" \\ back", ["numpy.save"], long_ids, ["numpy"], "")]
    outcome = rc.Outcome("numpy/a.py::f", "numpy", "deny")
    text, dropped = rc.draft(header, table, [outcome])
    assert dropped == []
    text += "\n" + rc.render_entry(new[0])
    assert all(len(line) <= 110 for line in text.splitlines())
    path = tmp_path / "written.toml"
    path.write_text(text, encoding="utf-8")
    header_again, again = rc.load_classification(path)
    assert header_again == header
    fields = lambda e: (e.rule, e.klass, e.reason, e.names, e.ids, e.corpora, e.message, e.comment)  # noqa: E731
    assert [fields(e) for e in again] == [fields(e) for e in table + new]
    assert again[0].comment == "# exceptions first\n"
    # A second rewrite of what was written changes nothing.
    for entry in again:
        entry.matched = 1
    assert rc.draft(header_again, again, [outcome])[0] == text


def test_write_drafts_one_unreviewed_entry_per_uncovered_subject_and_drops_stale_ones(tmp_path):
    header, table = entries(tmp_path, GROUPS)
    outcomes = [rc.classify("numpy", f"numpy/a.py::f{n}", {"decision": "deny", "findings": [
        finding("PG003", None, "import of `scipy`, which profile p does not allow"),
        finding("PG002", "builtins.help", "imports the module its argument names")]}, table) for n in range(5)]
    text, dropped = rc.draft(header, table, outcomes)
    assert [entry.index for entry in dropped] == [1, 3, 4]
    path = tmp_path / "draft.toml"
    path.write_text(text, encoding="utf-8")
    _, drafted = rc.load_classification(path)
    assert [(e.rule, e.klass, e.names, e.ids, e.corpora) for e in drafted] == [
        ("PG003", "outside_contract", ["scipy", "scipy.*"], [], []),
        ("PG002", "unreviewed", ["builtins.help"], [], ["numpy"]),  # five programs: a group, not ids
    ]
    assert drafted[1].reason.startswith("TODO (5 programs, e.g. numpy/a.py::f0)")
