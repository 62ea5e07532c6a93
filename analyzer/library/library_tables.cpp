#include "analyzer/library/library_tables.hpp"

#include <algorithm>
#include <array>
#include <atomic>

namespace pygate::analyzer {
namespace {

#include "analyzer/library/library_tables.inc"

// Bases are followed this deep at most (a class hierarchy is far shallower).
constexpr int k_max_class_depth = 32;

struct ThirdParty {
    std::string_view module;
    std::string_view distribution;
};
constexpr std::array<ThirdParty, 8> k_third_party = {{
    {"aiohttp", "aiohttp"},
    {"matplotlib", "matplotlib"},
    {"mpl_toolkits", "matplotlib"},
    {"numpy", "numpy"},
    {"pandas", "pandas"},
    {"requests", "requests"},
    {"scipy", "scipy"},
    {"seaborn", "seaborn"},
}};

const LibraryEntry* find_in(const LibraryTable& table, std::string_view name) {
    auto it = std::lower_bound(table.entries.begin(), table.entries.end(), name,
                               [](const LibraryEntry& entry, std::string_view key) { return entry.name < key; });
    return it != table.entries.end() && it->name == name ? &*it : nullptr;
}

bool dunder(std::string_view segment) {
    return segment.size() > 4 && segment.starts_with("__") && segment.ends_with("__");
}

// Dotted versions compared part by part, numerically where both parts are numbers.
bool version_less(std::string_view a, std::string_view b) {
    while (!a.empty() || !b.empty()) {
        std::string_view pa = a.substr(0, a.find('.')), pb = b.substr(0, b.find('.'));
        a = a.size() > pa.size() ? a.substr(pa.size() + 1) : std::string_view{};
        b = b.size() > pb.size() ? b.substr(pb.size() + 1) : std::string_view{};
        bool na = !pa.empty() && std::all_of(pa.begin(), pa.end(), [](char c) { return c >= '0' && c <= '9'; });
        bool nb = !pb.empty() && std::all_of(pb.begin(), pb.end(), [](char c) { return c >= '0' && c <= '9'; });
        if (na && nb && pa.size() != pb.size()) return pa.size() < pb.size();
        if (pa != pb) return pa < pb;
    }
    return false;
}

}  // namespace

std::span<const LibraryTable> library_tables() {
    return k_tables;
}

std::span<const LibrarySetting> library_settings() {
    return k_settings;
}

std::optional<std::string_view> distribution_of(std::string_view top_level_module) {
    for (const ThirdParty& known : k_third_party)
        if (known.module == top_level_module) return known.distribution;
    return std::string_view("cpython");
}

LibraryVersions LibraryVersions::of_tables() {
    LibraryVersions out;
    for (const LibraryTable& table : k_tables) {
        auto it = out.versions.find(table.distribution);
        if (it == out.versions.end())
            out.versions.emplace(std::string(table.distribution), std::string(table.version));
        else if (version_less(it->second, table.version))
            it->second = std::string(table.version);
    }
    return out;
}

std::string LibraryVersions::spelled() const {
    std::string out;
    for (const auto& [distribution, version] : versions) {
        if (!out.empty()) out += ',';
        out += distribution + "=" + version;
    }
    return out;
}

LibraryKnowledge::LibraryKnowledge(LibraryVersions versions) : LibraryKnowledge(std::move(versions), k_tables) {}

namespace {
std::atomic<std::uint64_t> g_next_knowledge_id{1};
}  // namespace

LibraryKnowledge::LibraryKnowledge(LibraryVersions versions, std::span<const LibraryTable> tables)
    : m_versions(std::move(versions)), m_id(g_next_knowledge_id.fetch_add(1)), m_all(tables) {
    for (const LibraryTable& table : m_all) {
        auto it = m_versions.versions.find(table.distribution);
        if (it != m_versions.versions.end() && it->second == table.version) m_tables.push_back(&table);
    }
}

const LibraryKnowledge& LibraryKnowledge::of_tables() {
    static const LibraryKnowledge knowledge(LibraryVersions::of_tables());
    return knowledge;
}

std::vector<std::string_view> LibraryKnowledge::table_versions(std::string_view distribution) {
    std::vector<std::string_view> out;
    for (const LibraryTable& table : k_tables)
        if (table.distribution == distribution) out.push_back(table.version);
    return out;
}

const LibraryEntry* LibraryKnowledge::find(std::string_view name) const {
    for (const LibraryTable* table : m_tables)
        if (const LibraryEntry* entry = find_in(*table, name)) return entry;
    return nullptr;
}

std::span<const LibraryEntry* const> LibraryKnowledge::methods_named(std::string_view name) const {
    std::call_once(m_methods_once, [this] {
        for (const LibraryTable* table : m_tables)
            for (const LibraryEntry& entry : table->entries) {
                // A method with no effects is nothing a caller by name could be
                // judged by; a datum with no type says nothing of its value; an
                // attribute's fields are its setter's effects.
                auto* index = entry.kind == LibraryKind::function    ? &m_methods
                              : entry.kind == LibraryKind::data      ? &m_data_members
                              : entry.kind == LibraryKind::attribute ? &m_setters
                                                                     : nullptr;
                if (index == nullptr || entry.fields.empty()) continue;
                std::size_t dot = entry.name.rfind('.');
                if (dot == std::string_view::npos) continue;
                const LibraryEntry* owner = find(entry.name.substr(0, dot));
                if (owner == nullptr || owner->kind != LibraryKind::class_) continue;
                (*index)[entry.name.substr(dot + 1)].push_back(&entry);
            }
    });
    auto it = m_methods.find(name);
    if (it == m_methods.end()) return {};
    return it->second;
}

std::span<const LibraryEntry* const> LibraryKnowledge::data_members_named(std::string_view name) const {
    methods_named({});  // builds the indexes
    auto it = m_data_members.find(name);
    if (it == m_data_members.end()) return {};
    return it->second;
}

std::span<const LibraryEntry* const> LibraryKnowledge::setters_named(std::string_view name) const {
    methods_named({});  // builds the indexes
    auto it = m_setters.find(name);
    if (it == m_setters.end()) return {};
    return it->second;
}

const LibraryTable* LibraryKnowledge::table_of(const LibraryEntry* entry) const {
    for (const LibraryTable* table : m_tables)
        if (!table->entries.empty() && entry >= &table->entries.front() && entry <= &table->entries.back())
            return table;
    return nullptr;
}

std::vector<std::string_view> entry_bases(const LibraryEntry& entry) {
    std::vector<std::string_view> out;
    std::string_view fields = entry.fields;
    while (!fields.empty()) {
        std::size_t space = fields.find(' ');
        std::string_view field = fields.substr(0, space);
        fields = space == std::string_view::npos ? std::string_view{} : fields.substr(space + 1);
        if (!field.starts_with("bases=")) continue;
        field.remove_prefix(6);
        while (!field.empty()) {
            std::size_t comma = field.find(',');
            out.push_back(field.substr(0, comma));
            field = comma == std::string_view::npos ? std::string_view{} : field.substr(comma + 1);
        }
    }
    return out;
}

std::optional<std::string_view> entry_field(const LibraryEntry& entry, std::string_view prefix) {
    std::string_view fields = entry.fields;
    while (!fields.empty()) {
        std::size_t space = fields.find(' ');
        std::string_view field = fields.substr(0, space);
        if (field.starts_with(prefix)) return field.substr(prefix.size());
        fields = space == std::string_view::npos ? std::string_view{} : fields.substr(space + 1);
    }
    return std::nullopt;
}

bool entry_has_field(const LibraryEntry& entry, std::string_view wanted) {
    std::string_view fields = entry.fields;
    while (!fields.empty()) {
        std::size_t space = fields.find(' ');
        if (fields.substr(0, space) == wanted) return true;
        fields = space == std::string_view::npos ? std::string_view{} : fields.substr(space + 1);
    }
    return false;
}

const LibraryEntry* LibraryKnowledge::class_member(std::string_view canonical, std::string_view member,
                                                   int depth) const {
    if (depth > k_max_class_depth) return nullptr;
    std::string name;
    name.reserve(canonical.size() + 1 + member.size());
    name.append(canonical).append(".").append(member);
    if (const LibraryEntry* entry = find(name)) return entry;
    const LibraryEntry* cls = find(canonical);
    if (cls == nullptr || cls->kind != LibraryKind::class_) return nullptr;
    for (std::string_view base : entry_bases(*cls))
        if (const LibraryEntry* entry = class_member(base, member, depth + 1)) return entry;
    // A class's attributes include its metaclass's (`numbers.Number.register` is abc.ABCMeta's).
    if (depth == 0)
        if (std::optional<std::string_view> metaclass = entry_field(*cls, "metaclass="))
            return class_member(*metaclass, member, depth + 1);
    return nullptr;
}

bool LibraryKnowledge::class_is_dynamic(std::string_view canonical, int depth) const {
    const LibraryEntry* cls = find(canonical);
    if (cls == nullptr || cls->kind != LibraryKind::class_ || depth > k_max_class_depth) return false;
    if (entry_has_field(*cls, "dynamic")) return true;
    for (std::string_view base : entry_bases(*cls))
        if (class_is_dynamic(base, depth + 1)) return true;
    return false;
}

NameFacts LibraryKnowledge::describe(std::string_view qualified) const {
    // A file names the same few hundred library names again and again (every
    // rule asks of every reference): each thread remembers its answers for
    // the knowledge it last asked.
    struct Hash {
        using is_transparent = void;
        std::size_t operator()(std::string_view text) const { return std::hash<std::string_view>{}(text); }
    };
    struct Memo {
        std::uint64_t knowledge = 0;
        std::unordered_map<std::string, NameFacts, Hash, std::equal_to<>> answers;
    };
    thread_local Memo memo;
    if (memo.knowledge != m_id || memo.answers.size() > 200'000) {
        memo.answers.clear();
        memo.knowledge = m_id;
    }
    auto found = memo.answers.find(qualified);  // looked up by view: a hit allocates nothing
    if (found != memo.answers.end()) return found->second;
    NameFacts facts = describe(qualified, 0);
    memo.answers.emplace(std::string(qualified), facts);
    return facts;
}

NameFacts LibraryKnowledge::describe(std::string_view qualified, int depth) const {
    NameFacts facts;
    std::vector<std::string_view> segments;
    for (std::string_view rest = qualified; !rest.empty();) {
        std::size_t dot = rest.find('.');
        segments.push_back(rest.substr(0, dot));
        rest = dot == std::string_view::npos ? std::string_view{} : rest.substr(dot + 1);
    }
    if (segments.empty()) return facts;
    std::optional<std::string_view> distribution = distribution_of(segments.front());
    if (!distribution) return facts;
    facts.distribution = *distribution;

    // The longest prefix some table of the distribution holds, in any version.
    auto joined = [&](std::size_t count) {
        std::size_t end = 0;
        for (std::size_t i = 0; i < count; ++i)
            end += segments[i].size() + (i > 0 ? 1 : 0);
        return qualified.substr(0, end);
    };
    bool covered = false;
    for (const LibraryTable& table : m_all)
        if (table.distribution == *distribution && find_in(table, segments.front()) != nullptr) covered = true;
    if (!covered)  // `os` is no entry, `os.path` is: try the two-part prefix too
        for (const LibraryTable& table : m_all)
            if (table.distribution == *distribution && segments.size() > 1 && find_in(table, joined(2)) != nullptr)
                covered = true;
    if (!covered) return facts;  // outside

    auto version = m_versions.versions.find(*distribution);
    if (version != m_versions.versions.end()) facts.version = version->second;
    bool has_table = std::any_of(m_tables.begin(), m_tables.end(),
                                 [&](const LibraryTable* table) { return table->distribution == *distribution; });
    if (!has_table) {
        facts.status = NameFacts::Status::no_table;
        return facts;
    }

    std::size_t held = segments.size();
    const LibraryEntry* entry = nullptr;
    for (; held > 0 && entry == nullptr; --held)
        entry = find(joined(held));
    if (entry == nullptr) {
        facts.status = NameFacts::Status::unknown;
        facts.within = std::string(segments.front());
        facts.missing = segments.size() > 1 ? std::string(segments[1]) : std::string(segments.front());
        return facts;
    }
    ++held;  // segments [0, held) are the entry's
    std::string canonical(entry->name);
    for (std::size_t i = held;; ++i) {
        for (int hops = 0; entry->kind == LibraryKind::alias; ++hops) {
            const LibraryEntry* target = find(entry->fields);
            if (target == nullptr || hops > k_max_class_depth) {
                // The canonical name no entry holds: described as itself (with
                // what follows it), which says whether it is another library's.
                if (depth > k_max_class_depth) return facts;
                std::string rest(entry->fields);
                for (std::size_t k = i; k < segments.size(); ++k)
                    rest.append(".").append(segments[k]);
                return describe(rest, depth + 1);
            }
            canonical = std::string(entry->fields);
            entry = target;
        }
        if (i == segments.size()) {
            facts.status = NameFacts::Status::known;
            facts.entry = entry;
            return facts;
        }
        std::string_view segment = segments[i];
        if (dunder(segment)) {
            facts.status = NameFacts::Status::opaque;
            return facts;
        }
        const LibraryEntry* next = nullptr;
        std::string owner = canonical;
        bool is_class = entry->kind == LibraryKind::class_;
        if (entry->kind == LibraryKind::data) {  // a value of a known type: its type's members
            owner = std::string(entry->fields);
            const LibraryEntry* type = find(owner);
            if (type == nullptr || type->kind != LibraryKind::class_) {
                facts.status = NameFacts::Status::opaque;
                return facts;
            }
            is_class = true;
        }
        if (entry->kind == LibraryKind::module) {
            next = find(canonical + "." + std::string(segment));
        } else if (is_class) {
            next = class_member(owner, segment, 0);
        } else {  // a function's or an attribute's members: no table says
            facts.status = NameFacts::Status::opaque;
            return facts;
        }
        if (next == nullptr) {
            bool dynamic = is_class ? class_is_dynamic(owner, 0) : false;
            facts.status = dynamic ? NameFacts::Status::dynamic : NameFacts::Status::unknown;
            facts.within = owner;
            facts.missing = std::string(segment);
            return facts;
        }
        entry = next;
        canonical = std::string(entry->name);
    }
}

}  // namespace pygate::analyzer
