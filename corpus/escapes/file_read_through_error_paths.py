# corpus: profile=safe_eval decision=deny
# source: https://github.com/salvatore-abello/python-ctf-cheatsheet/blob/main/pyjails/README.md
# technique: exit, compile and open print a file's content through errors
exit(set(open("/flag")))  # expect: PG006
compile(".", "/flag", "exec")  # expect: PG001
