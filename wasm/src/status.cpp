#include "kin/status.h"

#include <cstdarg>
#include <cstdio>

namespace kin {

Status Status::Invalid(const char* format, ...) {
  Status status;
  status.code = StatusCode::kInvalidInput;
  va_list args;
  va_start(args, format);
  std::vsnprintf(status.message, sizeof(status.message), format, args);
  va_end(args);
  return status;
}

}  // namespace kin
