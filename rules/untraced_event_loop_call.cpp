#include "rules/untraced_event_loop_call.hpp"

#include <fmt/format.h>

#include <string>

#include "analyzer/python_symbols.hpp"
#include "analyzer/unicode.hpp"

namespace pygate::rules {

bool report_untraced_event_loop_call(const analyzer::CallSite& site, analyzer::RuleContext& context,
                                     analyzer::RuleNumber rule, const NameTable& table) {
    if (!site.callee.empty()) return false;  // traced: the tables judged what it is
    const analyzer::Model& model = context.model();
    if (node_symbol(site.function) != analyzer::PythonSymbols::get().attribute || !model.imports("asyncio"))
        return false;
    std::string storage;
    std::string_view method = model.identifier(model.attribute_name(site.function), storage);
    std::string qualified = fmt::format("asyncio.AbstractEventLoop.{}", method);
    const NameEntry* entry = table.match(qualified);
    if (entry == nullptr) return false;
    // Named as a loop's method, so that a profile's allow list judges it as it judges a traced one.
    analyzer::Referent as_loop_method;
    as_loop_method.qualified = qualified;
    context.report(rule, entry->severity, site.function,
                   fmt::format("{}: `{}` is an event-loop method called on a value pygate cannot trace, in a file "
                               "that imports asyncio",
                               entry->what, analyzer::first_line_shortened(model.text(site.function), 60)),
                   specificity(*entry), &as_loop_method);
    return true;
}

}  // namespace pygate::rules
