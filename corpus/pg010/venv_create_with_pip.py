# corpus: profile=safe_eval decision=deny
"""venv.create builds a new environment and installs pip into it."""
import venv  # expect: PG003

venv.create("/tmp/env", with_pip=True)  # expect: PG010
