# corpus: profile=data_processing decision=deny
"""pandas.read_xml parses a string that starts with "<" as the XML document itself and never opens
it; any other string is a path it reads, judged as every path is."""
import pandas as pd

shapes = """<?xml version='1.0' encoding='utf-8'?>
<data><row><shape>square</shape><sides>4</sides></row></data>"""
print(pd.read_xml(shapes))
print(pd.read_xml("<data><row><shape>circle</shape></row></data>"))
print(pd.read_xml("input/shapes.xml"))
print(pd.read_xml("/etc/passwd"))  # expect: PG006
document = "<data><row><shape>square</shape></row></data>"
document = "<data><row><shape>circle</shape></row></data>"
print(pd.read_xml(document))
either = "<data/>"
either = "/etc/shadow"
print(pd.read_xml(either))  # expect: PG006
