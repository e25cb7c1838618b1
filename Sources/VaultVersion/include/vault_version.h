#ifndef VAULT_VERSION_H
#define VAULT_VERSION_H

/// The version a build was stamped with (scripts/version: the latest git tag, and the commits
/// since), or "dev" for a build that was not (`swift build`).
const char *vault_version(void);
/// The commit a build was made from (12 hex digits) and its date (YYYY-MM-DD), or "" when it
/// was not stamped.
const char *vault_commit(void);
const char *vault_commit_date(void);

#endif
