# corpus: profile=data_processing decision=deny
# Styler.from_custom_template renders Jinja2 templates from the folder it is
# given: a template the program wrote runs any code (Jinja2 is not
# sandboxed there), and any file can be read as one.
import pandas as pd

df = pd.DataFrame({"a": [1]})
with open("output/t.tpl", "w") as template:
    template.write("{{ 1 }}")
styler = df.style.from_custom_template("output", html_table="t.tpl")  # expect: PG001
print(styler(df).to_html())
