# corpus: profile=safe_eval decision=deny
"""sys.setprofile through a from-import alias."""
from sys import setprofile as watch

watch(lambda frame, event, arg: None)  # expect: PG009
