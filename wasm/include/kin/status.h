// Errors cross every boundary as values. A Status carries a code and a short
// message naming the bad input, in a fixed buffer so that reporting an error
// never allocates (jobs must not allocate inside Run, even when they fail).
#pragma once

namespace kin {

enum class StatusCode { kOk = 0, kInvalidInput = 1 };

struct Status {
  StatusCode code = StatusCode::kOk;
  char message[192] = {0};

  bool ok() const { return code == StatusCode::kOk; }

  static Status Ok() { return Status(); }
  // printf-style message, truncated to the buffer.
  static Status Invalid(const char* format, ...)
#if defined(__GNUC__)
      __attribute__((format(printf, 1, 2)))
#endif
      ;
};

}  // namespace kin
