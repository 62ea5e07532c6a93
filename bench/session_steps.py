#!/usr/bin/env python3
"""Sessions against one run per step.

1. The per-step overhead of `session_exec` for `x = x + 1` (gate plus round
   trip through the server, the worker and the driver), p50 and p99.
2. A 20-step pandas loop (each step a small DataFrame operation) as one
   session with pandas preloaded, against 20 `pygate run` calls of the
   cumulative program (what a stateless runner must do to keep the state).

Usage: bench/session_steps.sh [--steps N]   (PYGATE: the binary, default build/release/pygate)
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "python" / "src"))

import pygate  # noqa: E402

PANDAS_STEPS = ["import pandas as pd\ndf = pd.DataFrame({'a': range(100), 'b': range(100, 200)})"] + [
    f"df['c{i}'] = df['a'] * {i} + df['b']\nprint(int(df['c{i}'].sum()))" for i in range(1, 20)
]


def percentile(samples, q):
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=1000)
    args = parser.parse_args()
    binary = os.environ.get("PYGATE", str(ROOT / "build" / "release" / "pygate"))
    os.environ["PYGATE"] = binary

    with pygate.Gate(profile="data_processing") as gate:
        with gate.session() as session:
            session.exec("x = 0")
            samples = []
            for _ in range(args.steps):
                start = time.perf_counter_ns()
                result = session.exec("x = x + 1")
                samples.append((time.perf_counter_ns() - start) / 1e6)
                assert result.status == "ok"
            assert session.exec("x").value == str(args.steps)

        start = time.perf_counter()
        with gate.session(preload=["pandas"]) as session:
            session_outputs = [session.exec(code).stdout for code in PANDAS_STEPS]
        session_seconds = time.perf_counter() - start

    start = time.perf_counter()
    run_outputs = []
    with tempfile.TemporaryDirectory() as folder:
        for i in range(len(PANDAS_STEPS)):
            program = Path(folder) / "program.py"
            program.write_text("\n".join(PANDAS_STEPS[: i + 1]) + "\n")
            out = subprocess.run([binary, "run", "--profile", "data_processing", str(program)],
                                 capture_output=True, text=True, check=True)
            run_outputs.append(out.stdout.splitlines()[-1] + "\n" if i else "")
    runs_seconds = time.perf_counter() - start
    assert session_outputs == run_outputs, (session_outputs, run_outputs)

    print(f"session_steps: {os.cpu_count()} cores, {time.strftime('%Y-%m-%d')}, pygate {pygate.__version__}")
    print(f"session_exec of `x = x + 1`, {args.steps} steps: p50 {percentile(samples, 0.5):.3f} ms, "
          f"p99 {percentile(samples, 0.99):.3f} ms")
    # Each step is gated against the whole session so far: the cost grows with it.
    for first, last in ((0, 100), (len(samples) - 100, len(samples))):
        part = samples[first:last]
        print(f"  steps {first + 1}-{last}: p50 {percentile(part, 0.5):.3f} ms, p99 {percentile(part, 0.99):.3f} ms")
    print(f"20-step pandas loop: one session with preload {session_seconds:.2f} s, "
          f"20 pygate run calls of the cumulative program {runs_seconds:.2f} s: "
          f"{runs_seconds / session_seconds:.1f}x")


if __name__ == "__main__":
    main()
