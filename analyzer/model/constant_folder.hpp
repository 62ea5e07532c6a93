#pragma once
// The model's constant folding (Model::fold_string, fold_integer, fold_path),
// which the resolver asks too (getattr's name, an import's module, a
// subscript's key) with its question's budget. Not part of the analyzer's
// public interface.

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "analyzer/model/budgets.hpp"
#include "analyzer/model/fold.hpp"
#include "analyzer/model/model.hpp"
#include "analyzer/model/model_internals.hpp"
#include "analyzer/small_vector.hpp"
#include "analyzer/syntax/python_symbols.hpp"

namespace pygate::analyzer {

// What `expr` refers to, spending `budget` (resolve.cpp): the folder's callees.
Referents resolve_with_budget(const Model& model, Node expr, ScopeId scope, int depth, StepBudget& budget);

class ConstantFolder {
public:
    using Value = FoldedValue;
    using Kind = FoldedValue::Kind;

    ConstantFolder(const Model& model, StepBudget& budget)
        : m_model(model), s(PythonSymbols::get()), m_budget(budget) {}

    std::optional<Value> fold(Node expr, ScopeId scope, int depth);
    // fold's str, or its int.
    std::optional<std::string> fold_str(Node expr, ScopeId scope, int depth);
    std::optional<std::int64_t> fold_int(Node expr, ScopeId scope, int depth);
    // The element of a list, tuple or dict literal (or of the one binding of a
    // name to one) that the constant `key` picks, for the resolver (which
    // follows what an element may be); a null node when the key is not
    // constant, the literal unpacks another (`*xs`, `**d`), or nothing matches.
    Node literal_element(Node container, Node key, ScopeId scope, ScopeId& element_scope, int depth);
    // Model::fold_path: pathlib and os.path expressions fold to the path they name.
    void fold_as_paths() { m_paths = true; }
    std::optional<std::string> fold_path(Node expr, ScopeId scope) { return fold_path_text(expr, scope, 0); }

private:
    const Model& m_model;
    const PythonSymbols& s;
    StepBudget& m_budget;
    SmallVector<const Binding*, 8> m_folding;  // bindings being folded: a cycle folds to nothing
    bool m_paths = false;                      // fold_as_paths()

    // A call's arguments when none is starred: positional ones in order, keywords by name.
    struct Arguments {
        std::vector<Node> positional;
        std::vector<std::pair<std::string_view, Node>> keywords;
    };
    std::optional<Arguments> arguments_of(Node call) const;
    // Arguments bound to parameters by position and keyword as CPython binds
    // them (`names`, the first `positional_only` by position alone); nothing
    // when CPython would refuse them (too many, unknown keyword, twice given).
    std::optional<std::vector<Node>> bind(Node call, std::initializer_list<std::string_view> names,
                                          std::size_t positional_only, std::size_t required) const;

    std::optional<Value> fold_uncapped(Node expr, ScopeId scope, int depth);
    std::optional<Value> fold_string_literal(Node expr, ScopeId scope, int depth);
    std::optional<Value> fold_name(NameId name, ScopeId scope, int depth);
    std::optional<Value> fold_unary(Node expr, ScopeId scope, int depth);
    std::optional<Value> fold_binary(Node expr, ScopeId scope, int depth);
    std::optional<Value> fold_percent(const Value& format, Node right, ScopeId scope, int depth);
    bool only_read_by_subscripts(Node name) const;
    Node sequence_literal(Node node, ScopeId& scope) const;
    Node dictionary_literal(Node node, ScopeId& scope) const;
    std::optional<Value> fold_subscript(Node expr, ScopeId scope, int depth);
    std::optional<Value> fold_call(Node call, ScopeId scope, int depth);
    std::optional<Value> fold_method(const Value& object, std::string_view method, Node call, ScopeId scope, int depth);
    std::optional<Value> fold_builtin_call(std::string_view q, Node call, ScopeId scope, int depth);
    std::optional<Value> fold_join(const Value& separator, Node items, ScopeId scope, int depth);
    std::optional<Value> fold_format(const Value& format, Node call, ScopeId scope, int depth);
    // Path mode: a str's text, or a bytes value's (the OS takes either as a path).
    std::optional<std::string> fold_path_text(Node expr, ScopeId scope, int depth);
    std::optional<std::string> fold_path_call(std::string_view q, Node call, Node function, ScopeId scope, int depth);
    // os.path.join's rule, which pathlib's `/` shares: an absolute part starts over.
    static std::string join_path(const std::string& base, const std::string& part);
    static std::string pathlib_text(const std::string& path);
    static std::optional<std::string> normal_path(std::optional<std::string> path);

    const std::vector<Binding>* bindings_of(NameId name, ScopeId scope) const {
        ScopeId holder = -1;
        return m_model.find_bindings(name, scope, &holder);
    }
    Node argument(Node call, std::uint32_t position, std::string_view keyword = {}) const {
        return m_model.argument(call, position, keyword);
    }
    Referents resolve(Node expr, ScopeId scope, int depth) {
        return resolve_with_budget(m_model, expr, scope, depth, m_budget);
    }
    bool spend(int depth) { return m_budget.spend(depth); }
};

}  // namespace pygate::analyzer
