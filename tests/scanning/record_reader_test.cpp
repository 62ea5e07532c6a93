#include "scanning/record_reader.hpp"

#include <catch2/catch.hpp>
#include <string>
using namespace pygate::scanning;

namespace {

Record record_of(std::string_view line, const RecordFields& fields = {}) {
    auto parsed = parse_record(line, 7, "data.jsonl", fields);
    INFO(line);
    REQUIRE(std::holds_alternative<Record>(parsed));
    return std::get<Record>(parsed);
}

RecordError error_of(std::string_view line, const RecordFields& fields = {}) {
    auto parsed = parse_record(line, 7, "data.jsonl", fields);
    INFO(line);
    REQUIRE(std::holds_alternative<RecordError>(parsed));
    return std::get<RecordError>(parsed);
}

}  // namespace

TEST_CASE("a record's code is its JSON string decoded, named by its id or its line", "[records]") {
    Record named = record_of(R"({"id": "task-1", "code": "x = 'caf\u00e9'\n", "other": [1, {"a": null}]})");
    CHECK(named.name == "task-1");
    CHECK(named.code == "x = 'caf\xC3\xA9'\n");
    CHECK(record_of(R"({"code": "pass"})").name == "7");
    CHECK(record_of(R"({"id": 42, "code": "pass"})").name == "42");
    CHECK(record_of(R"({"id": -3, "code": "pass"})").name == "-3");
    CHECK(record_of("{\"code\": \"pass\"}\r").code == "pass");  // a CRLF file's line
    // An astral character as a surrogate pair, as Python's json.dumps writes it.
    CHECK(record_of(R"({"code": "s = '\ud83d\ude00'"})").code == "s = '\xF0\x9F\x98\x80'");
}

TEST_CASE("the code and id fields can be named", "[records]") {
    RecordFields fields{"solution", "task_id"};
    Record record = record_of(R"({"task_id": "HumanEval/3", "solution": "def f(): pass", "code": 1})", fields);
    CHECK(record.name == "HumanEval/3");
    CHECK(record.code == "def f(): pass");
    CHECK(error_of(R"({"task_id": "t", "code": "pass"})", fields).message ==
          R"(line 7 of data.jsonl: no "solution" field)");
}

TEST_CASE("a line that is no record is an error naming the line and what is wrong", "[records]") {
    CHECK(error_of("").message == "line 7 of data.jsonl: an empty line, not a JSON record");
    CHECK(error_of(" \t\r").name == "7");
    CHECK(error_of(R"({"id": "a")").message.starts_with("line 7 of data.jsonl: not valid JSON: parse error at line 1"));
    // A number beyond a double is nlohmann's out_of_range, not a parse_error: still an error of the line.
    CHECK(error_of(R"({"code": "x", "n": 1e999})").message.starts_with("line 7 of data.jsonl: not valid JSON: "));
    CHECK(error_of(R"([1, 2])").message == "line 7 of data.jsonl: an array, not a JSON object");
    CHECK(error_of(R"("code")").message == "line 7 of data.jsonl: a string, not a JSON object");
    // Once the id is known, the error is named by it.
    RecordError missing = error_of(R"({"id": "t9"})");
    CHECK(missing.name == "t9");
    CHECK(missing.message == R"(line 7 of data.jsonl: no "code" field)");
    CHECK(error_of(R"({"code": 5})").message == R"(line 7 of data.jsonl: its "code" is a number, not a string)");
    CHECK(error_of(R"({"code": null})").message == R"(line 7 of data.jsonl: its "code" is a null, not a string)");
    CHECK(error_of(R"({"code": ["x"]})").message == R"(line 7 of data.jsonl: its "code" is an array, not a string)");
    CHECK(error_of(R"({"id": 1.5, "code": "x"})").message ==
          R"(line 7 of data.jsonl: its "id" is a number, not a string or an integer)");
    CHECK(error_of(R"({"id": "", "code": "x"})").message == R"(line 7 of data.jsonl: its "id" is empty)");
}

TEST_CASE("invalid UTF-8, lone surrogates, NUL and deep nesting are errors, never code", "[records]") {
    CHECK(error_of("{\"code\": \"x = '\xFF'\"}").message.find("ill-formed UTF-8") != std::string::npos);
    CHECK(error_of("{\"code\": \"\xED\xA0\x80\"}").message.find("not valid JSON") != std::string::npos);
    CHECK(error_of(R"({"code": "\ud800"})").message.find("not valid JSON") != std::string::npos);
    // nlohmann's parser alone would stop at a NUL and accept the object before it.
    CHECK(error_of(std::string("{\"code\": \"x\"}\0", 14)).message ==
          "line 7 of data.jsonl: not valid JSON: a NUL byte at column 14");
    CHECK(error_of(std::string("{\"code\": \"x\0y\"}", 15)).message.find("NUL") != std::string::npos);
    std::string deep = "{\"code\": \"x\", \"a\": " + std::string(100, '[') + std::string(100, ']') + "}";
    CHECK(error_of(deep).message == "line 7 of data.jsonl: JSON nested more than 64 levels deep");
    std::string shallow = "{\"code\": \"x\", \"a\": " + std::string(60, '[') + std::string(60, ']') + "}";
    CHECK(record_of(shallow).code == "x");
}

TEST_CASE("a parse error quotes little of the line", "[records]") {
    std::string long_token = "{\"code\": \"" + std::string(100000, 'x');  // never closed
    CHECK(error_of(long_token).message.size() < 400);
}
