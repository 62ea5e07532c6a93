# corpus: profile=safe_eval decision=deny
"""A class attribute bound to Popen, called through the class."""
from subprocess import Popen  # expect: PG003


class Tools:
    launch = Popen  # expect: PG004


Tools.launch(["sh", "-c", "id"])  # expect: PG004
