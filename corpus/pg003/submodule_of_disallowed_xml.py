# corpus: profile=safe_eval decision=deny
"""A submodule of a module the profile does not allow, under an alias."""
import xml.etree.ElementTree as ET  # expect: PG003

root = ET.fromstring("<a><b/></a>")
print(root.tag)
