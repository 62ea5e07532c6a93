# corpus: profile=safe_eval decision=allow
"""Class metadata through cls.__qualname__ and obj.__doc__, both in dunders.allow."""
class Report:
    """Monthly figures."""

    class Section:
        """One section."""


for cls in (Report, Report.Section):
    print(cls.__qualname__, cls.__doc__, Report().__doc__)
