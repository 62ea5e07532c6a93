#pragma once
// How a batch of files uses the C allocator.

namespace pygate::analyzer {

// Keeps memory freed after one file mapped for the next, instead of handing
// it back to the kernel and faulting it in again page by page: parsing and
// analysing a file allocates and frees the same few megabytes every time.
// Called once by every program that scans many files (pygate check and the
// benchmark's parse floor alike, so the floor stays the least work possible).
void keep_freed_memory_for_reuse();

}  // namespace pygate::analyzer
