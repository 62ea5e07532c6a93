# corpus: profile=safe_eval decision=allow
# f-strings CPython 3.11 reads: other quotes inside a field, a backslash in
# a format specification, a '#' inside a field's string, `=` and `!r`, one
# nested field, doubled braces, `\N{...}`.
value = 1
width = 4
texts = [
    f'{"a"}',
    f"{'#'}",
    f"{value:\n}",
    f"{value = }",
    f"{value!r:>{width}}",
    f"{{value}}",
    f"\N{BULLET} {value}",
    f"""{'"'}""",
    f"{value!=2}",
]
print(texts)
