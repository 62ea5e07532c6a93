#include "runner/template_link.hpp"

#include <sys/socket.h>
#include <unistd.h>

#include <catch2/catch.hpp>

using namespace pygate::runner;

TEST_CASE("template link: a message and its descriptors arrive whole", "[runner]") {
    LinkPair link = make_link();
    REQUIRE(link.first.valid());
    int ends[2];
    REQUIRE(::pipe(ends) == 0);
    REQUIRE(send_link_message(link.first.get(), R"({"op":"fork"})", {ends[1]}) == 0);
    ::close(ends[1]);
    LinkMessage message;
    REQUIRE(receive_link_message(link.second.get(), 1000, message) == LinkRead::message);
    CHECK(message.text == R"({"op":"fork"})");
    REQUIRE(message.fds.size() == 1);
    REQUIRE(::write(message.fds[0].get(), "x", 1) == 1);  // the pipe's write end, received
    message.fds.clear();
    char byte = 0;
    CHECK(::read(ends[0], &byte, 1) == 1);
    CHECK(byte == 'x');
    ::close(ends[0]);
    // Nothing more: a timeout; the other end closed: closed.
    CHECK(receive_link_message(link.second.get(), 10, message) == LinkRead::timeout);
    link.first.reset();
    CHECK(receive_link_message(link.second.get(), 1000, message) == LinkRead::closed);
    // Sending to a link whose other end is gone fails, and never raises SIGPIPE.
    CHECK(send_link_message(link.second.get(), "{}") != 0);
}

TEST_CASE("template link: the worker's readers take only what they expect", "[runner]") {
    CHECK(forked_child(R"({"pid": 31036})") == 31036);
    CHECK_FALSE(forked_child(R"({"pid": -1})"));
    CHECK_FALSE(forked_child(R"({"pid": "31036"})"));
    CHECK_FALSE(forked_child(R"({"pid": 31036, "more": 1})"));
    CHECK_FALSE(forked_child("not json"));

    const auto ready = child_setup(R"({"ready": true})");
    REQUIRE(ready);
    CHECK(ready->ready);
    const auto failed = child_setup(R"({"setup_failed": "Landlock", "errno": 1})");
    REQUIRE(failed);
    CHECK_FALSE(failed->ready);
    CHECK(failed->failed_step == "Landlock");
    CHECK(failed->error == 1);
    CHECK_FALSE(ready->netns);
    const auto separate = child_setup(R"({"ready": true, "netns": true})");
    REQUIRE(separate);
    CHECK(separate->netns);
    CHECK_FALSE(child_setup(R"({"ready": true, "netns": 1})"));
    CHECK_FALSE(child_setup(R"({"ready": true, "netns": true, "more": 1})"));
    CHECK_FALSE(child_setup(R"({"ready": false})"));
    CHECK_FALSE(child_setup(R"({"setup_failed": 3, "errno": 1})"));

    const auto exit = child_exit(R"({"exited": 256, "user_ms": 26.8, "sys_ms": 57.5, "max_rss_kb": 23920})");
    REQUIRE(exit);
    CHECK(exit->wait_status == 256);
    CHECK(exit->max_rss_kb == 23920);
    CHECK_FALSE(child_exit(R"({"exited": 70000, "user_ms": 1, "sys_ms": 1, "max_rss_kb": 1})"));
    CHECK_FALSE(child_exit(R"({"exited": 0, "user_ms": -1, "sys_ms": 1, "max_rss_kb": 1})"));
    CHECK_FALSE(child_exit(R"({"exited": 0})"));
}
