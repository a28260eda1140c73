// Counts the test binary's heap allocations, so that a test can check that a
// window of calls allocates nothing. malloc is replaced once for the whole
// binary (allocation_counter.cpp); operator new comes through it too.
// AddressSanitizer's runtime owns malloc, so under it nothing is counted and
// the tests that need the count skip.
#pragma once

namespace kin_test {

// True when allocations are counted (not under AddressSanitizer).
bool CountsAllocations();

// The number of malloc calls so far.
long MallocCount();

}  // namespace kin_test
