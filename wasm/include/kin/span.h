// A non-owning view of contiguous elements (C++17 has no std::span). Jobs take
// their inputs and outputs as spans so that they never own or allocate memory.
#pragma once

#include <cstddef>
#include <vector>

namespace kin {

template <typename T>
struct Span {
  T* data = nullptr;
  std::size_t size = 0;

  Span() = default;
  Span(T* data_, std::size_t size_) : data(data_), size(size_) {}
  template <typename U>
  Span(std::vector<U>& v) : data(v.data()), size(v.size()) {}
  template <typename U>
  Span(const std::vector<U>& v) : data(v.data()), size(v.size()) {}
  template <typename U>
  Span(const Span<U>& other) : data(other.data), size(other.size) {}

  T& operator[](std::size_t i) const { return data[i]; }
  T* begin() const { return data; }
  T* end() const { return data + size; }
  bool empty() const { return size == 0; }
};

}  // namespace kin
