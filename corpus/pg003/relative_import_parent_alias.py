# corpus: profile=safe_eval decision=deny
"""A parent-relative import under an alias."""
from ..utils import load_config as cfg  # expect: PG003

settings = cfg("settings.json")
