// Counts the test binary's heap allocations, so that a test can check that a
// window of calls allocates nothing. malloc is replaced once for the whole
// binary (allocation_counter.cpp); operator new comes through it too.
// AddressSanitizer's runtime owns malloc, so under it nothing is counted and
// the tests that need the count skip.
#pragma once

#include <gtest/gtest.h>

namespace kin_test {

// True when allocations are counted (not under AddressSanitizer).
bool CountsAllocations();

// The number of malloc calls so far.
long MallocCount();

// Runs `job` once and expects it to allocate nothing (skipped where nothing is counted).
template <class Job>
void ExpectRunAllocatesNothing(const Job& job) {
  if (!CountsAllocations()) GTEST_SKIP() << "allocations are not counted under AddressSanitizer";
  const long before = MallocCount();
  job.Run();
  EXPECT_EQ(MallocCount(), before);
}

}  // namespace kin_test
