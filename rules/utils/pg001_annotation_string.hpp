#pragma once
// Strings that typing evaluates as code. typing.get_type_hints runs eval on
// every annotation written as a string (`def f(x: "Node")`) and on strings
// in typing's subscripts and constructors (`List["Node"]`,
// `ForwardRef("Node")`, `TypeVar("T", bound="Node")`), and
// functools.singledispatch's `register` calls it on the function it is given.
// So `@show.register` over `def _(x: "__import__('os').system('id')")` runs
// that string with no eval in sight.
//
// A string is accepted as a type only when evaluating it can do nothing a
// rule would not see elsewhere: names, attributes and subscripts of them,
// `|`, `,`, `...`, numbers, and nested strings of the same kind (or any
// string inside `Literal[...]`, a value typing never evaluates). Evaluating
// such a string reads names and calls only the __getitem__, __class_getitem__
// and __or__ of the objects named, which are the file's own code (analysed)
// or typing's.

#include <optional>
#include <string>
#include <string_view>

namespace pygate::rules {

// Why `text` (a string's value) is more than a reference to a type: the
// first token that makes it code (`(`, `:`, a name beginning with `__`,
// a builtin that is not a type, such as `eval` handed to a __class_getitem__),
// or nothing for a plain type.
std::optional<std::string> annotation_string_is_code(std::string_view text);

}  // namespace pygate::rules
