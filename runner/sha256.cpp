#include "runner/sha256.hpp"

// OpenSSL's SHA-256 itself (with its SHA-NI and AVX2 code), not EVP: EVP
// fetches the digest through the provider machinery, whose initialisation
// (configuration file, provider tables) and 14,000 load-time relocations in
// a static pygate cost about a millisecond of every run. The SHA256_*
// functions are deprecated since OpenSSL 3.0 in favour of EVP, not removed.
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/sha.h>

#include <fstream>

namespace pygate::runner {
namespace {

class Digest {
public:
    Digest() { SHA256_Init(&m_ctx); }
    void update(const char* data, std::size_t size) { SHA256_Update(&m_ctx, data, size); }
    std::string hex() {
        unsigned char digest[SHA256_DIGEST_LENGTH];
        SHA256_Final(digest, &m_ctx);
        static constexpr char k_digits[] = "0123456789abcdef";
        std::string text;
        for (unsigned char byte : digest) {
            text += k_digits[byte >> 4];
            text += k_digits[byte & 15];
        }
        return text;
    }

private:
    SHA256_CTX m_ctx;
};

}  // namespace

std::string sha256_hex(std::string_view bytes) {
    Digest digest;
    digest.update(bytes.data(), bytes.size());
    return digest.hex();
}

std::optional<std::string> sha256_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    Digest digest;
    char buffer[65536];
    while (in.read(buffer, sizeof buffer) || in.gcount() > 0)
        digest.update(buffer, static_cast<std::size_t>(in.gcount()));
    if (in.bad()) return std::nullopt;
    return digest.hex();
}

}  // namespace pygate::runner
