#pragma once
// Fail closed on syntax: whatever tree-sitter could not parse, and whatever it
// parsed but the target version's CPython refuses (or the grammar misreads),
// is a PG000 finding. The target (3.11 to 3.14) decides which forms are
// syntax: a `type` statement is one in 3.12 and an error in 3.11.

#include <memory>
#include <vector>

#include "analyzer/finding.hpp"
#include "analyzer/python_version.hpp"
#include "analyzer/syntax/syntax_tree.hpp"
#include "analyzer/syntax/tree_walk.hpp"
#include "analyzer/text/source.hpp"

namespace pygate::analyzer {

// CPython 3.11's bracket limit (Parser/tokenizer.h MAXLEVEL).
inline constexpr std::uint32_t k_max_bracket_levels = 200;
// Beyond this tree depth CPython's recursive parser and compiler fail; pygate
// refuses instead of guessing which error CPython would raise.
inline constexpr std::uint32_t k_max_tree_depth = 1000;

// `invisible_offsets` are LoadedSource::invisible_offsets.
void check_syntax(const Source& source, Node root, const std::vector<std::size_t>& invisible_offsets,
                  std::vector<Finding>& findings, PythonVersion target = k_default_target);

class SyntaxChecker;
class SyntaxCheck;
class Model;

// The syntax checks that need the model of the whole file, once it is built:
// - a PG000 finding on each of `syntax`'s type_call_assignments() where the
//   name `type` may be bound (Model::may_bind_at): the call the tree cannot
//   show would then be to something else than the harmless builtin;
// - a PG000 finding on each of the model's misplaced_stars(), the misread
//   stars the copy could not put back as CPython reads them
//   (star_reassociation.hpp): the tree does not say what is called there;
// - a PG000 finding on each dunder attribute a `case` pattern reads
//   (Model::pattern_dunders): `case type(__subclasses__=f)` reaches
//   object.__subclasses__ with no attribute the rules would see;
// - before 3.12 (PEP 701), a PG000 finding on each of the model's
//   fstrings_refused_before_pep701(): f-strings 3.11 reads otherwise than
//   the grammar (which reads them as 3.12 does) or not at all.
void check_syntax_with_model(const SyntaxCheck& syntax, const Model& model, std::vector<Finding>& findings);

// The same check as an observer of a walk another pass drives (the model's),
// so the tree is walked once: construct, let the walk show it every node,
// then finish().
class SyntaxCheck : public TreeObserver {
public:
    SyntaxCheck(const Source& source, Node root, const std::vector<std::size_t>& invisible_offsets,
                std::vector<Finding>& findings, PythonVersion target = k_default_target);
    ~SyntaxCheck() override;
    SyntaxCheck(const SyntaxCheck&) = delete;
    SyntaxCheck& operator=(const SyntaxCheck&) = delete;

    WalkStep visit(Node node, std::uint32_t depth) override;
    void leaf(Node node) override;
    // The checks that need the whole walk: hidden errors, invisible characters, the summary.
    void finish();
    // Statements the grammar reads as 3.12 type aliases that CPython 3.11
    // reads as assignments through `type(...)` or `type[...]`, accepted by the
    // check. The tree holds no call there, so what `type` is matters.
    const std::vector<Node>& type_call_assignments() const;
    PythonVersion target() const { return m_target; }

private:
    std::unique_ptr<SyntaxChecker> m_checker;
    Node m_root;
    const std::vector<std::size_t>& m_invisible_offsets;
    PythonVersion m_target;
};

}  // namespace pygate::analyzer
