# corpus: profile=plotting decision=deny
"""get_sample_data opens an absolute path as it is: a read of any file."""
import matplotlib.cbook as cbook

secret = cbook.get_sample_data("/etc/passwd", asfileobj=True).read()  # expect: PG006
