#ifndef C_HEAP_STATS_H
#define C_HEAP_STATS_H

#include <stddef.h>

/// The bytes the C allocator has handed out and not had back, over every arena (glibc's
/// `mallinfo2`: `uordblks` + `hblkhd`); 0 where there is no such statistic.
size_t heap_bytes_in_use(void);

#endif
