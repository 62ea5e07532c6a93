# corpus: profile=safe_eval decision=deny
print "hello"  # expect: PG000@1
