#pragma once
// A vector of trivially copyable values that keeps its first few in place:
// most answers of the resolver hold none, one or two referents, and copying
// such an answer out of a cache then costs no allocation.

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <new>
#include <type_traits>

namespace pygate::analyzer {

template <class T, std::size_t InPlace>
class SmallVector {
    static_assert(std::is_trivially_copyable_v<T>, "values are copied as bytes");
    static_assert(InPlace > 0);

public:
    using value_type = T;
    using iterator = T*;
    using const_iterator = const T*;

    SmallVector() = default;
    SmallVector(std::initializer_list<T> values) {
        reserve(values.size());
        for (const T& value : values)
            push_back(value);
    }
    SmallVector(const SmallVector& other) { assign(other); }
    SmallVector(SmallVector&& other) noexcept { take(other); }
    SmallVector& operator=(const SmallVector& other) {
        if (this != &other) {
            m_size = 0;
            assign(other);
        }
        return *this;
    }
    SmallVector& operator=(SmallVector&& other) noexcept {
        if (this != &other) {
            release();
            take(other);
        }
        return *this;
    }
    ~SmallVector() { release(); }

    T* data() { return on_heap() ? m_heap : in_place(); }
    const T* data() const { return on_heap() ? m_heap : in_place(); }
    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    iterator begin() { return data(); }
    iterator end() { return data() + m_size; }
    const_iterator begin() const { return data(); }
    const_iterator end() const { return data() + m_size; }
    T& operator[](std::size_t i) { return data()[i]; }
    const T& operator[](std::size_t i) const { return data()[i]; }
    T& front() { return data()[0]; }
    const T& front() const { return data()[0]; }
    T& back() { return data()[m_size - 1]; }
    const T& back() const { return data()[m_size - 1]; }

    void push_back(const T& value) {
        if (m_size == m_capacity) reserve(m_capacity * 2);
        std::memcpy(static_cast<void*>(data() + m_size), &value, sizeof(T));
        ++m_size;
    }
    void pop_back() { --m_size; }
    void clear() { m_size = 0; }

    void reserve(std::size_t capacity) {
        if (capacity <= m_capacity) return;
        auto* grown = static_cast<T*>(std::malloc(capacity * sizeof(T)));
        if (grown == nullptr) throw std::bad_alloc();
        if (m_size != 0) std::memcpy(static_cast<void*>(grown), data(), m_size * sizeof(T));
        if (on_heap()) std::free(m_heap);
        m_heap = grown;
        m_capacity = capacity;
    }

private:
    bool on_heap() const { return m_capacity > InPlace; }
    T* in_place() { return reinterpret_cast<T*>(m_in_place); }
    const T* in_place() const { return reinterpret_cast<const T*>(m_in_place); }

    void assign(const SmallVector& other) {
        reserve(other.m_size);
        if (other.m_size != 0) std::memcpy(static_cast<void*>(data()), other.data(), other.m_size * sizeof(T));
        m_size = other.m_size;
    }
    void take(SmallVector& other) {
        if (other.on_heap()) {
            m_heap = other.m_heap;
            m_capacity = other.m_capacity;
            other.m_capacity = InPlace;
        } else if (other.m_size != 0) {
            std::memcpy(static_cast<void*>(in_place()), other.in_place(), other.m_size * sizeof(T));
        }
        m_size = other.m_size;
        other.m_size = 0;
    }
    void release() {
        if (on_heap()) std::free(m_heap);
        m_capacity = InPlace;
        m_size = 0;
    }

    std::size_t m_size = 0;
    std::size_t m_capacity = InPlace;
    union {
        T* m_heap = nullptr;  // initialised so that the compiler can see release() never reads garbage
        alignas(T) unsigned char m_in_place[InPlace * sizeof(T)];
    };
};

}  // namespace pygate::analyzer
