#pragma once
// What the engine shows rules, and how rules report. Rules never walk the
// tree or resolve names themselves: the engine walks the model's sites once,
// asks the model what each refers to, and calls each rule's hooks with the
// answer. A rule matches qualified names and reports through RuleContext.

#include <span>
#include <string>
#include <vector>

#include "analyzer/finding.hpp"
#include "analyzer/library/library_tables.hpp"
#include "analyzer/model/model.hpp"
#include "analyzer/profile.hpp"
#include "analyzer/syntax/syntax_tree.hpp"

namespace pygate::analyzer {

// An expression that refers to something: a name, the longest attribute
// chain (`os.path.join`, not `os`), or a call or subscript whose value is a
// name (`getattr(os, 'system')`, `__builtins__['eval']`).
struct Reference {
    Node node;
    ScopeId scope;
    const Referents& referents;
    bool store;          // assigned or deleted
    bool mutated;        // an item or attribute of it is assigned
    bool callee;         // it is called
    Node argument_of;  // the call it is passed to, or a null node
};

struct CallSite {
    Node node;
    Node function;  // the callee expression
    ScopeId scope;
    const Referents& callee;  // what the function expression refers to
};

// Every attribute access, chained or not (`x.__class__` in `x.__class__.__base__`).
struct AttributeSite {
    Node node;
    ScopeId scope;
    std::string_view attribute;  // NFKC-normalised
    Node object;
    bool store;
};

// Every identifier that is read.
struct NameSite {
    Node node;
    ScopeId scope;
    std::string_view name;  // NFKC-normalised
};

struct ImportedModule {
    std::string module;                // `a.b`; for `from a import b`: `a`
    std::vector<std::string> members;  // `from a import b, c`: `a.b`, `a.c`
    Node at;
    bool relative = false;
    bool future = false;
};

struct ImportSite {
    Node node;
    ScopeId scope;
    const std::vector<ImportedModule>& modules;
};

// A node of a kind the rule asked for in RuleHooks::syntax_kinds.
struct SyntaxSite {
    Node node;
    ScopeId scope;
    TSSymbol kind;
    Node argument_of;  // the call it is passed to (`*a` in `f(*a)`), or a null node
};

// The file as a whole, once, before any other hook.
struct ModuleSite {
    Node root;
    const Source& source;
    const SourceMetrics& metrics;
};

class RuleContext {
public:
    struct Candidate {
        Finding finding;
        int specificity;
        std::uint32_t begin, end;  // bytes: one finding per location
        std::uint32_t order;       // reported order, the last tie-break
    };

    RuleContext(const Model& model, const Profile& profile, const LibraryKnowledge& libraries,
                std::vector<Candidate>& candidates);

    const Model& model() const { return m_model; }
    const Profile& profile() const { return m_profile; }
    // The library tables of the program's target (analyzer/library/library_tables.hpp).
    const LibraryKnowledge& libraries() const { return m_libraries; }

    // A finding at `at`. When several rules report the same location, the most
    // specific (highest `specificity`) is kept.
    void report(RuleNumber rule, Severity severity, Node at, std::string message, int specificity,
                const Referent* referent = nullptr);
    // A finding over bytes [begin, end) of the source text, for a place that is
    // no node: the first line past a limit on the number of lines.
    void report(RuleNumber rule, Severity severity, std::uint32_t begin, std::uint32_t end, std::string message,
                int specificity);

    // "`sp.run` resolves to `subprocess.run` via `import subprocess as sp` (line 1)".
    std::string how_reached(Node node, const Referent& referent) const;

    // Which analysis this is, unique in the process: a rule utility that
    // remembers an answer across the rules' hooks keys it by this, never by
    // an address a later file may reuse.
    std::uint64_t analysis_id() const { return m_analysis_id; }

private:
    std::uint64_t m_analysis_id;
    const Model& m_model;
    const Profile& m_profile;
    const LibraryKnowledge& m_libraries;
    std::vector<Candidate>& m_candidates;
};

// A rule's hooks; any may be null.
struct RuleHooks {
    void (*on_reference)(const Reference&, RuleContext&) = nullptr;
    void (*on_call)(const CallSite&, RuleContext&) = nullptr;
    void (*on_attribute)(const AttributeSite&, RuleContext&) = nullptr;
    void (*on_name)(const NameSite&, RuleContext&) = nullptr;
    void (*on_import)(const ImportSite&, RuleContext&) = nullptr;
    void (*on_syntax)(const SyntaxSite&, RuleContext&) = nullptr;
    void (*on_module)(const ModuleSite&, RuleContext&) = nullptr;
    // The file as a whole again, after every other hook: for what a rule
    // can judge only once it has seen every site (PG008's call cycles).
    void (*on_module_end)(const ModuleSite&, RuleContext&) = nullptr;
    // The grammar symbols on_syntax is called for, looked up once by the rule.
    std::span<const TSSymbol> (*syntax_kinds)() = nullptr;
};

// The union of the rules' syntax_kinds: the nodes the model makes syntax sites of.
SymbolSet syntax_site_kinds(std::span<const RuleHooks* const> rules);

}  // namespace pygate::analyzer
