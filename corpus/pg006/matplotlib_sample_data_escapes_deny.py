# corpus: profile=plotting decision=deny
"""get_sample_data opens an absolute path as it is, and follows `..` out of
matplotlib's sample data folder; a name built at run time may be either."""
import matplotlib.cbook as cbook

passwords = cbook.get_sample_data("/etc/passwd", asfileobj=False)  # expect: PG006
key = cbook.get_sample_data("~/.ssh/id_rsa")  # expect: PG006
shadow = cbook.get_sample_data("../../../../etc/shadow")  # expect: PG006
inside_then_out = cbook.get_sample_data("axes_grid/../../../matplotlibrc")  # expect: PG006
name = input()
chosen = cbook.get_sample_data(name)  # expect: PG006
