# corpus: profile=safe_eval decision=deny
"""A default parameter carries subprocess.check_call into the function body."""
import subprocess  # expect: PG003


def build(target, runner=subprocess.check_call):  # expect: PG004
    return runner(["make", target])  # expect: PG004


build("all")
