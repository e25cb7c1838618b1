#ifndef VAULT_CCMARK_SHIM_H
#define VAULT_CCMARK_SHIM_H
#include <cmark.h>
#endif
