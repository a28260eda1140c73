// Turns a fuzzer's bytes into the values the core takes from outside: small
// counts and indices (sometimes out of range), and floats that are mostly
// ordinary but often the ones that break arithmetic — NaN, ±Inf, ±0, huge
// and tiny finite values. Reading past the end yields zeros, so that every
// byte string is an input.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>

namespace kin_fuzz {

class FuzzInput {
 public:
  FuzzInput(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

  std::uint8_t U8() { return offset_ < size_ ? data_[offset_++] : 0; }

  std::uint16_t U16() { return static_cast<std::uint16_t>(U8() | (U8() << 8)); }

  // In [0, count), count > 0.
  int Below(int count) { return static_cast<int>(U16() % static_cast<unsigned>(count)); }

  bool Flag() { return (U8() & 1) != 0; }

  float Float() {
    const std::uint8_t kind = U8();
    if (kind < 192) return static_cast<float>(static_cast<std::int8_t>(U8())) / 32.0f;  // [-4, 4)
    if (kind < 232) {
      std::uint8_t bytes[4] = {U8(), U8(), U8(), U8()};
      float value;
      std::memcpy(&value, bytes, sizeof value);
      return value;
    }
    const float special[] = {std::numeric_limits<float>::quiet_NaN(),
                             std::numeric_limits<float>::infinity(),
                             -std::numeric_limits<float>::infinity(),
                             0.0f,
                             -0.0f,
                             1e19f,
                             -1e19f,
                             std::numeric_limits<float>::max(),
                             std::numeric_limits<float>::min(),
                             std::numeric_limits<float>::denorm_min(),
                             1e5f,
                             -1e5f,
                             3.14159265f,
                             1e-30f};
    return special[(kind - 232) % (sizeof special / sizeof special[0])];
  }

  bool empty() const { return offset_ >= size_; }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t offset_ = 0;
};

}  // namespace kin_fuzz
