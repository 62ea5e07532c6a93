python3 -c 'print(1)' > output/r.txt 2>&1 &> all 3<> rw <<< 'here' >| x >&2
