#include "analyzer/syntax/python_symbols.hpp"

#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>

#include "analyzer/syntax/parse.hpp"
#include "analyzer/syntax/syntax_tree.hpp"

namespace pygate::analyzer {

TSSymbol grammar_symbol(const char* name, bool named) {
    TSSymbol id = ts_language_symbol_for_name(python_language(), name,
                                              static_cast<std::uint32_t>(std::strlen(name)), named);
    if (id == 0) throw std::logic_error(std::string("the Python grammar has no node kind ") + name);
    return id;
}

TSFieldId grammar_field(const char* name) {
    TSFieldId id = ts_language_field_id_for_name(python_language(), name, static_cast<std::uint32_t>(std::strlen(name)));
    if (id == 0) throw std::logic_error(std::string("the Python grammar has no field ") + name);
    return id;
}

namespace {

PythonSymbols look_up() {
    PythonSymbols s{};
    s.error = grammar_symbol("ERROR", true);
    s.block = grammar_symbol("block", true);
    s.module = grammar_symbol("module", true);
    s.string = grammar_symbol("string", true);
    s.string_content = grammar_symbol("string_content", true);
    s.escape_sequence = grammar_symbol("escape_sequence", true);
    s.comment = grammar_symbol("comment", true);
    s.line_continuation = grammar_symbol("line_continuation", true);
    s.print_statement = grammar_symbol("print_statement", true);
    s.exec_statement = grammar_symbol("exec_statement", true);
    s.type_alias_statement = grammar_symbol("type_alias_statement", true);
    s.attribute = grammar_symbol("attribute", true);
    s.subscript = grammar_symbol("subscript", true);
    s.function_definition = grammar_symbol("function_definition", true);
    s.class_definition = grammar_symbol("class_definition", true);
    s.type_parameters_field = grammar_field("type_parameters");
    s.open_paren = grammar_symbol("(", false);
    s.close_paren = grammar_symbol(")", false);
    s.open_bracket = grammar_symbol("[", false);
    s.close_bracket = grammar_symbol("]", false);
    s.open_brace = grammar_symbol("{", false);
    s.close_brace = grammar_symbol("}", false);
    s.identifier = grammar_symbol("identifier", true);
    s.call = grammar_symbol("call", true);
    s.import_statement = grammar_symbol("import_statement", true);
    s.import_from_statement = grammar_symbol("import_from_statement", true);
    s.future_import_statement = grammar_symbol("future_import_statement", true);
    s.aliased_import = grammar_symbol("aliased_import", true);
    s.dotted_name = grammar_symbol("dotted_name", true);
    s.relative_import = grammar_symbol("relative_import", true);
    s.wildcard_import = grammar_symbol("wildcard_import", true);
    s.assignment = grammar_symbol("assignment", true);
    s.augmented_assignment = grammar_symbol("augmented_assignment", true);
    s.named_expression = grammar_symbol("named_expression", true);
    s.for_statement = grammar_symbol("for_statement", true);
    s.for_in_clause = grammar_symbol("for_in_clause", true);
    s.with_item = grammar_symbol("with_item", true);
    s.as_pattern = grammar_symbol("as_pattern", true);
    s.as_pattern_target = grammar_symbol("as_pattern_target", true);
    s.except_clause = grammar_symbol("except_clause", true);
    s.lambda = grammar_symbol("lambda", true);
    s.lambda_parameters = grammar_symbol("lambda_parameters", true);
    s.parameters = grammar_symbol("parameters", true);
    s.default_parameter = grammar_symbol("default_parameter", true);
    s.typed_parameter = grammar_symbol("typed_parameter", true);
    s.typed_default_parameter = grammar_symbol("typed_default_parameter", true);
    s.list_splat_pattern = grammar_symbol("list_splat_pattern", true);
    s.dictionary_splat_pattern = grammar_symbol("dictionary_splat_pattern", true);
    s.list_comprehension = grammar_symbol("list_comprehension", true);
    s.set_comprehension = grammar_symbol("set_comprehension", true);
    s.dictionary_comprehension = grammar_symbol("dictionary_comprehension", true);
    s.generator_expression = grammar_symbol("generator_expression", true);
    s.global_statement = grammar_symbol("global_statement", true);
    s.nonlocal_statement = grammar_symbol("nonlocal_statement", true);
    s.return_statement = grammar_symbol("return_statement", true);
    s.pattern_list = grammar_symbol("pattern_list", true);
    s.tuple_pattern = grammar_symbol("tuple_pattern", true);
    s.list_pattern = grammar_symbol("list_pattern", true);
    s.tuple = grammar_symbol("tuple", true);
    s.list = grammar_symbol("list", true);
    s.set = grammar_symbol("set", true);
    s.expression_list = grammar_symbol("expression_list", true);
    s.parenthesized_expression = grammar_symbol("parenthesized_expression", true);
    s.conditional_expression = grammar_symbol("conditional_expression", true);
    s.boolean_operator = grammar_symbol("boolean_operator", true);
    s.binary_operator = grammar_symbol("binary_operator", true);
    s.unary_operator = grammar_symbol("unary_operator", true);
    s.concatenated_string = grammar_symbol("concatenated_string", true);
    s.string_start = grammar_symbol("string_start", true);
    s.string_end = grammar_symbol("string_end", true);
    s.interpolation = grammar_symbol("interpolation", true);
    s.integer = grammar_symbol("integer", true);
    s.keyword_argument = grammar_symbol("keyword_argument", true);
    s.argument_list = grammar_symbol("argument_list", true);
    s.expression_statement = grammar_symbol("expression_statement", true);
    s.slice = grammar_symbol("slice", true);
    s.decorator = grammar_symbol("decorator", true);
    s.delete_statement = grammar_symbol("delete_statement", true);
    s.type = grammar_symbol("type", true);
    s.await = grammar_symbol("await", true);
    s.decorated_definition = grammar_symbol("decorated_definition", true);
    s.list_splat = grammar_symbol("list_splat", true);
    s.dictionary_splat = grammar_symbol("dictionary_splat", true);
    s.keyword_pattern = grammar_symbol("keyword_pattern", true);
    s.case_clause = grammar_symbol("case_clause", true);
    s.case_pattern = grammar_symbol("case_pattern", true);
    s.dictionary = grammar_symbol("dictionary", true);
    s.pair = grammar_symbol("pair", true);
    s.generic_type = grammar_symbol("generic_type", true);
    s.type_parameter = grammar_symbol("type_parameter", true);
    s.field_name = grammar_field("name");
    s.field_alias = grammar_field("alias");
    s.field_value = grammar_field("value");
    s.field_left = grammar_field("left");
    s.field_right = grammar_field("right");
    s.field_body = grammar_field("body");
    s.field_parameters = grammar_field("parameters");
    s.field_function = grammar_field("function");
    s.field_arguments = grammar_field("arguments");
    s.field_object = grammar_field("object");
    s.field_attribute = grammar_field("attribute");
    s.field_subscript = grammar_field("subscript");
    s.field_module_name = grammar_field("module_name");
    s.field_definition = grammar_field("definition");
    s.field_operator = grammar_field("operator");
    s.field_expression = grammar_field("expression");
    s.field_format_specifier = grammar_field("format_specifier");
    s.field_type_conversion = grammar_field("type_conversion");
    s.field_superclasses = grammar_field("superclasses");
    s.field_argument = grammar_field("argument");
    s.field_key = grammar_field("key");
    s.plus_token = grammar_symbol("+", false);
    s.slash_token = grammar_symbol("/", false);
    s.percent_token = grammar_symbol("%", false);
    s.star_token = grammar_symbol("*", false);
    s.minus_token = grammar_symbol("-", false);
    s.or_token = grammar_symbol("or", false);
    s.and_token = grammar_symbol("and", false);
    for (const char* name :
         {"class_definition", "decorated_definition", "for_statement", "function_definition", "if_statement",
          "match_statement", "try_statement", "while_statement", "with_statement", "assert_statement",
          "break_statement", "continue_statement", "delete_statement", "exec_statement", "expression_statement",
          "future_import_statement", "global_statement", "import_from_statement", "import_statement",
          "nonlocal_statement", "pass_statement", "print_statement", "raise_statement", "return_statement",
          "type_alias_statement", "elif_clause", "else_clause", "except_clause", "except_group_clause",
          "finally_clause", "case_clause", "decorator"}) {
        TSSymbol kind = grammar_symbol(name, true);
        if (kind >= s.starts_logical_line.size()) s.starts_logical_line.resize(kind + 1u);
        s.starts_logical_line[kind] = true;
    }
    for (const char* name : {
#include "analyzer/syntax/kinds_with_fields.inc"
         }) {
        TSSymbol kind = grammar_symbol(name, true);
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
