# corpus: profile=safe_eval decision=allow
"""Validate several fields at once and report every error with except*."""
from typing import Any


class FieldError(ValueError):
    """A value that is present but wrong."""


def field_error(field: str, message: str) -> FieldError:
    return FieldError(f"{field}: {message}")


def validate(record: dict[str, Any]) -> dict[str, Any]:
    errors: list[Exception] = []
    if not isinstance(record.get("name"), str) or not record.get("name"):
        errors.append(field_error("name", "must be a non-empty string"))
    age = record.get("age")
    if not isinstance(age, int):
        errors.append(TypeError("age must be an integer"))
    elif age < 0:
        errors.append(field_error("age", "must not be negative"))
    if errors:
        raise ExceptionGroup("invalid record", errors)
    return record


def check(record: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    try:
        validate(record)
    except* FieldError as group:
        problems.extend(str(e) for e in group.exceptions)
    except* TypeError as group:
        problems.extend(f"type: {e}" for e in group.exceptions)
    return problems


results = {
    "good": check({"name": "Ada", "age": 36}),
    "bad": check({"name": "", "age": "old"}),
    "negative": check({"name": "Bob", "age": -1}),
}
print(results)
