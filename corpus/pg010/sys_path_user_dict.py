# corpus: profile=safe_eval decision=allow
"""A user dict named sys_path and a list named path are plain data."""
sys_path = {"root": "/", "lib": "/usr/lib"}
sys_path["bin"] = "/usr/bin"
path = ["a", "b"]
path.insert(0, "start")
path.append("end")
print(sys_path, "/".join(path))
