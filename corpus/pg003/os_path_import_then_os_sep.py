# corpus: profile=data_processing decision=deny
"""Reading a plain attribute of os (not os.path) after `import os.path`."""
import os.path

parts = "output/a/b.csv".split(os.sep)  # expect: PG003
print(os.path.join(*parts))
