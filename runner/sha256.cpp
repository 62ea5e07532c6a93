#include "runner/sha256.hpp"

#include <openssl/evp.h>

#include <fstream>
#include <memory>
#include <stdexcept>

namespace pygate::runner {
namespace {

class Digest {
public:
    Digest() : m_ctx(EVP_MD_CTX_new(), EVP_MD_CTX_free) {
        if (!m_ctx || EVP_DigestInit_ex(m_ctx.get(), EVP_sha256(), nullptr) != 1)
            throw std::runtime_error("SHA-256 is unavailable");
    }
    void update(const char* data, std::size_t size) {
        if (EVP_DigestUpdate(m_ctx.get(), data, size) != 1) throw std::runtime_error("SHA-256 update failed");
    }
    std::string hex() {
        unsigned char digest[EVP_MAX_MD_SIZE];
        unsigned int size = 0;
        if (EVP_DigestFinal_ex(m_ctx.get(), digest, &size) != 1) throw std::runtime_error("SHA-256 final failed");
        static constexpr char k_digits[] = "0123456789abcdef";
        std::string text;
        for (unsigned int i = 0; i < size; ++i) {
            text += k_digits[digest[i] >> 4];
            text += k_digits[digest[i] & 15];
        }
        return text;
    }

private:
    std::unique_ptr<EVP_MD_CTX, void (*)(EVP_MD_CTX*)> m_ctx;
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
