# corpus: profile=repo_tooling decision=deny
"""A .pth file under the working folder still runs at every interpreter start."""

with open("lib/zz_autorun.pth", "w") as pth:  # expect: PG006
    pth.write("import os; os.system('id')\n")
