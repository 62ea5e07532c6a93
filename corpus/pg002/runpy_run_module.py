# corpus: profile=safe_eval decision=deny
"""runpy.run_module runs a module as a script."""
import runpy  # expect: PG003

runpy.run_module("http.server", run_name="__main__")  # expect: PG002
