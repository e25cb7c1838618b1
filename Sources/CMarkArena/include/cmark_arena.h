#ifndef VAULT_CMARK_ARENA_H
#define VAULT_CMARK_ARENA_H
#include <cmark.h>

/// An allocator for cmark that carves a document's nodes, strings and parser state out of
/// large blocks of the calling thread, and frees them all at once: cmark's default
/// `calloc` and `free` per node were a third of its parse (docs/PERFORMANCE.md).
///
/// Use: parse with `cmark_parser_new_with_mem(options, vault_cmark_arena())`, read the tree,
/// then call `vault_cmark_arena_reset()` on the same thread. After the reset nothing cmark
/// made since the last reset may be touched (not even by `cmark_node_free`), and the next
/// parse reuses the memory. One parse at a time per thread.
cmark_mem *vault_cmark_arena(void);

/// Releases everything allocated on this thread since the last reset, keeping one block.
void vault_cmark_arena_reset(void);

#endif
