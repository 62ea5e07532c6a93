"""pygate.dask.scan on a LocalCluster of two worker processes, against the
local scans `pygate check --format json` and `--records --format jsonl` of the
same inputs: the same entries in the same order and the same counts, also
when a worker process is killed in the middle of the scan."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import cloudpickle
import psutil
import pytest
from distributed import Client, LocalCluster
from distributed.diagnostics.plugin import WorkerPlugin

import pygate.dask

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "corpus"


@pytest.fixture(scope="module")
def worker_environment(binary):
    # The workers are new processes: they import pygate from this tree and find
    # the binary through $PYGATE, as a real cluster's workers would find theirs.
    # Restored after, so that the other tests' interpreters (a fresh venv) do
    # not import this tree.
    saved = {name: os.environ.get(name) for name in ("PYTHONPATH", "PYGATE")}
    os.environ["PYTHONPATH"] = os.pathsep.join([str(ROOT / "python" / "src"), *filter(None, [saved["PYTHONPATH"]])])
    os.environ["PYGATE"] = binary
    yield
    for name, value in saved.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


@pytest.fixture(scope="module")
def client(worker_environment):
    cluster = LocalCluster(n_workers=2, processes=True, threads_per_worker=1, dashboard_address=":0")
    with Client(cluster) as client:
        yield client
    cluster.close()


def local_json(binary, *args):
    result = subprocess.run([binary, "check", "--format", "json", "--fail-on", "never", "--no-progress", *args],
                            capture_output=True, check=True)
    return json.loads(result.stdout)


def local_jsonl(binary, *args):
    result = subprocess.run([binary, "check", "--format", "jsonl", "--fail-on", "never", "--no-progress", *args],
                            capture_output=True, check=True)
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    return lines[:-1], lines[-1]["summary"]


def assert_same_as_local(report, local):
    assert [entry["path"] for entry in report["files"]] == [entry["path"] for entry in local["files"]]
    assert report["files"] == local["files"]
    assert report["summary"] == local["summary"]
    assert report["decision"] == local["decision"] and report["profile"] == local["profile"]
    assert report["tool"] == local["tool"]


def test_folders_scanned_on_two_workers_match_a_local_scan(client, binary, tmp_path):
    odd = tmp_path / "odd"
    odd.mkdir()
    (odd / "gone.py").symlink_to(odd / "nowhere.py")  # listed, unreadable: a PG000 entry
    (odd / "latin1.py").write_bytes(b"# -*- coding: latin-1 -*-\ns = '\xe9'\n")
    (odd / "bad utf8 \u00e9.py").write_bytes(b"s = '\xff'\n")
    output = tmp_path / "report.json"
    summary = pygate.dask.scan([CORPUS / "clean", CORPUS, odd], "safe_eval", client, output=output,
                               partition_size=16)
    local = local_json(binary, str(CORPUS / "clean"), str(CORPUS), str(odd))
    report = json.loads(output.read_text())
    assert_same_as_local(report, local)
    assert summary == {"decision": local["decision"], **local["summary"]}
    assert summary["files"] > 600 and summary["denied"] > 0
    # Both workers judged partitions, each with its one long-lived gate.
    servers = client.run(live_gate_servers)
    assert len(servers) == 2 and all(len(pids) == 1 for pids in servers.values()), servers


def live_gate_servers():
    """On a worker: the pids of the pygate serve processes its gates started."""
    import pygate.dask as module

    return [gate._transport.server.process.pid for gate in module._worker_gates.values()
            if gate._transport.server is not None and gate._transport.server.process.poll() is None]


def test_excludes_are_the_cli_excludes(client, binary, tmp_path):
    output = tmp_path / "report.json"
    pygate.dask.scan([CORPUS], "safe_eval", client, output=output, excludes=["pg00[1-9]", "clean"])
    local = local_json(binary, str(CORPUS), "--exclude", "pg00[1-9]", "--exclude", "clean")
    assert_same_as_local(json.loads(output.read_text()), local)
    assert 0 < local["summary"]["files"] < 300


def records_file(tmp_path):
    sources = sorted((CORPUS / "pg004").glob("*.py"))[:20] + sorted((CORPUS / "clean").glob("*.py"))[:20]
    path = tmp_path / "samples.jsonl"
    with path.open("w") as out:
        for number, source in enumerate(sources):
            record = {"code": source.read_text(errors="replace"), "model": "m"}
            if number % 3:
                record["id"] = f"task-{number}" if number % 2 else number
            out.write(json.dumps(record) + "\n")
    return path


def test_records_match_a_local_records_scan(client, binary, tmp_path):
    samples = records_file(tmp_path)
    local_entries, local_summary = local_jsonl(binary, "--records", str(samples), "--profile", "data_processing")
    output = tmp_path / "report.jsonl"
    summary = pygate.dask.scan(None, "data_processing", client, records=samples, output=output, format="jsonl",
                               partition_size=3)
    lines = [json.loads(line) for line in output.read_text().splitlines()]
    assert lines[:-1] == local_entries
    for key in ("files", "allowed", "review", "denied", "findings", "decision", "profile", "tool"):
        assert lines[-1]["summary"][key] == local_summary[key], key
    assert summary["files"] == len(local_entries) == len(samples.read_text().splitlines()) > 30
    # An iterable of dicts is the same records.
    records = [json.loads(line) for line in samples.read_text().splitlines()]
    output_again = tmp_path / "again.jsonl"
    pygate.dask.scan(records, "data_processing", client, output=output_again, format="jsonl", partition_size=7)
    assert output_again.read_text() == output.read_text()


class KillOnSecondPartition(WorkerPlugin):
    """Kills its worker process (SIGKILL, no goodbye) when the worker starts
    its second partition, once per test: the marker file says it happened."""

    def __init__(self, marker):
        self.marker = marker
        self.started = 0

    def transition(self, key, start, finish, **kwargs):
        if finish != "executing" or not str(key).startswith("pygate-partition-"):
            return
        self.started += 1
        if self.started == 2:
            try:
                os.close(os.open(self.marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
            except FileExistsError:
                return
            os.kill(os.getpid(), signal.SIGKILL)


cloudpickle.register_pickle_by_value(sys.modules[__name__])


def test_a_worker_killed_mid_scan_loses_and_doubles_nothing(client, binary, tmp_path):
    marker = tmp_path / "killed"
    before = set(client.run(os.getpid).values())
    client.register_worker_plugin(KillOnSecondPartition(str(marker)), name="kill-on-second-partition")
    try:
        output = tmp_path / "report.json"
        pygate.dask.scan([CORPUS], "safe_eval", client, output=output, partition_size=8)
    finally:
        client.unregister_worker_plugin("kill-on-second-partition")
    assert marker.exists(), "no worker was killed"
    client.wait_for_workers(2, timeout=30)
    assert set(client.run(os.getpid).values()) != before, "the killed worker was not replaced"
    assert_same_as_local(json.loads(output.read_text()), local_json(binary, str(CORPUS)))


def test_without_a_client_a_local_cluster_is_started_and_closed(worker_environment, binary, tmp_path):
    folder = CORPUS / "pg004"
    before = {child.pid for child in psutil.Process().children(recursive=True)}
    summary = pygate.dask.scan(folder, "safe_eval", output=tmp_path / "r.json")
    deadline = time.monotonic() + 10
    while {child.pid for child in psutil.Process().children(recursive=True)} - before:
        assert time.monotonic() < deadline, "the cluster's processes outlived the scan"
        time.sleep(0.1)
    local = local_json(binary, str(folder))
    assert_same_as_local(json.loads((tmp_path / "r.json").read_text()), local)
    assert summary["denied"] == local["summary"]["denied"] > 0


def test_bad_inputs_are_refused_before_any_work(client, tmp_path):
    with pytest.raises(pygate.PygateError, match="does-not-exist"):
        pygate.dask.scan([tmp_path / "does-not-exist"], "safe_eval", client)
    with pytest.raises(ValueError, match="no string 'code' field"):
        pygate.dask.scan([{"id": 1, "text": "x"}], "safe_eval", client)
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"code": "x = 1"}\nnot json\n')
    with pytest.raises(ValueError, match="line 2 of .*bad.jsonl: not valid JSON"):
        pygate.dask.scan(None, "safe_eval", client, records=bad)
    with pytest.raises(ValueError, match="format"):
        pygate.dask.scan([CORPUS], "safe_eval", client, format="sarif")
