# corpus: profile=safe_eval decision=allow
"""A local mapping called modules with .get and subscripts, unrelated to sys.modules."""
modules = {"algebra": 4, "geometry": 3, "statistics": 5}
credits = modules.get("algebra", 0) + modules["geometry"]
config = {"modules": sorted(modules), "runpy": False}
print(credits, config["modules"])
