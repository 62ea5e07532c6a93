# corpus: profile=safe_eval decision=deny
# Three-argument type() makes a class whose attributes are its namespace's
# keys: a dunder key there is a dunder the program defines by a string.
namespace = {"__getattr__": lambda self, name: name}
Made = type("Made", (), namespace)  # expect: PG009
