# corpus: profile=safe_eval decision=allow
"""hasattr/getattr on a user object with a constant name that merely looks like an importer."""


class Loader:
    def import_module(self, name: str) -> str:
        return name.upper()


loader = Loader()
if hasattr(loader, "import_module"):
    print(getattr(loader, "import_module")("json"))
