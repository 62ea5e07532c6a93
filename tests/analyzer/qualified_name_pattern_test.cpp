#include "analyzer/model/qualified_name_pattern.hpp"

#include <catch2/catch.hpp>

using pygate::analyzer::matches_qualified_name;

TEST_CASE("qualified-name patterns", "[qualified-name]") {
    CHECK(matches_qualified_name("requests.*", "requests.get"));
    CHECK(matches_qualified_name("requests.*", "requests.api.get"));
    CHECK_FALSE(matches_qualified_name("requests.*", "requests"));
    CHECK_FALSE(matches_qualified_name("requests.*", "requestsx.get"));
    CHECK(matches_qualified_name("os.system", "os.system"));
    CHECK_FALSE(matches_qualified_name("os.system", "os.systemx"));
    CHECK_FALSE(matches_qualified_name("os", "os.system"));
    // The same globs the rules' tables use.
    CHECK(matches_qualified_name("os.exec*", "os.execvp"));
    CHECK_FALSE(matches_qualified_name("os.exec*", "os.path.join"));
    CHECK(matches_qualified_name("pickle.*load*", "pickle.loads"));
    CHECK(matches_qualified_name("pickle.*load*", "pickle.Unpickler.load"));
    CHECK_FALSE(matches_qualified_name("pickle.*load*", "pickle.dumps"));
}
