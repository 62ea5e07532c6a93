"""An agent-style loop in front of pygate: each step is model-written code that
is checked, run in the sandbox, and whose output (or findings) is fed back.

Replace `next_step` with your model call: it receives the transcript so far
and returns the next piece of code. Run it with the package installed
(`pip install ./python`) or, from a build tree, with
`PYGATE=build/release/pygate PYTHONPATH=python/src python3 examples/agent_loop.py`.
"""

from __future__ import annotations

from typing import List

import pygate

# What a model might write, in order: a good step, one the gate refuses, the
# model's rewrite after reading the findings, and one that fails at run time.
SCRIPTED_STEPS = [
    "numbers = [3, 1, 4, 1, 5, 9, 2, 6]\nprint(sorted(numbers))",
    "import os\nprint(os.listdir('/'))",
    "import statistics\nprint(statistics.mean([3, 1, 4, 1, 5, 9, 2, 6]))",
    "print(1 / 0)",
]


def next_step(transcript: List[str], turn: int) -> str | None:
    """Stands in for the model: the next piece of code, or None when done."""
    return SCRIPTED_STEPS[turn] if turn < len(SCRIPTED_STEPS) else None


def feedback(result: pygate.RunResult) -> str:
    """What the model reads back after a step."""
    if result.status == "gate_denied":
        lines = [f"The gate refused the code ({result.decision}):"]
        lines += [f"  line {f.line}: {f.rule} {f.message}" for f in result.findings]
        lines.append("Rewrite it without these.")
        return "\n".join(lines)
    text = f"status: {result.status}, exit code {result.exit_code}\n{result.stdout}"
    if result.stderr:
        text += f"\nstderr:\n{result.stderr[-2000:]}"
    return text


def main() -> None:
    transcript: List[str] = []
    with pygate.Gate(profile="safe_eval") as gate:
        for turn in range(10):
            code = next_step(transcript, turn)
            if code is None:
                break
            result = gate.run(code, timeout=10)
            transcript.append(feedback(result))
            print(f"--- step {turn + 1}\n{code}\n>>> {transcript[-1]}")


if __name__ == "__main__":
    main()
