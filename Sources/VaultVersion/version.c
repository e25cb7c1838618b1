// What a build from source says (`swift build`). A stamped build (scripts/version --stamp: make
// release, make dist, the Homebrew formula) links an object of its own beside this one whose
// definitions, not weak, win: only the link changes with each commit, never a compiled module.
#include "vault_version.h"

__attribute__((weak)) const char *vault_version(void) { return "dev"; }
__attribute__((weak)) const char *vault_commit(void) { return ""; }
__attribute__((weak)) const char *vault_commit_date(void) { return ""; }
