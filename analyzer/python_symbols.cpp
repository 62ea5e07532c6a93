#include "analyzer/python_symbols.hpp"

#include <cstring>
#include <stdexcept>
#include <string>

#include "analyzer/parse.hpp"

namespace pygate::analyzer {
namespace {

TSSymbol symbol(const char* name, bool named) {
    TSSymbol id = ts_language_symbol_for_name(python_language(), name,
                                              static_cast<std::uint32_t>(std::strlen(name)), named);
    if (id == 0) throw std::logic_error(std::string("the Python grammar has no node kind ") + name);
    return id;
}

TSFieldId field(const char* name) {
    TSFieldId id = ts_language_field_id_for_name(python_language(), name, static_cast<std::uint32_t>(std::strlen(name)));
    if (id == 0) throw std::logic_error(std::string("the Python grammar has no field ") + name);
    return id;
}

PythonSymbols look_up() {
    PythonSymbols s{};
    s.error = symbol("ERROR", true);
    s.block = symbol("block", true);
    s.module = symbol("module", true);
    s.string = symbol("string", true);
    s.string_content = symbol("string_content", true);
    s.comment = symbol("comment", true);
    s.line_continuation = symbol("line_continuation", true);
    s.print_statement = symbol("print_statement", true);
    s.exec_statement = symbol("exec_statement", true);
    s.type_alias_statement = symbol("type_alias_statement", true);
    s.attribute = symbol("attribute", true);
    s.subscript = symbol("subscript", true);
    s.function_definition = symbol("function_definition", true);
    s.class_definition = symbol("class_definition", true);
    s.type_parameters_field = field("type_parameters");
    s.open_paren = symbol("(", false);
    s.close_paren = symbol(")", false);
    s.open_bracket = symbol("[", false);
    s.close_bracket = symbol("]", false);
    s.open_brace = symbol("{", false);
    s.close_brace = symbol("}", false);
    return s;
}

}  // namespace

const PythonSymbols& PythonSymbols::get() {
    static const PythonSymbols symbols = look_up();
    return symbols;
}

}  // namespace pygate::analyzer
