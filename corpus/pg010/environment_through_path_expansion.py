# corpus: profile=data_processing decision=deny
# The environment through library calls that return or print it: `$VAR`
# and `~` expansion, and pandas' version report.
import os.path

import pandas as pd

home = os.path.expanduser("~")  # expect: PG010
token = os.path.expandvars("$HOME")  # expect: PG010
