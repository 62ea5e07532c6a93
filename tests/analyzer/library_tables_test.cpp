// The library tables and the questions asked of them
// (analyzer/library/library_tables.hpp), on the compiled tables.
#include "analyzer/library/library_tables.hpp"

#include <catch2/catch.hpp>
#include <string>

using namespace pygate::analyzer;
using Status = NameFacts::Status;

namespace {

NameFacts facts(const std::string& name) { return LibraryKnowledge::of_tables().describe(name); }

}  // namespace

TEST_CASE("Names the tables hold are known, through aliases and base classes") {
    NameFacts read_csv = facts("pandas.read_csv");
    REQUIRE(read_csv.status == Status::known);
    CHECK(read_csv.entry->kind == LibraryKind::function);
    CHECK(read_csv.distribution == "pandas");
    // DataFrame is pandas.core.frame.DataFrame; to_csv is its base NDFrame's.
    NameFacts to_csv = facts("pandas.DataFrame.to_csv");
    REQUIRE(to_csv.status == Status::known);
    CHECK(to_csv.entry->name == "pandas.core.generic.NDFrame.to_csv");
    CHECK(facts("os.path.join").status == Status::known);
    CHECK(facts("math.pi").status == Status::known);
    CHECK(facts("builtins.getattr").status == Status::known);
    // A value of a known type answers with its type's members.
    NameFacts buffer = facts("sys.stdin.buffer");
    REQUIRE(buffer.status == Status::known);
    CHECK(buffer.entry->kind == LibraryKind::attribute);
}

TEST_CASE("A name an allowed library's table lacks is unknown, and says where it was looked for") {
    NameFacts read_foo = facts("pandas.read_foo");
    REQUIRE(read_foo.status == Status::unknown);
    CHECK(read_foo.within == "pandas");
    CHECK(read_foo.missing == "read_foo");
    CHECK(read_foo.version == LibraryVersions::of_tables().versions.at("pandas"));
    NameFacts loader = facts("numpy.brand_new_loader");
    REQUIRE(loader.status == Status::unknown);
    CHECK(loader.missing == "brand_new_loader");
    NameFacts method = facts("json.JSONDecoder.raw_decode_everything");
    REQUIRE(method.status == Status::unknown);
    CHECK(method.within == "json.decoder.JSONDecoder");
    CHECK(facts("math.no_such_function").status == Status::unknown);
}

TEST_CASE("Dynamic classes, dunders and untyped values are not judged by the tables") {
    // A DataFrame's unknown attributes are its columns.
    CHECK(facts("pandas.DataFrame.price").status == Status::dynamic);
    CHECK(facts("math.__name__").status == Status::opaque);
    CHECK(facts("sys.stdin.buffer.raw").status == Status::opaque);
    CHECK(facts("pandas.read_csv.something").status == Status::opaque);
}

TEST_CASE("Names of libraries no table covers are outside") {
    CHECK(facts("os.system").status == Status::outside);
    CHECK(facts("subprocess.run").status == Status::outside);
    CHECK(facts("sklearn.linear_model").status == Status::outside);
}

TEST_CASE("A version with no table, or a library the target lacks, has no table") {
    LibraryVersions versions = LibraryVersions::of_tables();
    versions.versions["pandas"] = "2.2.3";
    versions.versions.erase("numpy");
    LibraryKnowledge newer(versions);
    NameFacts read_csv = newer.describe("pandas.read_csv");
    CHECK(read_csv.status == Status::no_table);
    CHECK(read_csv.version == "2.2.3");
    NameFacts sum = newer.describe("numpy.sum");
    CHECK(sum.status == Status::no_table);
    CHECK(sum.version.empty());
    CHECK(newer.describe("math.sqrt").status == Status::known);
    CHECK_FALSE(LibraryKnowledge::table_versions("pandas").empty());
    CHECK(versions.spelled().find("pandas=2.2.3") != std::string::npos);
}

TEST_CASE("A property whose setter has effects is found by its name, with the setter's effects") {
    const LibraryKnowledge& knowledge = LibraryKnowledge::of_tables();
    NameFacts formatter = facts("matplotlib.colorbar.Colorbar.formatter");
    REQUIRE(formatter.status == Status::known);
    CHECK(formatter.entry->kind == LibraryKind::attribute);
    CHECK(formatter.entry->fields == "format:fmt#0");
    bool listed = false;
    for (const LibraryEntry* setter : knowledge.setters_named("formatter"))
        listed = listed || setter->name == "matplotlib.colorbar.Colorbar.formatter";
    CHECK(listed);
    // A property with no setter, or one whose setter does nothing the rules judge, is not a setter.
    CHECK(knowledge.setters_named("xaxis").empty());
    for (const LibraryEntry* setter : knowledge.setters_named("cursor")) CHECK_FALSE(setter->fields.empty());
}
