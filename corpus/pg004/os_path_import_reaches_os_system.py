# corpus: profile=data_processing decision=deny
"""`import os.path` binds `os`, so os.system is reachable where only os.path is allowed."""
import os.path

report = os.path.join("output", "report.txt")
os.system("id > " + report)  # expect: PG004
