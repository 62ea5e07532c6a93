# corpus: profile=safe_eval decision=deny
"""zipimport loads code from an archive."""
import zipimport  # expect: PG003

importer = zipimport.zipimporter("bundle.zip")  # expect: PG002
plugin = importer.load_module("plugin")
