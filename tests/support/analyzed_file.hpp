#pragma once
// A Python file's source, tree and model, alive together, and the questions
// the analyzer's tests ask of its expressions, found by their text.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/model/model.hpp"
#include "analyzer/syntax/parse.hpp"
#include "analyzer/text/source.hpp"

namespace pygate::analyzer::testing {

using Names = std::vector<std::string>;

// An expression of the file and the scope it is evaluated in.
struct Expression {
    Node node;
    ScopeId scope;
};

// A file's source, tree and model, alive together: the model refers to both.
struct Analyzed {
    LoadedSource loaded;
    SyntaxTree tree;
    Model model;

    explicit Analyzed(std::string_view code)
        : loaded(load_source(std::string(code))),
          tree(Parser().parse(loaded.source.text)->root(), loaded.source.text),
          model(loaded.source, tree) {}

    // The `nth` site whose text is `expr` in document order (negative: from
    // the end, -1 is the last).
    const Model::Site& site(std::string_view expr, int nth = -1) const {
        std::vector<const Model::Site*> found;
        for (const Model::Site& candidate : model.sites())
            if (model.text(candidate.node) == expr) found.push_back(&candidate);
        int count = static_cast<int>(found.size());
        int index = nth < 0 ? count + nth : nth;
        if (index < 0 || index >= count)
            throw std::invalid_argument("no site #" + std::to_string(nth) + " `" + std::string(expr) + "` (" +
                                        std::to_string(count) + " found)");
        return *found[static_cast<std::size_t>(index)];
    }

    // The last site spelled `expr`; for what is no site (literals, operators),
    // the last node spelled `expr`, evaluated in the module scope.
    Expression expression(std::string_view expr) const {
        const auto& sites = model.sites();
        for (auto it = sites.rbegin(); it != sites.rend(); ++it)
            if (model.text(it->node) == expr) return {it->node, it->scope};
        const std::string& text = loaded.source.text;
        for (std::size_t at = text.rfind(expr); at != std::string::npos;
             at = at == 0 ? std::string::npos : text.rfind(expr, at - 1)) {
            Node node = node_named_descendant_for_byte_range(tree.root(), static_cast<std::uint32_t>(at),
                                                                  static_cast<std::uint32_t>(at + expr.size()));
            if (model.text(node) == expr) return {node, k_module_scope};
        }
        throw std::invalid_argument("no node `" + std::string(expr) + "`");
    }

    Referents referents(std::string_view expr, int nth = -1) const {
        const Model::Site& found = site(expr, nth);
        return model.resolve(found.node, found.scope);
    }

    // The qualified names `expr` may refer to, sorted.
    Names names(std::string_view expr, int nth = -1) const {
        Names out;
        for (const Referent& referent : referents(expr, nth))
            if (referent.kind == Referent::Kind::name) out.emplace_back(referent.qualified);
        std::sort(out.begin(), out.end());
        return out;
    }

    std::vector<Referent::Kind> kinds(std::string_view expr, int nth = -1) const {
        std::vector<Referent::Kind> out;
        for (const Referent& referent : referents(expr, nth))
            out.push_back(referent.kind);
        return out;
    }

    std::optional<std::string> folded(std::string_view expr) const {
        Expression found = expression(expr);
        return model.fold_string(found.node, found.scope);
    }

    std::optional<std::string> path(std::string_view expr) const {
        Expression found = expression(expr);
        return model.fold_path(found.node, found.scope);
    }

    std::optional<std::int64_t> integer(std::string_view expr) const {
        Expression found = expression(expr);
        return model.fold_integer(found.node, found.scope);
    }

    Model::StringValues possible(std::string_view expr) const {
        Expression found = expression(expr);
        Model::StringValues values = model.possible_strings(found.node, found.scope);
        std::sort(values.values.begin(), values.values.end());
        return values;
    }
};

}  // namespace pygate::analyzer::testing
