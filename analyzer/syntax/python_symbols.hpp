#pragma once
// The grammar's node kinds as symbol ids, looked up once, so the tree walk
// compares integers instead of strings.

#include <tree_sitter/api.h>

#include <cstdint>
#include <vector>

namespace pygate::analyzer {

// Node kinds, as a set indexed by grammar symbol. A byte per kind, not
// std::vector<bool>: the walks ask once per node, and a byte is one load
// where a bit is a load, a shift and a mask.
using SymbolSet = std::vector<std::uint8_t>;

// A node kind or field of the Python grammar by name, for the kinds
// PythonSymbols does not hold; a name the grammar lacks throws
// std::logic_error, so a misspelling fails at the first lookup.
TSSymbol grammar_symbol(const char* name, bool named);
TSFieldId grammar_field(const char* name);

struct PythonSymbols {
    TSSymbol error;  // tree-sitter's ERROR node
    TSSymbol block;
    TSSymbol module;
    TSSymbol string;
    TSSymbol string_content;
    TSSymbol escape_sequence;
    TSSymbol comment;
    TSSymbol line_continuation;
    // Python 2 statements the grammar accepts and CPython 3 refuses.
    TSSymbol print_statement;
    TSSymbol exec_statement;
    // Python 3.12 syntax that CPython 3.11 refuses.
    TSSymbol type_alias_statement;
    TSSymbol attribute;
    TSSymbol subscript;
    TSSymbol function_definition;
    TSSymbol class_definition;
    TSFieldId type_parameters_field;  // `def f[T]()`, `class C[T]:`
    // Brackets, counted as CPython's tokenizer counts its nesting level.
    TSSymbol open_paren, close_paren, open_bracket, close_bracket, open_brace, close_brace;

    // Expressions, statements and bindings, for the semantic model.
    TSSymbol identifier, call, import_statement, import_from_statement, future_import_statement, aliased_import,
        dotted_name, relative_import, wildcard_import, assignment, augmented_assignment, named_expression,
        for_statement, for_in_clause, with_item, as_pattern, as_pattern_target, except_clause, lambda,
        lambda_parameters, parameters, default_parameter, typed_parameter, typed_default_parameter, list_splat_pattern,
        dictionary_splat_pattern, list_comprehension, set_comprehension, dictionary_comprehension, generator_expression,
        global_statement, nonlocal_statement, return_statement, pattern_list, tuple_pattern, list_pattern, tuple, list,
        set, expression_list, parenthesized_expression, conditional_expression, boolean_operator, binary_operator,
        unary_operator, concatenated_string, string_start, string_end, interpolation, integer, keyword_argument,
        argument_list, expression_statement, slice, decorator, delete_statement, type, await, decorated_definition,
        list_splat, dictionary_splat, keyword_pattern, case_clause, case_pattern, dictionary, pair, generic_type,
        type_parameter;
    TSFieldId field_name, field_alias, field_value, field_left, field_right, field_body, field_parameters,
        field_function, field_arguments, field_object, field_attribute, field_subscript, field_module_name,
        field_definition, field_operator, field_expression, field_format_specifier, field_type_conversion,
        field_superclasses, field_argument, field_key;
    // Anonymous tokens the model compares: operators and keywords.
    TSSymbol plus_token, slash_token, percent_token, star_token, minus_token, or_token, and_token;

    // Kinds whose node begins a logical line, indexed by symbol: statements,
    // the clauses of compound statements (`else:`, `except:`, `case`) and
    // decorators. Any other token that starts a logical line continues a
    // statement CPython has already ended.
    SymbolSet starts_logical_line;
    // Kinds that have fields (the grammar's node-types.json), indexed by
    // symbol: no child of any other kind has a field in its parent.
    SymbolSet has_fields;

    static const PythonSymbols& get();
};

}  // namespace pygate::analyzer
