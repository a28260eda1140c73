#include "allocation_counter.h"

#include <cstddef>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define KIN_TEST_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define KIN_TEST_ASAN 1
#endif

namespace {
long g_mallocs = 0;
}

#ifndef KIN_TEST_ASAN
// glibc's allocator does the work.
extern "C" void* __libc_malloc(std::size_t size);
extern "C" void* malloc(std::size_t size) {
  ++g_mallocs;
  return __libc_malloc(size);
}
#endif

namespace kin_test {

bool CountsAllocations() {
#ifdef KIN_TEST_ASAN
  return false;
#else
  return true;
#endif
}

long MallocCount() { return g_mallocs; }

}  // namespace kin_test
