#include "serve/workers/worker_job.hpp"

#include <catch2/catch.hpp>
#include <string>

#include "judging/gated_run.hpp"
#include "profiles/compiled_profiles.hpp"

using namespace pygate;
using namespace pygate::serve;

namespace {

const analyzer::Profile& data_processing() {
    static const analyzer::Profile profile =
        std::get<analyzer::Profile>(profiles::resolve_profile("data_processing"));
    return profile;
}

WorkerJob decoded(const std::string& text) {
    auto job = decode_worker_job(text);
    if (auto* error = std::get_if<std::string>(&job)) FAIL(*error);
    return std::get<WorkerJob>(job);
}

}  // namespace

TEST_CASE("serve worker job: a run's job decodes to what was encoded", "[serve]") {
    RunOp op;
    op.code = "print('h\xC3\xA9')\n";
    op.files = {{"data.bin", std::string("\0\xFF\n", 3)}, {"notes.txt", "text"}};
    op.stdin_data = "line\n";
    op.overrides.timeout = 5;
    op.overrides.output_limit = 100;
    op.stream = true;
    op.allow_review = true;
    const std::string text = encode_worker_job(run_job(op, data_processing(), "/usr/bin/python3"));
    REQUIRE(text.back() == '\n');
    REQUIRE(text.find('\n') == text.size() - 1);  // one line: a session's worker reads it as one
    const WorkerJob job = decoded(text);
    CHECK(job.kind == WorkerJob::Kind::run);
    CHECK(job.code == op.code);
    REQUIRE(job.files.size() == 2);
    CHECK(job.files[0].name == "data.bin");
    CHECK(job.files[0].bytes == op.files[0].bytes);
    CHECK(job.stdin_data == op.stdin_data);
    CHECK(job.overrides.timeout == 5);
    CHECK_FALSE(job.overrides.memory);
    CHECK(job.overrides.output_limit == 100);
    CHECK(job.stream);
    CHECK(job.allow_review);
    CHECK(job.python == "/usr/bin/python3");
    CHECK(job.profile_sha256 == judging::profile_sha256(data_processing()));
    CHECK(encode_worker_job(job) == text);
}

TEST_CASE("serve worker job: a warm run's job carries its template", "[serve]") {
    RunOp op;
    op.code = "print(1)\n";
    WorkerJob job = run_job(op, data_processing(), "/usr/bin/python3");
    CHECK_FALSE(decoded(encode_worker_job(job)).warm);
    runner::WarmStart warm;
    warm.link = 3;
    warm.template_dir = "/tmp/pygate-run-7-abcdef";
    warm.identity = {"0123456789ab", "3.11.2", {{"numpy", "1.24.2"}, {"pandas", "1.5.3"}}};
    job.warm = warm;
    job.warm_mounts_pid = 4242;
    job.skip_gate = true;
    const std::string text = encode_worker_job(job);
    const WorkerJob back = decoded(text);
    REQUIRE(back.warm);
    CHECK(back.warm->link == 3);
    CHECK(back.warm->template_dir == warm.template_dir);
    CHECK(back.warm->identity.id == "0123456789ab");
    CHECK(back.warm->identity.modules == warm.identity.modules);
    CHECK(back.warm_mounts_pid == 4242);
    CHECK(back.skip_gate);
    CHECK(encode_worker_job(back) == text);
    job.warm.reset();
    job.cold_reason = "the template is gone";
    CHECK(decoded(encode_worker_job(job)).cold_reason == "the template is gone");
    // A template's job: the profile and what it preloads.
    const WorkerJob made = decoded(encode_worker_job(template_job(data_processing(), "/usr/bin/python3", {"numpy"})));
    CHECK(made.kind == WorkerJob::Kind::template_process);
    CHECK(made.preload == std::vector<std::string>{"numpy"});
}

TEST_CASE("serve worker job: a session's job decodes to what was encoded", "[serve]") {
    SessionOpenOp op;
    op.files = {{"in.csv", "a,b\n"}};
    op.preload = {"csv", "json"};
    op.overrides.cpu = 3;
    op.idle_timeout = 42;
    const std::string text = encode_worker_job(session_job(op, data_processing(), "/opt/python"));
    const WorkerJob job = decoded(text);
    CHECK(job.kind == WorkerJob::Kind::session);
    CHECK(job.preload == op.preload);
    CHECK(job.idle_timeout == 42);
    CHECK(job.overrides.cpu == 3);
    CHECK(job.python == "/opt/python");
    CHECK(encode_worker_job(job) == text);
}

TEST_CASE("serve worker job: the profile a job carries is the profile checked", "[serve]") {
    WorkerJob job = run_job(RunOp{}, data_processing(), "/usr/bin/python3");
    auto loaded = job_profile(job);
    REQUIRE(std::holds_alternative<analyzer::Profile>(loaded));
    CHECK(std::get<analyzer::Profile>(loaded).name == "data_processing");
    CHECK(judging::profile_sha256(std::get<analyzer::Profile>(loaded)) == job.profile_sha256);

    SECTION("a profile that is not the digest's runs nothing") {
        job.profile_toml.replace(job.profile_toml.find("wall_seconds = 60"), 17, "wall_seconds = 99");
        auto refused = job_profile(job);
        REQUIRE(std::holds_alternative<std::string>(refused));
        CHECK(std::get<std::string>(refused) == "the job's profile is not the one its digest names");
    }
}

TEST_CASE("serve worker job: anything but an encoded job is refused with a message", "[serve]") {
    const std::string good = encode_worker_job(run_job(RunOp{}, data_processing(), "/usr/bin/python3"));
    auto refused = [](const std::string& text) {
        auto job = decode_worker_job(text);
        return std::holds_alternative<std::string>(job) ? std::get<std::string>(job) : std::string();
    };
    CHECK(refused("") == "the job is not one JSON object");
    CHECK(refused("[1]") == "the job is not one JSON object");
    CHECK(refused(good.substr(0, good.size() / 2)) == "the job is not one JSON object");
    CHECK(refused(R"({"kind":"other"})") == "a malformed job: unknown kind `other`");
    std::string extra = good;
    extra.insert(1, R"("profile":"safe_eval",)");
    CHECK(refused(extra) == "a malformed job: the job has fields no job of its kind has");
    std::string bad_timeout = good;
    bad_timeout.replace(bad_timeout.find(R"("timeout":null)"), 14, R"("timeout":-1)");
    CHECK(refused(bad_timeout) == "a malformed job: `timeout` is not null or a positive integer");
}
