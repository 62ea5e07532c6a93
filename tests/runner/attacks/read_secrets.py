# Read /etc/shadow and a file of the caller's (its path is in input/target.txt).
target = open("input/target.txt").read().strip()
leaked = []
for path in ("/etc/shadow", target):
    try:
        with open(path) as f:
            leaked.append((path, f.read()))
    except OSError as error:
        print("refused", path, error.errno)
for path, text in leaked:
    print("LEAKED", path, text)
raise SystemExit(10 if leaked else 0)
