#include "rules/utils/untraced_method_call.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "analyzer/model/qualified_name_pattern.hpp"
#include "analyzer/syntax/python_symbols.hpp"
#include "analyzer/text/unicode.hpp"
#include "rules/utils/library_effects.hpp"
#include "rules/utils/referent_names.hpp"

namespace pygate::rules {
namespace {

// Whose methods rules that report the name alone guess (PG004, PG005).
constexpr std::array<GuessedOwner, 2> k_guessed_owners = {{
    {"asyncio", "asyncio.AbstractEventLoop"}, {"pandas", "pandas.DataFrame"},  // `frame.to_clipboard()`
}};

}  // namespace

std::optional<GuessedMethod> guess_untraced_method(const analyzer::CallSite& site, const analyzer::RuleContext& context,
                                                   std::span<const GuessedOwner> owners, const NameTable& table,
                                                   std::span<const std::string_view> too_common) {
    const analyzer::Model& model = context.model();
    // Traced: the tables judged what it is; unless it is a member of a value they cannot type.
    if (!site.callee.empty() && !of_unnamed_class(site.callee, context.libraries())) return std::nullopt;
    if (node_symbol(site.function) != analyzer::PythonSymbols::get().attribute) return std::nullopt;
    std::string storage;
    std::optional<std::string_view> method;  // read once an owner's module is imported: most files import none
    for (const GuessedOwner& owner : owners) {
        if (!may_hold_objects_of(model, owner.module)) continue;
        if (!method) method = model.identifier(model.attribute_name(site.function), storage);
        if (std::find(too_common.begin(), too_common.end(), *method) != too_common.end()) return std::nullopt;
        std::string qualified = std::string(owner.owner).append(".").append(*method);
        const NameEntry* entry = table.match(qualified);
        // A pattern that matches the owner itself (`pandas.*`, the class `zipfile.ZipFile`, matched as a
        // prefix of `zipfile.ZipFile.agg`) names no method: it would take every method for one.
        if (entry == nullptr || analyzer::matches_qualified_name(entry->pattern, owner.owner)) continue;
        return GuessedMethod{std::move(qualified), owner.module, entry};
    }
    return std::nullopt;
}

std::string guessed_method_reason(const analyzer::CallSite& site, const analyzer::Model& model,
                                  const GuessedMethod& guessed) {
    std::string_view owner = std::string_view(guessed.qualified).substr(0, guessed.qualified.rfind('.'));
    return fmt::format("`{}` is a method of {} called on a value pygate cannot trace, in a file that imports {}",
                       analyzer::first_line_shortened(model.text(site.function), 60), owner, guessed.module);
}

bool report_untraced_method_call(const analyzer::CallSite& site, analyzer::RuleContext& context,
                                 analyzer::RuleNumber rule, const NameTable& table) {
    std::optional<GuessedMethod> guessed = guess_untraced_method(site, context, k_guessed_owners, table);
    if (!guessed) return false;
    // Named as the owner's method, so that a profile's allow list judges it as it judges a traced one.
    analyzer::Referent as_method;
    as_method.qualified = guessed->qualified;
    context.report(rule, guessed->entry->severity, site.function,
                   fmt::format("{}: {}", guessed->entry->what, guessed_method_reason(site, context.model(), *guessed)),
                   specificity(*guessed->entry), &as_method);
    return true;
}

}  // namespace pygate::rules
