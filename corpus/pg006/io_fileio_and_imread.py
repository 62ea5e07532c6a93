# corpus: profile=plotting decision=deny
"""io.FileIO opens a file as open does; imread reads one."""
import io

import matplotlib.pyplot as plt

print(io.FileIO("/etc/passwd").read())  # expect: PG006
image = plt.imread("/etc/hostname")  # expect: PG006
