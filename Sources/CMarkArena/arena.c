#include "cmark_arena.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// A chain of blocks, newest first. Each allocation is preceded by its size, so that
// `realloc` can copy it, and rounded to 16 bytes, as malloc's are.
typedef struct Block {
  struct Block *previous;
  size_t size;
  size_t used;
  _Alignas(16) unsigned char data[];
} Block;

typedef struct {
  size_t size;
  size_t unused;
} Header;

enum { blockSize = 256 * 1024, alignment = 16 };

static _Thread_local Block *current;
static pthread_key_t threadKey;
static pthread_once_t threadKeyOnce = PTHREAD_ONCE_INIT;

static void freeChain(void *block) {
  for (Block *next = block; next;) {
    Block *previous = next->previous;
    free(next);
    next = previous;
  }
}

// The blocks of a thread are freed when it ends.
static void makeThreadKey(void) { pthread_key_create(&threadKey, freeChain); }

// The bytes an allocation of `size` takes in a block: its header and its size rounded up.
static size_t footprint(size_t size) { return sizeof(Header) + ((size + alignment - 1) & ~(size_t)(alignment - 1)); }

static void *take(size_t size) {
  if (size > SIZE_MAX / 2) abort();
  size_t need = footprint(size);
  if (!current || current->size - current->used < need) {
    size_t capacity = need > blockSize ? need : blockSize;
    Block *block = malloc(sizeof(Block) + capacity);
    // cmark's own allocator aborts when memory runs out, too.
    if (!block) abort();
    block->previous = current;
    block->size = capacity;
    block->used = 0;
    current = block;
    pthread_once(&threadKeyOnce, makeThreadKey);
    pthread_setspecific(threadKey, current);
  }
  Header *header = (Header *)(current->data + current->used);
  current->used += need;
  header->size = size;
  return header + 1;
}

static void *arenaCalloc(size_t count, size_t size) {
  if (size != 0 && count > SIZE_MAX / size) abort();
  void *memory = take(count * size);
  memset(memory, 0, count * size);
  return memory;
}

static void *arenaRealloc(void *old, size_t size) {
  if (!old) return take(size);
  Header *header = (Header *)old - 1;
  if (size <= header->size) return old;
  // The newest allocation grows in place when its block has room.
  size_t oldNeed = footprint(header->size);
  size_t newNeed = footprint(size);
  unsigned char *end = current->data + current->used;
  if ((unsigned char *)header + oldNeed == end && current->size - current->used >= newNeed - oldNeed) {
    current->used += newNeed - oldNeed;
    header->size = size;
    return old;
  }
  void *memory = take(size);
  memcpy(memory, old, header->size);
  return memory;
}

// Freed with the rest at the reset.
static void arenaFree(void *memory) { (void)memory; }

static cmark_mem allocator = {arenaCalloc, arenaRealloc, arenaFree};

cmark_mem *vault_cmark_arena(void) { return &allocator; }

void vault_cmark_arena_reset(void) {
  if (!current) return;
  // Keep the oldest block when it has the usual size; a document that needed more gives the
  // rest back.
  Block *oldest = current;
  while (oldest->previous) oldest = oldest->previous;
  Block *keep = oldest->size == blockSize ? oldest : NULL;
  for (Block *block = current; block;) {
    Block *previous = block->previous;
    if (block != keep) free(block);
    block = previous;
  }
  current = keep;
  if (keep) keep->used = 0;
  pthread_setspecific(threadKey, current);
}
