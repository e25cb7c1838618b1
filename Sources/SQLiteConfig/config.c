#include <sqlite3.h>
#include "sqlite_config.h"

int vault_sqlite_disable_memory_statistics(void) {
  return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

int vault_sqlite_checkpoint_on_close(sqlite3 *db, int checkpoint) {
  if (!db) return SQLITE_MISUSE;
  return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, checkpoint ? 0 : 1, (int *)0);
}
