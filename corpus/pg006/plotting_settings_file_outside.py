# corpus: profile=plotting decision=deny
# matplotlib.rc_file reads a settings file: a path like any other.
import matplotlib

matplotlib.rc_file("/etc/matplotlibrc")  # expect: PG006
matplotlib.rc_file("input/style.rc")  # expect: PG004
