#ifndef VAULT_SQLITE_CONFIG_H
#define VAULT_SQLITE_CONFIG_H

/// Turns off SQLite's memory statistics for the process. With them on (the default), every
/// allocation SQLite makes takes one mutex shared by all connections, and the index's two
/// writers, on two threads, waited for each other on it: a cold index of 10,000 notes spent
/// 0.17 core-seconds more (docs/PERFORMANCE.md). Nothing in vault reads the statistics.
///
/// `sqlite3_config` works only before SQLite initializes (before the first connection is
/// opened); afterwards it changes nothing and this returns SQLITE_MISUSE (21). It is variadic,
/// which Swift cannot call: hence this C function.
int vault_sqlite_disable_memory_statistics(void);

// Registers, as the default, a VFS that keeps a checksum in the last 8 bytes of every page of
// a database that reserves them, and fails a read of a page that does not match with
// SQLITE_IOERR_DATA (checksums.c). Call once, before the first connection.
int vault_sqlite_register_checksums(void);

typedef struct sqlite3 sqlite3;

/// Whether closing the last connection to a database in WAL mode copies the WAL into the
/// file and removes it (SQLite's default, `checkpoint` 1) or leaves it for the next connection
/// (0: `SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE`, see `IndexStore.keptWALBytes`). Variadic in SQLite.
int vault_sqlite_checkpoint_on_close(sqlite3 *db, int checkpoint);

#endif
