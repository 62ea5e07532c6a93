# corpus: profile=safe_eval decision=deny
"""importlib.import_module hidden as the default value of a parameter."""
import importlib  # expect: PG003


def resolve(name: str, importer=importlib.import_module):  # expect: PG002
    return importer(name)  # expect: PG002
