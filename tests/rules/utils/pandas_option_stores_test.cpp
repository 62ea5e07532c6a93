#include "rules/utils/pandas_option_stores.hpp"

#include <catch2/catch.hpp>

using pygate::rules::may_set;
using pygate::rules::OptionStore;

namespace {

OptionStore key(std::string text, bool exact = false) {
    OptionStore store;
    store.key = std::move(text);
    store.exact = exact;
    return store;
}

}  // namespace

TEST_CASE("A set_option key sets the options pandas' regular-expression search finds", "[pandas_option_stores]") {
    CHECK(may_set(key("styler.format.formatter"), "styler.format.formatter"));
    CHECK(may_set(key("format.formatter"), "styler.format.formatter"));  // a part of the name
    CHECK(may_set(key("FORMAT.Formatter"), "styler.format.formatter"));  // in any case
    CHECK(may_set(key("styler.format.formatte."), "styler.format.formatter"));  // `.` is any character
    CHECK(may_set(key("plotting.b.ckend"), "plotting.backend"));
    CHECK_FALSE(may_set(key("display.max_rows"), "styler.format.formatter"));
    CHECK_FALSE(may_set(key("plotting.backends"), "plotting.backend"));  // longer than the name
    CHECK_FALSE(may_set(key("formatterx"), "styler.format.formatter"));
}

TEST_CASE("A key with other regular-expression syntax, or none pygate folded, may set any option",
          "[pandas_option_stores]") {
    CHECK(may_set(key("^plotting"), "plotting.backend"));
    CHECK(may_set(key("back[e]nd"), "plotting.backend"));
    CHECK(may_set(key("x|formatter"), "styler.format.formatter"));
    CHECK(may_set(OptionStore{}, "plotting.backend"));
}

TEST_CASE("An attribute path sets exactly the option it spells", "[pandas_option_stores]") {
    CHECK(may_set(key("plotting.backend", true), "plotting.backend"));
    CHECK_FALSE(may_set(key("plotting.back", true), "plotting.backend"));
}
