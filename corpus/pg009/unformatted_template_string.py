# corpus: profile=safe_eval decision=allow
"""A string containing `{0.__class__}` that is only printed, never formatted."""
DOC_EXAMPLE = "never write '{0.__class__}'.format(x) in templates"
warning = "{0.__class__.__base__}".upper()
print(DOC_EXAMPLE, warning, len("{x.__globals__}"))
