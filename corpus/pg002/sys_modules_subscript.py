# corpus: profile=safe_eval decision=deny
"""A module fetched from sys.modules, bypassing the import statement."""
import sys

os_module = sys.modules["os"]  # expect: PG002
