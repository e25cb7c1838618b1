#ifndef VAULT_COPENSSL_SHIM_H
#define VAULT_COPENSSL_SHIM_H
// OpenSSL's libcrypto (Debian: libssl-dev; Homebrew: openssl@3): PBKDF2, AES-256-GCM and
// SHA-256 for VaultCrypto.
#include <openssl/evp.h>
#include <openssl/rand.h>
#endif
