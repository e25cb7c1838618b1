// A checksum on every page of vault's index files, so that a damaged page is an error, never
// an answer. The design is SQLite's own `ext/misc/cksumvfs.c`: each page keeps its
// last 8 bytes (SQLite's "reserved bytes") for a checksum of the rest, written as the page is
// written to the database or to the WAL, and checked as it is read back, by `read` or through
// the memory map. A page that does not match is SQLITE_IOERR_DATA, which vault answers by
// building a new index. Files whose header does not reserve 8 bytes (made before this, or by
// another program) are read and written as they are.
#include <sqlite3.h>
#include <string.h>
#include "sqlite_config.h"

typedef struct ChecksumFile ChecksumFile;
struct ChecksumFile {
  sqlite3_file base;
  // Whether the database reserves 8 bytes a page: checksums are then written and checked.
  int checksums;
  // Inside a checkpoint pages move from the WAL to the database as they are.
  int inCheckpoint;
  // The WAL of a database file, or the database of a WAL.
  ChecksumFile *partner;
  // Whether this is a WAL, and the header of the frame SQLite wrote last (`signFrame`).
  int isWal;
  unsigned char frameHeader[24];
  sqlite3_int64 frameHeaderOffset;
  // Pages of the memory map already checked, one bit each: SQLite fetches a page from the map
  // each time it visits it (the root of a B-tree on every lookup), and checking it each time
  // cost `vault today` half its time at 10,000 notes. A page is checked the first time this
  // connection maps it; pages written since reach readers through the WAL, checked by `read`.
  unsigned char *checked;
  sqlite3_int64 checkedBytes;
  // The file of the wrapped VFS follows this struct.
};

#define WRAPPED_VFS(vfs) ((sqlite3_vfs *)((vfs)->pAppData))
#define WRAPPED_FILE(file) ((sqlite3_file *)(((ChecksumFile *)(file)) + 1))

// A Fletcher-style sum over 32-bit words, as cksumvfs computes it (little-endian words).
static void compute(const unsigned char *data, int size, unsigned char *out) {
  unsigned int s1 = 0, s2 = 0, a, b;
  for (int i = 0; i + 8 <= size; i += 8) {
    memcpy(&a, data + i, 4);
    memcpy(&b, data + i + 4, 4);
    s1 += a + s2;
    s2 += b + s1;
  }
  memcpy(out, &s1, 4);
  memcpy(out + 4, &s2, 4);
}

static int isPage(int size) { return size >= 512 && size <= 65536 && (size & (size - 1)) == 0; }

static int matches(const unsigned char *page, int size) {
  unsigned char sum[8];
  compute(page, size - 8, sum);
  return memcmp(page + size - 8, sum, 8) == 0;
}

// The header tells whether the file reserves 8 bytes a page (byte 20).
static void learnFromHeader(ChecksumFile *file, const unsigned char *data, int size, sqlite3_int64 offset) {
  if (offset != 0 || size < 100 || memcmp(data, "SQLite format 3", 16) != 0) return;
  file->checksums = data[20] == 8;
  if (file->partner) file->partner->checksums = file->checksums;
}

static int fileClose(sqlite3_file *f) {
  ChecksumFile *file = (ChecksumFile *)f;
  sqlite3_free(file->checked);
  file->checked = 0;
  file->checkedBytes = 0;
  if (file->partner) {
    file->partner->partner = 0;
    file->partner = 0;
  }
  return WRAPPED_FILE(f)->pMethods->xClose(WRAPPED_FILE(f));
}

static int fileRead(sqlite3_file *f, void *buffer, int size, sqlite3_int64 offset) {
  ChecksumFile *file = (ChecksumFile *)f;
  int rc = WRAPPED_FILE(f)->pMethods->xRead(WRAPPED_FILE(f), buffer, size, offset);
  if (rc != SQLITE_OK) return rc;
  learnFromHeader(file, buffer, size, offset);
  if (file->checksums && !file->inCheckpoint && isPage(size) && !matches(buffer, size)) {
    sqlite3_log(SQLITE_IOERR_DATA, "checksum fault at offset %lld", offset);
    return SQLITE_IOERR_DATA;
  }
  return SQLITE_OK;
}

// SQLite's checksum of WAL frames (wal.c, `walChecksumBytes`): pairs of 32-bit words, in the
// byte order the WAL header's magic number names, summed on from `sum`.
static void walSum(const unsigned char *data, int size, int bigEndian, unsigned int sum[2]) {
  unsigned int s1 = sum[0], s2 = sum[1];
  for (int i = 0; i + 8 <= size; i += 8) {
    const unsigned char *w = data + i;
    unsigned int a, b;
    if (bigEndian) {
      a = (unsigned int)w[0] << 24 | (unsigned int)w[1] << 16 | (unsigned int)w[2] << 8 | w[3];
      b = (unsigned int)w[4] << 24 | (unsigned int)w[5] << 16 | (unsigned int)w[6] << 8 | w[7];
    } else {
      memcpy(&a, w, 4);
      memcpy(&b, w + 4, 4);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
      a = __builtin_bswap32(a);
      b = __builtin_bswap32(b);
#endif
    }
    s1 += a + s2;
    s2 += b + s1;
  }
  sum[0] = s1;
  sum[1] = s2;
}

static unsigned int bigEndianWord(const unsigned char *w) {
  return (unsigned int)w[0] << 24 | (unsigned int)w[1] << 16 | (unsigned int)w[2] << 8 | w[3];
}

static void putBigEndianWord(unsigned char *w, unsigned int value) {
  w[0] = (unsigned char)(value >> 24);
  w[1] = (unsigned char)(value >> 16);
  w[2] = (unsigned char)(value >> 8);
  w[3] = (unsigned char)value;
}

// Signs again the WAL frame whose page was just given its checksum. Each frame of a WAL
// carries a running checksum of every frame before it and of its own page, and SQLite computes
// it before it writes the page, hence before this VFS fills the page's last 8 bytes: the frame
// then no longer matches, and when the WAL is next read whole (a process that opens the index
// after the last one to use it ended without a checkpoint: killed, a power cut, or on purpose,
// `IndexStore.keepWAL`) SQLite stops at the first frame and drops every commit in the WAL.
// So the frame's header is written again with the checksum of the page as it is on disk,
// following on from the previous frame's as it is on disk. A rewrite of checksums SQLite makes
// itself (`walRewriteChecksums`) reads the pages back, with their checksums, and needs nothing.
static int signFrame(ChecksumFile *file, int pageSize, const unsigned char *page, sqlite3_int64 offset) {
  sqlite3_file *wrapped = WRAPPED_FILE(file);
  sqlite3_int64 headerOffset = offset - 24;
  unsigned char walHeader[32];
  int rc = wrapped->pMethods->xRead(wrapped, walHeader, 32, 0);
  if (rc != SQLITE_OK) return rc;
  int bigEndian = bigEndianWord(walHeader) & 1;
  unsigned int sum[2];
  if (headerOffset == 32) {
    sum[0] = bigEndianWord(walHeader + 24);
    sum[1] = bigEndianWord(walHeader + 28);
  } else {
    unsigned char previous[24];
    rc = wrapped->pMethods->xRead(wrapped, previous, 24, headerOffset - pageSize - 24);
    if (rc != SQLITE_OK) return rc;
    sum[0] = bigEndianWord(previous + 16);
    sum[1] = bigEndianWord(previous + 20);
  }
  unsigned char header[24];
  if (file->frameHeaderOffset == headerOffset) {
    memcpy(header, file->frameHeader, 24);
  } else {
    rc = wrapped->pMethods->xRead(wrapped, header, 24, headerOffset);
    if (rc != SQLITE_OK) return rc;
  }
  walSum(header, 8, bigEndian, sum);
  walSum(page, pageSize, bigEndian, sum);
  putBigEndianWord(header + 16, sum[0]);
  putBigEndianWord(header + 20, sum[1]);
  return wrapped->pMethods->xWrite(wrapped, header, 24, headerOffset);
}

static int fileWrite(sqlite3_file *f, const void *buffer, int size, sqlite3_int64 offset) {
  ChecksumFile *file = (ChecksumFile *)f;
  learnFromHeader(file, buffer, size, offset);
  if (file->isWal && size == 24) {
    memcpy(file->frameHeader, buffer, 24);
    file->frameHeaderOffset = offset;
  }
  if (file->checksums && !file->inCheckpoint && isPage(size)) {
    // The reserved bytes are the VFS's to fill, as cksumvfs fills them.
    unsigned char *page = (unsigned char *)buffer;
    compute(page, size - 8, page + size - 8);
    int rc = WRAPPED_FILE(f)->pMethods->xWrite(WRAPPED_FILE(f), buffer, size, offset);
    // A page in a WAL follows its frame's header: offset 32 + n × (size + 24) + 24.
    if (rc == SQLITE_OK && file->isWal && offset >= 56 && (offset - 56) % (size + 24) == 0) {
      rc = signFrame(file, size, page, offset);
    }
    return rc;
  }
  return WRAPPED_FILE(f)->pMethods->xWrite(WRAPPED_FILE(f), buffer, size, offset);
}

static int fileTruncate(sqlite3_file *f, sqlite3_int64 size) {
  return WRAPPED_FILE(f)->pMethods->xTruncate(WRAPPED_FILE(f), size);
}
static int fileSync(sqlite3_file *f, int flags) { return WRAPPED_FILE(f)->pMethods->xSync(WRAPPED_FILE(f), flags); }
static int fileSize(sqlite3_file *f, sqlite3_int64 *size) {
  return WRAPPED_FILE(f)->pMethods->xFileSize(WRAPPED_FILE(f), size);
}
static int fileLock(sqlite3_file *f, int lock) { return WRAPPED_FILE(f)->pMethods->xLock(WRAPPED_FILE(f), lock); }
static int fileUnlock(sqlite3_file *f, int lock) {
  return WRAPPED_FILE(f)->pMethods->xUnlock(WRAPPED_FILE(f), lock);
}
static int fileCheckReservedLock(sqlite3_file *f, int *out) {
  return WRAPPED_FILE(f)->pMethods->xCheckReservedLock(WRAPPED_FILE(f), out);
}

static int fileControl(sqlite3_file *f, int op, void *arg) {
  ChecksumFile *file = (ChecksumFile *)f;
  if (op == SQLITE_FCNTL_CKPT_START) {
    file->inCheckpoint = 1;
    if (file->partner) file->partner->inCheckpoint = 1;
  } else if (op == SQLITE_FCNTL_CKPT_DONE) {
    file->inCheckpoint = 0;
    if (file->partner) file->partner->inCheckpoint = 0;
  }
  return WRAPPED_FILE(f)->pMethods->xFileControl(WRAPPED_FILE(f), op, arg);
}

static int fileSectorSize(sqlite3_file *f) { return WRAPPED_FILE(f)->pMethods->xSectorSize(WRAPPED_FILE(f)); }
static int fileDeviceCharacteristics(sqlite3_file *f) {
  return WRAPPED_FILE(f)->pMethods->xDeviceCharacteristics(WRAPPED_FILE(f));
}
static int fileShmMap(sqlite3_file *f, int region, int size, int extend, void volatile **out) {
  return WRAPPED_FILE(f)->pMethods->xShmMap(WRAPPED_FILE(f), region, size, extend, out);
}
static int fileShmLock(sqlite3_file *f, int offset, int n, int flags) {
  return WRAPPED_FILE(f)->pMethods->xShmLock(WRAPPED_FILE(f), offset, n, flags);
}
static void fileShmBarrier(sqlite3_file *f) { WRAPPED_FILE(f)->pMethods->xShmBarrier(WRAPPED_FILE(f)); }
static int fileShmUnmap(sqlite3_file *f, int delete) {
  return WRAPPED_FILE(f)->pMethods->xShmUnmap(WRAPPED_FILE(f), delete);
}

// Remembers that a page of the map was checked (when memory for the bits can be had).
static void markChecked(ChecksumFile *file, sqlite3_int64 page) {
  if (page / 8 >= file->checkedBytes) {
    sqlite3_int64 bytes = (page / 8 + 1) * 2;
    if (bytes < 1024) bytes = 1024;
    unsigned char *grown = sqlite3_realloc64(file->checked, bytes);
    if (!grown) return;
    memset(grown + file->checkedBytes, 0, bytes - file->checkedBytes);
    file->checked = grown;
    file->checkedBytes = bytes;
  }
  file->checked[page / 8] |= (unsigned char)(1 << (page % 8));
}

// Pages read through the memory map are checked as well: the map is what makes `vault today`
// fast on a big index (docs/PERFORMANCE.md), so it stays on.
static int fileFetch(sqlite3_file *f, sqlite3_int64 offset, int size, void **out) {
  ChecksumFile *file = (ChecksumFile *)f;
  sqlite3_file *wrapped = WRAPPED_FILE(f);
  *out = 0;
  if (wrapped->pMethods->iVersion < 3 || !wrapped->pMethods->xFetch) return SQLITE_OK;
  int rc = wrapped->pMethods->xFetch(wrapped, offset, size, out);
  if (rc != SQLITE_OK || !*out) return rc;
  learnFromHeader(file, *out, size, offset);
  if (!file->checksums || file->inCheckpoint || !isPage(size)) return SQLITE_OK;
  sqlite3_int64 page = offset / size;
  if (page / 8 < file->checkedBytes && (file->checked[page / 8] & (1 << (page % 8)))) return SQLITE_OK;
  if (!matches(*out, size)) {
    wrapped->pMethods->xUnfetch(wrapped, offset, *out);
    *out = 0;
    sqlite3_log(SQLITE_IOERR_DATA, "checksum fault at offset %lld", offset);
    return SQLITE_IOERR_DATA;
  }
  markChecked(file, page);
  return SQLITE_OK;
}

static int fileUnfetch(sqlite3_file *f, sqlite3_int64 offset, void *page) {
  sqlite3_file *wrapped = WRAPPED_FILE(f);
  if (wrapped->pMethods->iVersion < 3 || !wrapped->pMethods->xUnfetch) return SQLITE_OK;
  return wrapped->pMethods->xUnfetch(wrapped, offset, page);
}

static const sqlite3_io_methods methods = {
    3,
    fileClose,
    fileRead,
    fileWrite,
    fileTruncate,
    fileSync,
    fileSize,
    fileLock,
    fileUnlock,
    fileCheckReservedLock,
    fileControl,
    fileSectorSize,
    fileDeviceCharacteristics,
    fileShmMap,
    fileShmLock,
    fileShmBarrier,
    fileShmUnmap,
    fileFetch,
    fileUnfetch,
};

static int vfsOpen(sqlite3_vfs *vfs, const char *name, sqlite3_file *f, int flags, int *outFlags) {
  ChecksumFile *file = (ChecksumFile *)f;
  memset(file, 0, sizeof(ChecksumFile));
  if ((flags & (SQLITE_OPEN_MAIN_DB | SQLITE_OPEN_WAL)) == 0) {
    // Journals and temporary files: the wrapped VFS's own, unchanged.
    return WRAPPED_VFS(vfs)->xOpen(WRAPPED_VFS(vfs), name, f, flags, outFlags);
  }
  file->frameHeaderOffset = -1;
  if (flags & SQLITE_OPEN_WAL) {
    file->isWal = 1;
    sqlite3_file *database = sqlite3_database_file_object(name);
    if (database && database->pMethods == &methods) {
      file->partner = (ChecksumFile *)database;
      file->partner->partner = file;
      file->checksums = file->partner->checksums;
    }
  }
  int rc = WRAPPED_VFS(vfs)->xOpen(WRAPPED_VFS(vfs), name, WRAPPED_FILE(f), flags, outFlags);
  if (rc == SQLITE_OK) {
    f->pMethods = &methods;
  } else if (file->partner) {
    file->partner->partner = 0;
  }
  return rc;
}

static int vfsDelete(sqlite3_vfs *vfs, const char *name, int sync) {
  return WRAPPED_VFS(vfs)->xDelete(WRAPPED_VFS(vfs), name, sync);
}
static int vfsAccess(sqlite3_vfs *vfs, const char *name, int flags, int *out) {
  return WRAPPED_VFS(vfs)->xAccess(WRAPPED_VFS(vfs), name, flags, out);
}
static int vfsFullPathname(sqlite3_vfs *vfs, const char *name, int size, char *out) {
  return WRAPPED_VFS(vfs)->xFullPathname(WRAPPED_VFS(vfs), name, size, out);
}
static void *vfsDlOpen(sqlite3_vfs *vfs, const char *path) { return WRAPPED_VFS(vfs)->xDlOpen(WRAPPED_VFS(vfs), path); }
static void vfsDlError(sqlite3_vfs *vfs, int size, char *out) { WRAPPED_VFS(vfs)->xDlError(WRAPPED_VFS(vfs), size, out); }
static void (*vfsDlSym(sqlite3_vfs *vfs, void *handle, const char *symbol))(void) {
  return WRAPPED_VFS(vfs)->xDlSym(WRAPPED_VFS(vfs), handle, symbol);
}
static void vfsDlClose(sqlite3_vfs *vfs, void *handle) { WRAPPED_VFS(vfs)->xDlClose(WRAPPED_VFS(vfs), handle); }
static int vfsRandomness(sqlite3_vfs *vfs, int size, char *out) {
  return WRAPPED_VFS(vfs)->xRandomness(WRAPPED_VFS(vfs), size, out);
}
static int vfsSleep(sqlite3_vfs *vfs, int microseconds) { return WRAPPED_VFS(vfs)->xSleep(WRAPPED_VFS(vfs), microseconds); }
static int vfsCurrentTime(sqlite3_vfs *vfs, double *out) {
  return WRAPPED_VFS(vfs)->xCurrentTime(WRAPPED_VFS(vfs), out);
}
static int vfsGetLastError(sqlite3_vfs *vfs, int size, char *out) {
  return WRAPPED_VFS(vfs)->xGetLastError(WRAPPED_VFS(vfs), size, out);
}
static int vfsCurrentTimeInt64(sqlite3_vfs *vfs, sqlite3_int64 *out) {
  return WRAPPED_VFS(vfs)->xCurrentTimeInt64(WRAPPED_VFS(vfs), out);
}
static int vfsSetSystemCall(sqlite3_vfs *vfs, const char *name, sqlite3_syscall_ptr call) {
  return WRAPPED_VFS(vfs)->xSetSystemCall(WRAPPED_VFS(vfs), name, call);
}
static sqlite3_syscall_ptr vfsGetSystemCall(sqlite3_vfs *vfs, const char *name) {
  return WRAPPED_VFS(vfs)->xGetSystemCall(WRAPPED_VFS(vfs), name);
}
static const char *vfsNextSystemCall(sqlite3_vfs *vfs, const char *name) {
  return WRAPPED_VFS(vfs)->xNextSystemCall(WRAPPED_VFS(vfs), name);
}

static sqlite3_vfs checksumVFS = {
    3, 0, 1024, 0, "vault-checksums", 0, vfsOpen, vfsDelete, vfsAccess, vfsFullPathname, vfsDlOpen, vfsDlError,
    vfsDlSym, vfsDlClose, vfsRandomness, vfsSleep, vfsCurrentTime, vfsGetLastError, vfsCurrentTimeInt64,
    vfsSetSystemCall, vfsGetSystemCall, vfsNextSystemCall,
};

int vault_sqlite_register_checksums(void) {
  if (sqlite3_vfs_find("vault-checksums")) return SQLITE_OK;
  sqlite3_vfs *wrapped = sqlite3_vfs_find(0);
  if (!wrapped) return SQLITE_ERROR;
  checksumVFS.iVersion = wrapped->iVersion < 3 ? wrapped->iVersion : 3;
  checksumVFS.szOsFile = (int)sizeof(ChecksumFile) + wrapped->szOsFile;
  checksumVFS.mxPathname = wrapped->mxPathname;
  checksumVFS.pAppData = wrapped;
  return sqlite3_vfs_register(&checksumVFS, 1);
}
