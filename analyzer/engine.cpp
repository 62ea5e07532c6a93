#include "analyzer/engine.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <unordered_map>

#include "analyzer/small_vector.hpp"
#include "analyzer/syntax/python_symbols.hpp"
#include "analyzer/text/source.hpp"
#include "analyzer/text/unicode.hpp"

namespace pygate::analyzer {
namespace {

constexpr std::size_t k_max_shown = 60;
// Above every rule: when resolution gave up, that is what the location reports.
constexpr int k_limits_specificity = 1000;

std::string shortened(std::string_view text) {
    return first_line_shortened(text, k_max_shown);
}

// A chain of copies can be as long as a file: messages show its first step
// and its last ones, findings keep a few more.
constexpr std::size_t k_max_message_steps = 4;
constexpr std::size_t k_max_chain_steps = 12;

// The indices of a chain of `size` steps to show: all, or the first and the last `limit - 1`.
std::vector<std::size_t> shown_steps(std::size_t size, std::size_t limit) {
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < size; ++i)
        if (size <= limit || i == 0 || i >= size - (limit - 1)) out.push_back(i);
    return out;
}

bool has_name(const Referents& referents) {
    return std::any_of(referents.begin(), referents.end(),
                       [](const Referent& r) { return r.kind == Referent::Kind::name; });
}

// The rules that have one hook, in the rules' order: a site calls only those,
// rather than asking every rule whether it has the hook.
template <class Event>
class HookList {
public:
    void add(void (*hook)(const Event&, RuleContext&)) {
        if (hook != nullptr) m_hooks.push_back(hook);
    }
    void call(const Event& event, RuleContext& context) const {
        for (auto hook : m_hooks)
            hook(event, context);
    }

private:
    SmallVector<void (*)(const Event&, RuleContext&), 16> m_hooks;
};

class Engine {
public:
    Engine(const Model& model, const Profile& profile, const LibraryKnowledge& libraries,
           std::span<const RuleHooks* const> rules)
        : m_model(model), m_context(model, profile, libraries, m_candidates), s(PythonSymbols::get()) {
        for (const RuleHooks* rule : rules) {
            m_on_reference.add(rule->on_reference);
            m_on_call.add(rule->on_call);
            m_on_attribute.add(rule->on_attribute);
            m_on_name.add(rule->on_name);
            m_on_import.add(rule->on_import);
            if (rule->on_syntax != nullptr && rule->syntax_kinds != nullptr)
                for (TSSymbol kind : rule->syntax_kinds())
                    m_on_syntax.push_back({kind, rule->on_syntax});
            m_on_module.add(rule->on_module);
            m_on_module_end.add(rule->on_module_end);
        }
        // By kind, each kind's hooks in the rules' order: a site calls only the rules that asked for its kind.
        std::stable_sort(m_on_syntax.begin(), m_on_syntax.end(),
                         [](const SyntaxHook& a, const SyntaxHook& b) { return a.kind < b.kind; });
    }

    void run(std::vector<Finding>& findings) {
        const ModuleSite module{m_model.root(), m_model.source(), m_model.metrics()};
        m_on_module.call(module, m_context);
        for (const Model::Site& site : m_model.sites())
            visit(site);
        m_on_module_end.call(module, m_context);
        keep_most_specific(findings);
    }

private:
    const Model& m_model;
    HookList<Reference> m_on_reference;
    HookList<CallSite> m_on_call;
    HookList<AttributeSite> m_on_attribute;
    HookList<NameSite> m_on_name;
    HookList<ImportSite> m_on_import;
    struct SyntaxHook {
        TSSymbol kind;
        void (*hook)(const SyntaxSite&, RuleContext&);
    };
    std::vector<SyntaxHook> m_on_syntax;
    HookList<ModuleSite> m_on_module;
    HookList<ModuleSite> m_on_module_end;
    std::vector<RuleContext::Candidate> m_candidates;
    RuleContext m_context;
    const PythonSymbols& s;
    // A callee is resolved for its call, whose site comes just before its own
    // (sites are in document order, a call before its function), which reuses it.
    const void* m_callee_node = nullptr;
    Referents m_callee;

    // Fail closed: an answer cut short by the resolver's limits may be missing
    // the very name a rule looks for, so the file is refused, not judged on it.
    Referents resolve_within_limits(Node node, ScopeId scope) {
        bool exceeded = false;
        Referents out = m_model.resolve(node, scope, &exceeded);
        if (exceeded) report_limits(node);
        return out;
    }

    void report_limits(Node node) {
        m_context.report(k_unsafe_source_rule, Severity::error, node,
                         fmt::format("cannot resolve `{}` within pygate's limits (copies nested too deep or too many "
                                     "paths): refused rather than judged on a partial answer",
                                     shortened(m_model.text(node))),
                         k_limits_specificity);
    }

    Referents resolve(const Model::Site& site) {
        if (site.callee && site.node.id == m_callee_node) {
            m_callee_node = nullptr;
            return std::move(m_callee);
        }
        return resolve_within_limits(site.node, site.scope);
    }

    void reference(const Model::Site& site, const Referents& referents) {
        if (!has_name(referents)) return;
        Reference event{site.node, site.scope, referents, site.store, site.mutated, site.callee, site.argument_of};
        m_on_reference.call(event, m_context);
    }

    void visit(const Model::Site& site) {
        switch (site.kind) {
            case Model::SiteKind::name: {
                std::string storage;
                std::string_view name = m_model.identifier(site.node, storage);
                m_on_name.call(NameSite{site.node, site.scope, name}, m_context);
                if (!site.chained) reference(site, resolve(site));
                break;
            }
            case Model::SiteKind::attribute: {
                std::string storage;
                std::string_view attribute = m_model.identifier(m_model.attribute_name(site.node), storage);
                m_on_attribute.call(
                    AttributeSite{site.node, site.scope, attribute, m_model.attribute_object(site.node), site.store},
                    m_context);
                if (!site.chained) reference(site, resolve(site));
                break;
            }
            case Model::SiteKind::call: {
                Node function = m_model.call_function(site.node);
                Referents callee = resolve_within_limits(function, site.scope);
                m_on_call.call(CallSite{site.node, function, site.scope, callee}, m_context);
                if (!site.chained && std::any_of(callee.begin(), callee.end(), Model::call_may_return_name)) {
                    bool exceeded = false;
                    Referents value = m_model.resolve_call(site.node, callee, site.scope, &exceeded);
                    if (exceeded) report_limits(site.node);
                    reference(site, value);
                }
                m_callee_node = function.id;
                m_callee = std::move(callee);
                break;
            }
            case Model::SiteKind::subscript:
                if (!site.chained) reference(site, resolve(site));
                break;
            case Model::SiteKind::import:
                import(site);
                break;
            case Model::SiteKind::syntax: {
                SyntaxSite syntax{site.node, site.scope, node_symbol(site.node), site.argument_of};
                auto first = std::lower_bound(m_on_syntax.begin(), m_on_syntax.end(), syntax.kind,
                                              [](const SyntaxHook& hook, TSSymbol kind) { return hook.kind < kind; });
                for (auto it = first; it != m_on_syntax.end() && it->kind == syntax.kind; ++it)
                    it->hook(syntax, m_context);
                break;
            }
        }
    }

    void import(const Model::Site& site) {
        Node node = site.node;
        TSSymbol kind = node_symbol(node);
        std::vector<ImportedModule> modules;
        if (kind == s.future_import_statement) {
            modules.push_back({"__future__", {}, node, false, true});
        } else if (kind == s.import_statement) {
            for (std::uint32_t i = 0; i < node_named_child_count(node); ++i) {
                Node child = node_named_child(node, i);
                Node name =
                    node_symbol(child) == s.aliased_import ? node_child_by_field_id(child, s.field_name) : child;
                modules.push_back({m_model.dotted_name(name), {}, child, false, false});
            }
        } else {
            Node module = node_child_by_field_id(node, s.field_module_name);
            ImportedModule imported;
            imported.at = node;
            imported.relative = node_symbol(module) == s.relative_import;
            imported.module = m_model.dotted_name(module);
            imported.future = imported.module == "__future__";
            for (std::uint32_t i = 0; i < node_named_child_count(node); ++i) {
                Node child = node_named_child(node, i);
                if (node_eq(child, module)) continue;
                Node name =
                    node_symbol(child) == s.aliased_import ? node_child_by_field_id(child, s.field_name) : child;
                if (node_symbol(name) == s.dotted_name)
                    imported.members.push_back(imported.module + "." + m_model.dotted_name(name));
            }
            modules.push_back(std::move(imported));
        }
        m_on_import.call(ImportSite{node, site.scope, modules}, m_context);
    }

    // One finding per location: the most severe, and among those the most
    // specific rule's (a more specific review must not hide a denial at the
    // same place); a finding the profile's allow list exempts takes no place
    // (networked's allowed `urllib.request.urlopen` for PG005 must not hide
    // PG006's review of it).
    void keep_most_specific(std::vector<Finding>& findings) {
        std::erase_if(m_candidates, [&](const RuleContext::Candidate& c) {
            return exempted_by_allow_list(m_context.profile(), c.finding);
        });
        // Sorted in place; the order reported breaks the remaining ties, as a stable sort would.
        std::sort(m_candidates.begin(), m_candidates.end(), [](const auto& a, const auto& b) {
            if (a.begin != b.begin) return a.begin < b.begin;
            if (a.end != b.end) return a.end < b.end;
            if (a.finding.severity != b.finding.severity) return a.finding.severity > b.finding.severity;
            if (a.specificity != b.specificity) return a.specificity > b.specificity;
            if (a.finding.rule != b.finding.rule) return a.finding.rule < b.finding.rule;
            return a.order < b.order;
        });
        for (std::size_t i = 0; i < m_candidates.size(); ++i) {
            if (i > 0 && m_candidates[i].begin == m_candidates[i - 1].begin &&
                m_candidates[i].end == m_candidates[i - 1].end)
                continue;
            findings.push_back(std::move(m_candidates[i].finding));
        }
    }
};

}  // namespace

namespace {
std::atomic<std::uint64_t> g_next_analysis_id{1};
}  // namespace

RuleContext::RuleContext(const Model& model, const Profile& profile, const LibraryKnowledge& libraries,
                         std::vector<Candidate>& candidates)
    : m_analysis_id(g_next_analysis_id.fetch_add(1, std::memory_order_relaxed)),
      m_model(model),
      m_profile(profile),
      m_libraries(libraries),
      m_candidates(candidates) {}

void RuleContext::report(RuleNumber rule, Severity severity, Node at, std::string message, int specificity,
                         const Referent* referent) {
    Finding finding;
    finding.rule = rule;
    finding.severity = severity;
    finding.range = m_model.range(at);
    finding.message = std::move(message);
    if (referent != nullptr) {
        finding.qualified_name = std::string(referent->qualified);
        std::vector<Node> chain = m_model.chain(*referent);
        for (std::size_t i : shown_steps(chain.size(), k_max_chain_steps))
            finding.chain.push_back(m_model.chain_step(chain[i]));
    }
    auto order = static_cast<std::uint32_t>(m_candidates.size());
    m_candidates.push_back({std::move(finding), specificity, node_start_byte(at), node_end_byte(at), order});
}

void RuleContext::report(RuleNumber rule, Severity severity, std::uint32_t begin, std::uint32_t end,
                         std::string message, int specificity) {
    Finding finding;
    finding.rule = rule;
    finding.severity = severity;
    finding.range = m_model.source().range_of(begin, end);
    finding.message = std::move(message);
    auto order = static_cast<std::uint32_t>(m_candidates.size());
    m_candidates.push_back({std::move(finding), specificity, begin, end, order});
}

std::string RuleContext::how_reached(Node node, const Referent& referent) const {
    std::string spelled = shortened(m_model.text(node));
    std::string out = fmt::format("`{}` resolves to `{}`", spelled, referent.qualified);
    std::vector<Node> chain = m_model.chain(referent);
    if (chain.empty()) return out;
    std::vector<std::string> steps;
    std::vector<std::size_t> shown = shown_steps(chain.size(), k_max_message_steps);
    for (std::size_t k = 0; k < shown.size(); ++k) {
        if (k > 0 && shown[k] != shown[k - 1] + 1)
            steps.push_back(fmt::format("... {} more", shown[k] - shown[k - 1] - 1));
        ChainStep step = m_model.chain_step(chain[shown[k]]);
        steps.push_back(fmt::format("`{}` (line {})", shortened(step.text), step.range.line));
    }
    return fmt::format("{} via {}", out, fmt::join(steps, ", "));
}

SymbolSet syntax_site_kinds(std::span<const RuleHooks* const> rules) {
    SymbolSet out;
    for (const RuleHooks* rule : rules) {
        if (rule->syntax_kinds == nullptr) continue;
        for (TSSymbol kind : rule->syntax_kinds()) {
            if (kind >= out.size()) out.resize(kind + 1u);
            out[kind] = true;
        }
    }
    return out;
}

void run_rules(const Model& model, const Profile& profile, const LibraryKnowledge& libraries,
               std::span<const RuleHooks* const> rules, std::vector<Finding>& findings) {
    Engine(model, profile, libraries, rules).run(findings);
}

}  // namespace pygate::analyzer
