# Write outside output/: the file named in input/target.txt, a file in /tmp
# and one beside the work directory.
import os
target = open("input/target.txt").read().strip()
attempts = [target, "/tmp/pygate-escape-" + str(os.getpid()), os.path.join(os.path.dirname(os.getcwd()), "pygate-escape")]
written = []
for path in attempts:
    try:
        with open(path, "w") as f:
            f.write("escaped")
        written.append(path)
    except OSError as error:
        print("refused", path, error.errno)
try:
    with open("output/inside.txt", "w") as f:
        f.write("fine")
    print("wrote output/inside.txt")
except OSError as error:
    print("could not write output/", error.errno)
raise SystemExit(10 if written else 0)
