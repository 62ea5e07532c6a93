# corpus: profile=data_processing decision=allow
"""Copies, returns and defaults are followed to their calls, whose paths are checked there."""


def opener(function=open):
    return function


read_csv = opener()
print(read_csv("input/a.csv").read(), opener()("output/b.txt", "w"))
