# corpus: profile=safe_eval decision=allow
"""Plugin registry.

Unlike importlib.import_module or __import__('name'), plugins here are
registered explicitly, so sys.modules and runpy are never consulted.
"""
REGISTRY: dict[str, object] = {}


def register(name: str, plugin: object) -> None:
    REGISTRY[name] = plugin
