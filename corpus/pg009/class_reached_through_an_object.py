# corpus: profile=data_processing decision=review
# type(x) is a class the program never named: sys.stdin.buffer.raw's class is
# io.FileIO, which opens any file. Calling such a class, or passing `type`
# on so that it is called where no call shows, is a review.
import sys

raw = type(sys.stdin.buffer.raw)("/proc/self/environ")  # expect: PG009
values = [1, "a"]
same = type(values)(range(3))  # expect: PG009
kinds = list(map(type, values))  # expect: PG009
