# corpus: profile=data_processing decision=deny
# source: https://github.com/sinaptik-ai/pandas-ai/issues/550
# technique: the last class of the mro's subclasses, by index, to a function's globals
system = ().__class__.__mro__[-1].__subclasses__()[140].__init__.__globals__["system"]  # expect: PG009 PG009 PG009 PG009
system("ls")
