# corpus: profile=data_processing decision=deny
"""`import os.path` binds `os`; os.listdir is a use of os, which the profile did not allow."""
import os.path

files = os.listdir("input/")  # expect: PG003
print([f for f in files if os.path.splitext(f)[1] == ".csv"])
