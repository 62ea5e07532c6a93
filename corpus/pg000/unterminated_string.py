# corpus: profile=safe_eval decision=deny
greeting = "hello
name = "world"
