#pragma once
// What pygate knows of the libraries a program may import: the library
// tables (analyzer/library/README.md), one per distribution and version,
// compiled into the binary, and the questions the rules ask of them for the
// versions the program's target has.
//
// A qualified name the resolver produced (`pandas.DataFrame.to_csv`) is
// described by walking it segment by segment from the longest prefix a
// table holds: aliases are followed to their canonical names, a class's
// members are looked for in the class and then in its bases, a value of a
// known type answers with its type's members. The walk ends on an entry (the
// name is known), on a segment its module or class does not hold (unknown:
// a review), on an attribute whose value's type no table says (opaque: the
// rules judge it as they judge any untraced value), or before it starts,
// when no table covers the name's library (outside: not an allowed
// library's) or the target's version of that library has no table.

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace pygate::analyzer {

enum class LibraryKind : std::uint8_t { module, class_, function, attribute, data, alias };

struct LibraryEntry {
    std::string_view name;
    LibraryKind kind;
    // The rest of the line, its fields joined by single spaces: a class's
    // `bases=A,B` and `dynamic`, a function's effects, a datum's type, an
    // alias's target.
    std::string_view fields;
};

struct LibraryTable {
    std::string_view distribution;          // `cpython`, `numpy`
    std::string_view version;               // `3.11`, `1.24.2`
    std::span<const LibraryEntry> entries;  // sorted by name
};

// Every table compiled in.
std::span<const LibraryTable> library_tables();

// A library setting whose value reaches an effect (settings.tsv, derived with
// the tables): pandas' `styler.format.formatter` is a format string.
struct LibrarySetting {
    std::string_view distribution;  // `pandas`
    std::string_view name;          // `styler.format.formatter`
    std::string_view effect;        // `format`, `names`, `imports`, `process`, `files`
};

// Every setting compiled in.
std::span<const LibrarySetting> library_settings();

// The distribution a module's top-level name belongs to, when a table could
// cover it: `cpython` for builtins and the standard library, `matplotlib`
// for mpl_toolkits, the name itself for the other third-party packages the
// profiles allow; nothing otherwise.
std::optional<std::string_view> distribution_of(std::string_view top_level_module);

// The versions of the libraries a program will meet: `cpython` -> `3.11`,
// `pandas` -> `1.5.3`. A distribution it does not list is not installed
// there, and its names are unknown.
struct LibraryVersions {
    std::map<std::string, std::string, std::less<>> versions;
    // Each distribution at the newest version the compiled tables hold.
    static LibraryVersions of_tables();
    // "cpython=3.11,pandas=1.5.3": the same, spelled for a key or a message.
    std::string spelled() const;
};

// How the tables describe a qualified name.
struct NameFacts {
    enum class Status : std::uint8_t {
        outside,   // no table covers its library: not an allowed library's name
        no_table,  // the target's version of its library has no table, or the library is not installed there
        known,     // an entry: `entry`
        unknown,   // a module or a class (reached by name) that does not hold the segment `missing`
        dynamic,   // a class whose instances answer unknown attributes (`__getattr__`), or a module that does
        opaque,    // a member of an attribute whose value's type no table says
    };
    Status status = Status::outside;
    const LibraryEntry* entry = nullptr;  // known: the entry, aliases followed
    std::string_view distribution;        // the library's distribution
    std::string_view version;             // the target's version of it (empty when not installed)
    std::string within;                   // unknown: the canonical name of the module or class that lacks it
    std::string missing;                  // unknown: the segment
};

// The tables for one target's versions.
class LibraryKnowledge {
public:
    explicit LibraryKnowledge(LibraryVersions versions);
    // The same over other tables than the compiled ones (a test's: a table
    // with an entry taken out). `tables` must outlive the knowledge.
    LibraryKnowledge(LibraryVersions versions, std::span<const LibraryTable> tables);

    // The knowledge of the tables' own versions, which a program is judged
    // against unless its caller says what its target has.
    static const LibraryKnowledge& of_tables();

    const LibraryVersions& versions() const { return m_versions; }

    // Describes `qualified` (`pandas.DataFrame.read_foo`). Dunder segments
    // end the walk as opaque: introspection is PG009's to judge.
    NameFacts describe(std::string_view qualified) const;

    // The entry for a canonical name in the target's tables, if any.
    const LibraryEntry* find(std::string_view name) const;

    // Every method with effects of a class in the target's tables whose name
    // is `name` (`query`: pandas.core.frame.DataFrame.query, ...): what a
    // method called by a string name may be when the object's class is not
    // known.
    std::span<const LibraryEntry* const> methods_named(std::string_view name) const;
    // Every typed datum of a class in the target's tables whose name is
    // `name` (`env`: pandas' StylerRenderer.env, a jinja2 Environment): what
    // a member may hold when the object's class is not known.
    std::span<const LibraryEntry* const> data_members_named(std::string_view name) const;
    // Every property of a class in the target's tables whose name is `name`
    // and whose setter has effects (`formatter`: matplotlib's
    // Colorbar.formatter, a format string): what assigning the member may
    // do when the object's class is not known.
    std::span<const LibraryEntry* const> setters_named(std::string_view name) const;

    // The table that holds `entry` (one of the target's).
    const LibraryTable* table_of(const LibraryEntry* entry) const;

    // The versions with tables of a distribution, for a message ("1.5.3").
    static std::vector<std::string_view> table_versions(std::string_view distribution);

private:
    NameFacts describe(std::string_view qualified, int depth) const;
    // The members of class `canonical` (its own, then its bases', in order).
    const LibraryEntry* class_member(std::string_view canonical, std::string_view member, int depth) const;
    bool class_is_dynamic(std::string_view canonical, int depth) const;

    LibraryVersions m_versions;
    // Which knowledge this is, for describe's per-thread memo (an address
    // may be reused by a later knowledge; an id is not).
    std::uint64_t m_id;
    // methods_named's, data_members_named's and setters_named's indexes, built on first use.
    mutable std::once_flag m_methods_once;
    mutable std::unordered_map<std::string_view, std::vector<const LibraryEntry*>> m_methods;
    mutable std::unordered_map<std::string_view, std::vector<const LibraryEntry*>> m_data_members;
    mutable std::unordered_map<std::string_view, std::vector<const LibraryEntry*>> m_setters;
    std::span<const LibraryTable> m_all;        // every table, of every version
    std::vector<const LibraryTable*> m_tables;  // the target's, one per distribution it has a table for
};

// A class entry's bases (`bases=A,B`), and whether it is dynamic.
std::vector<std::string_view> entry_bases(const LibraryEntry& entry);
bool entry_has_field(const LibraryEntry& entry, std::string_view field);
// The value of a `PREFIX...` field (`metaclass=` gives `abc.ABCMeta`), if the entry has one.
std::optional<std::string_view> entry_field(const LibraryEntry& entry, std::string_view prefix);

}  // namespace pygate::analyzer
