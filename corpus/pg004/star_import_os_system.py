# corpus: profile=safe_eval decision=deny
"""After `from os import *` the free name `system` is os.system."""
from os import *  # expect: PG003


def cleanup(folder):
    return system("rm -rf " + folder)  # expect: PG004


cleanup("/tmp/cache")
