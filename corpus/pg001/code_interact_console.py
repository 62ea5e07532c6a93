# corpus: profile=safe_eval decision=deny
"""code.interact opens an interpreter that runs whatever is typed."""
from code import interact  # expect: PG003

banner = "debug console"
interact(banner=banner, local={})  # expect: PG001
