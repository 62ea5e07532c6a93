// Which strings typing may evaluate are plain types (rules/utils/pg001_annotation_string.hpp).
#include "rules/utils/pg001_annotation_string.hpp"

#include <catch2/catch.hpp>

using pygate::rules::annotation_string_is_code;

TEST_CASE("Strings that only name types are plain") {
    for (const char* type : {"Node", "Optional[Dict[str, List[int]]]", "int | None", "typing.Any",
                             "collections.abc.Iterable[Node]", "list[tuple[int, ...]]", "Literal[-1, 2.5, 0x1f]",
                             "List['Node']", "Callable[[int, str], None]", "numpy.sum", "  Node\n", "Größe",
                             "object", "type[Node]", "ValueError", "Literal['a(b)', \"lambda: 0\"]"})
        CHECK(annotation_string_is_code(type) == std::nullopt);
}

TEST_CASE("Strings that would run code name the token that makes them code") {
    CHECK(annotation_string_is_code("__import__('os').system('id')") == "the name `__import__`");
    CHECK(annotation_string_is_code("f()") == "`(`");
    CHECK(annotation_string_is_code("(lambda: 0)") == "`(`");
    CHECK(annotation_string_is_code("x := 1") == "`:`");
    CHECK(annotation_string_is_code("a * 7") == "`*`");
    CHECK(annotation_string_is_code("x.__class__") == "the name `__class__`");
    CHECK(annotation_string_is_code("x._T__private") == std::nullopt);  // one underscore: an ordinary name
    // Builtins that are not types would reach a __class_getitem__ unseen; an attribute of that name is no builtin.
    CHECK(annotation_string_is_code("X[eval]") == "the builtin `eval`");
    CHECK(annotation_string_is_code("X[open]") == "the builtin `open`");
    CHECK(annotation_string_is_code("np.eval") == std::nullopt);
    // CPython reads identifiers NFKC-normalised.
    CHECK(annotation_string_is_code("ｅｖａｌ") == "the builtin `eval`");
    // Nested strings are evaluated in turn, except Literal's values.
    CHECK(annotation_string_is_code("List['f()']") == "`(`");
    CHECK(annotation_string_is_code("List['\\x28']") == "an escape in a nested string");
    CHECK(annotation_string_is_code("List['Node") == "an unterminated string");
    CHECK(annotation_string_is_code("Z[f'{1}']") == "`{`");
    CHECK(annotation_string_is_code("Literal['x'][f()]") == "`(`");
    // Annotated's metadata is a value; its first element is a type.
    CHECK(annotation_string_is_code("Annotated[int, 'metres (m)']") == std::nullopt);
    CHECK(annotation_string_is_code("Annotated['f()', 'm']") == "`(`");
    CHECK(annotation_string_is_code("List[Annotated[int, 'a (b)'], 'g()']") == "`(`");
}
