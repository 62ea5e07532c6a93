# corpus: profile=safe_eval decision=allow
def greet(name):
    return "Hello, " + name

message = greet("world")
