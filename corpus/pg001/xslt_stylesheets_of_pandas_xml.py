# corpus: profile=data_processing decision=deny
# pandas' read_xml and to_xml run an XSLT stylesheet through lxml, which
# lets it write any file (exsl:document) and read any (document()): a
# program in another language, whatever the file it comes from.
import pandas as pd

frame = pd.read_xml("input/a.xml", stylesheet="input/style.xsl")  # expect: PG001
frame.to_xml("output/b.xml", stylesheet="input/style.xsl")  # expect: PG001


def export(table, options):
    return table.to_xml("output/c.xml", **options)  # expect: PG001@12


frame.to_xml("output/d.xml", index=False)
pd.read_xml("input/a.xml", xpath="//row")
