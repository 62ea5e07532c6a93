#include "analyzer/syntax/python_symbols.hpp"

#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>

#include "analyzer/syntax/parse.hpp"
#include "analyzer/syntax/syntax_tree.hpp"

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
    s.escape_sequence = symbol("escape_sequence", true);
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
    s.identifier = symbol("identifier", true);
    s.call = symbol("call", true);
    s.import_statement = symbol("import_statement", true);
    s.import_from_statement = symbol("import_from_statement", true);
    s.future_import_statement = symbol("future_import_statement", true);
    s.aliased_import = symbol("aliased_import", true);
    s.dotted_name = symbol("dotted_name", true);
    s.relative_import = symbol("relative_import", true);
    s.wildcard_import = symbol("wildcard_import", true);
    s.assignment = symbol("assignment", true);
    s.augmented_assignment = symbol("augmented_assignment", true);
    s.named_expression = symbol("named_expression", true);
    s.for_statement = symbol("for_statement", true);
    s.for_in_clause = symbol("for_in_clause", true);
    s.with_item = symbol("with_item", true);
    s.as_pattern = symbol("as_pattern", true);
    s.as_pattern_target = symbol("as_pattern_target", true);
    s.except_clause = symbol("except_clause", true);
    s.lambda = symbol("lambda", true);
    s.lambda_parameters = symbol("lambda_parameters", true);
    s.parameters = symbol("parameters", true);
    s.default_parameter = symbol("default_parameter", true);
    s.typed_parameter = symbol("typed_parameter", true);
    s.typed_default_parameter = symbol("typed_default_parameter", true);
    s.list_splat_pattern = symbol("list_splat_pattern", true);
    s.dictionary_splat_pattern = symbol("dictionary_splat_pattern", true);
    s.list_comprehension = symbol("list_comprehension", true);
    s.set_comprehension = symbol("set_comprehension", true);
    s.dictionary_comprehension = symbol("dictionary_comprehension", true);
    s.generator_expression = symbol("generator_expression", true);
    s.global_statement = symbol("global_statement", true);
    s.nonlocal_statement = symbol("nonlocal_statement", true);
    s.return_statement = symbol("return_statement", true);
    s.pattern_list = symbol("pattern_list", true);
    s.tuple_pattern = symbol("tuple_pattern", true);
    s.list_pattern = symbol("list_pattern", true);
    s.tuple = symbol("tuple", true);
    s.list = symbol("list", true);
    s.set = symbol("set", true);
    s.expression_list = symbol("expression_list", true);
    s.parenthesized_expression = symbol("parenthesized_expression", true);
    s.conditional_expression = symbol("conditional_expression", true);
    s.boolean_operator = symbol("boolean_operator", true);
    s.binary_operator = symbol("binary_operator", true);
    s.unary_operator = symbol("unary_operator", true);
    s.concatenated_string = symbol("concatenated_string", true);
    s.string_start = symbol("string_start", true);
    s.string_end = symbol("string_end", true);
    s.interpolation = symbol("interpolation", true);
    s.integer = symbol("integer", true);
    s.keyword_argument = symbol("keyword_argument", true);
    s.argument_list = symbol("argument_list", true);
    s.expression_statement = symbol("expression_statement", true);
    s.slice = symbol("slice", true);
    s.decorator = symbol("decorator", true);
    s.delete_statement = symbol("delete_statement", true);
    s.type = symbol("type", true);
    s.await = symbol("await", true);
    s.decorated_definition = symbol("decorated_definition", true);
    s.list_splat = symbol("list_splat", true);
    s.dictionary_splat = symbol("dictionary_splat", true);
    s.keyword_pattern = symbol("keyword_pattern", true);
    s.case_clause = symbol("case_clause", true);
    s.case_pattern = symbol("case_pattern", true);
    s.dictionary = symbol("dictionary", true);
    s.pair = symbol("pair", true);
    s.generic_type = symbol("generic_type", true);
    s.type_parameter = symbol("type_parameter", true);
    s.field_name = field("name");
    s.field_alias = field("alias");
    s.field_value = field("value");
    s.field_left = field("left");
    s.field_right = field("right");
    s.field_body = field("body");
    s.field_parameters = field("parameters");
    s.field_function = field("function");
    s.field_arguments = field("arguments");
    s.field_object = field("object");
    s.field_attribute = field("attribute");
    s.field_subscript = field("subscript");
    s.field_module_name = field("module_name");
    s.field_definition = field("definition");
    s.field_operator = field("operator");
    s.field_expression = field("expression");
    s.field_format_specifier = field("format_specifier");
    s.field_type_conversion = field("type_conversion");
    s.field_superclasses = field("superclasses");
    s.field_argument = field("argument");
    s.field_key = field("key");
    s.plus_token = symbol("+", false);
    s.slash_token = symbol("/", false);
    s.percent_token = symbol("%", false);
    s.star_token = symbol("*", false);
    s.minus_token = symbol("-", false);
    s.or_token = symbol("or", false);
    s.and_token = symbol("and", false);
    for (const char* name :
         {"class_definition", "decorated_definition", "for_statement", "function_definition", "if_statement",
          "match_statement", "try_statement", "while_statement", "with_statement", "assert_statement",
          "break_statement", "continue_statement", "delete_statement", "exec_statement", "expression_statement",
          "future_import_statement", "global_statement", "import_from_statement", "import_statement",
          "nonlocal_statement", "pass_statement", "print_statement", "raise_statement", "return_statement",
          "type_alias_statement", "elif_clause", "else_clause", "except_clause", "except_group_clause",
          "finally_clause", "case_clause", "decorator"}) {
        TSSymbol kind = symbol(name, true);
        if (kind >= s.starts_logical_line.size()) s.starts_logical_line.resize(kind + 1u);
        s.starts_logical_line[kind] = true;
    }
    for (const char* name : {
#include "analyzer/syntax/kinds_with_fields.inc"
         }) {
        TSSymbol kind = symbol(name, true);
        if (kind >= s.has_fields.size()) s.has_fields.resize(kind + 1u);
        s.has_fields[kind] = true;
    }
    // The tree copy keeps a node's field in one byte (NodeData::field).
    constexpr std::uint32_t k_max_field = std::numeric_limits<decltype(NodeData::field)>::max();
    if (std::uint32_t count = ts_language_field_count(python_language()); count > k_max_field)
        throw std::logic_error("the Python grammar has " + std::to_string(count) +
                               " fields; the tree copy keeps a field's id in one byte, up to " +
                               std::to_string(k_max_field));
    return s;
}

}  // namespace

const PythonSymbols& PythonSymbols::get() {
    static const PythonSymbols symbols = look_up();
    return symbols;
}

}  // namespace pygate::analyzer
