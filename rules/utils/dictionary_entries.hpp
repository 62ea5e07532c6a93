#pragma once
// The entries a dictionary may hold, as the program writes them: a display's
// pairs, `dict(key=value)`'s keywords, `dict.fromkeys([...], v)` and
// `dict(zip([...], [...]))`, and, for a name bound once to one of those,
// what is stored in it later (`d[key] = value`, `d.update(...)`,
// `d.setdefault(key, value)`). A key pygate cannot fold, or a change it
// cannot see (the dictionary handed to the program's own function, a
// method it does not know), makes the entries incomplete: some key is unseen.

#include <optional>
#include <string>
#include <vector>

#include "analyzer/model/model.hpp"

namespace pygate::rules {

struct DictionaryEntry {
    std::optional<std::string> key;  // nothing: a key pygate cannot fold
    analyzer::Node value;            // null: a value not shown
    analyzer::ScopeId scope;
    bool listed = false;  // a key from a list (`fromkeys`, `zip`), not written as a key where it is
};

struct DictionaryEntries {
    std::vector<DictionaryEntry> entries;
    bool known = false;     // the expression is a dictionary pygate reads (else nothing is said)
    bool complete = true;   // every key is in `entries`, folded
};

// A mapping whose keys the caller vouches for (rcParams, whose every store
// is judged): a copy of it (`m.copy()`, `dict(m)`, `copy.deepcopy(m)`) holds
// no key to report, only what is stored in the copy later.
using VouchedMapping = bool (*)(analyzer::Node expression, analyzer::ScopeId scope, const analyzer::Model& model);

// `judged`: the read being judged (`update(d)`'s d), not counted as a change.
DictionaryEntries dictionary_entries(analyzer::Node expression, analyzer::ScopeId scope, const analyzer::Model& model,
                                     analyzer::Node judged = {}, VouchedMapping vouched = nullptr);

}  // namespace pygate::rules
