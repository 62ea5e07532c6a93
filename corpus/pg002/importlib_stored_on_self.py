# corpus: profile=safe_eval decision=deny
"""import_module stored on an instance and called through self."""
import importlib as il  # expect: PG003


class PluginHost:
    def __init__(self):
        self.fetch = il.import_module  # expect: PG002

    def plugin(self, name: str):
        return self.fetch(name)  # expect: PG002
