# corpus: profile=data_processing decision=deny
"""help() of a string imports the module it names; so may an attribute that holds a string, and the interactive help."""
import numpy as np

name = "antigravity"
help(name)  # expect: PG002
help("this")  # expect: PG002
help(np.sort.__doc__)  # expect: PG002
help(input())  # expect: PG002
help()  # expect: PG002
