# corpus: profile=data_processing decision=deny
"""A harmless-looking member of os is still outside what the profile allows."""
import os.path

workers = os.cpu_count() or 1  # expect: PG003
print(workers, os.path.sep)
