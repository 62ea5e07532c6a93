#pragma once
// The grammar's node kinds as symbol ids, looked up once, so the tree walk
// compares integers instead of strings.

#include <tree_sitter/api.h>

namespace pygate::analyzer {

struct PythonSymbols {
    TSSymbol error;  // tree-sitter's ERROR node
    TSSymbol block;
    TSSymbol module;
    TSSymbol string;
    TSSymbol string_content;
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

    static const PythonSymbols& get();
};

}  // namespace pygate::analyzer
