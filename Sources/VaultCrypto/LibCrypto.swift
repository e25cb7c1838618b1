import COpenSSL
import Foundation

/// The three primitives vault needs — PBKDF2, AES-256-GCM and SHA-256 — from the system's
/// OpenSSL libcrypto, which every Linux distribution and Homebrew keep patched. swift-crypto
/// did the same from a BoringSSL of its own, which every fresh build compiled: a fresh
/// `swift build --product vault` took 290 s on two cores with it and takes 196 s without
/// (docs/PERFORMANCE.md, "Building").
enum LibCrypto {
  enum Failure: Error, CustomStringConvertible {
    case failed(String)
    /// GCM's tag did not match: a wrong key, or changed bytes.
    case notAuthentic

    var description: String {
      switch self {
      case .failed(let step): "libcrypto could not \(step)"
      case .notAuthentic: "the encrypted bytes do not open with this key"
      }
    }
  }

  enum Digest {
    case sha256, sha512

    var function: OpaquePointer? {
      switch self {
      case .sha256: EVP_sha256()
      case .sha512: EVP_sha512()
      }
    }
  }

  /// PBKDF2-HMAC (RFC 8018) of `password` over `salt`.
  static func pbkdf2(
    _ password: [UInt8], salt: [UInt8], rounds: Int, digest: Digest, length: Int
  ) throws(Failure) -> [UInt8] {
    var key = [UInt8](repeating: 0, count: length)
    let characters = password.map { CChar(bitPattern: $0) }
    let done = PKCS5_PBKDF2_HMAC(
      characters, Int32(characters.count), salt, Int32(salt.count), Int32(rounds), digest.function, Int32(length), &key)
    guard done == 1 else { throw .failed("derive a key (PBKDF2)") }
    return key
  }

  /// AES-256-GCM: `plain` sealed under `key` with the nonce `vector`; the sealed bytes and the
  /// 16-byte tag.
  static func sealAESGCM(
    _ plain: [UInt8], key: [UInt8], vector: [UInt8]
  ) throws(Failure) -> (sealed: [UInt8], tag: [UInt8]) {
    guard let context = EVP_CIPHER_CTX_new() else { throw .failed("make a cipher context") }
    defer { EVP_CIPHER_CTX_free(context) }
    guard EVP_EncryptInit_ex(context, EVP_aes_256_gcm(), nil, nil, nil) == 1,
      EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_IVLEN, Int32(vector.count), nil) == 1,
      EVP_EncryptInit_ex(context, nil, nil, key, vector) == 1
    else { throw .failed("start AES-GCM") }
    var sealed = [UInt8](repeating: 0, count: plain.count + 16)
    var written: Int32 = 0
    var finished: Int32 = 0
    guard EVP_EncryptUpdate(context, &sealed, &written, plain, Int32(plain.count)) == 1 else {
      throw .failed("encrypt")
    }
    // GCM writes nothing at the end; a block's room all the same.
    var rest = [UInt8](repeating: 0, count: 16)
    guard EVP_EncryptFinal_ex(context, &rest, &finished) == 1 else { throw .failed("finish encrypting") }
    var tag = [UInt8](repeating: 0, count: 16)
    guard EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_GET_TAG, 16, &tag) == 1 else { throw .failed("read GCM's tag") }
    return (Array(sealed.prefix(Int(written))) + rest.prefix(Int(finished)), tag)
  }

  /// The plain bytes of `sealed` (with its `tag`), or `.notAuthentic`.
  static func openAESGCM(
    _ sealed: [UInt8], tag: [UInt8], key: [UInt8], vector: [UInt8]
  ) throws(Failure) -> [UInt8] {
    guard let context = EVP_CIPHER_CTX_new() else { throw .failed("make a cipher context") }
    defer { EVP_CIPHER_CTX_free(context) }
    guard EVP_DecryptInit_ex(context, EVP_aes_256_gcm(), nil, nil, nil) == 1,
      EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_IVLEN, Int32(vector.count), nil) == 1,
      EVP_DecryptInit_ex(context, nil, nil, key, vector) == 1
    else { throw .failed("start AES-GCM") }
    var plain = [UInt8](repeating: 0, count: sealed.count + 16)
    var written: Int32 = 0
    var finished: Int32 = 0
    guard EVP_DecryptUpdate(context, &plain, &written, sealed, Int32(sealed.count)) == 1 else {
      throw .notAuthentic
    }
    var expected = tag
    guard EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_TAG, Int32(expected.count), &expected) == 1 else {
      throw .failed("set GCM's tag")
    }
    var rest = [UInt8](repeating: 0, count: 16)
    guard EVP_DecryptFinal_ex(context, &rest, &finished) == 1 else { throw .notAuthentic }
    return Array(plain.prefix(Int(written))) + rest.prefix(Int(finished))
  }

  /// SHA-256 of `bytes`.
  static func sha256(_ bytes: [UInt8]) -> [UInt8] {
    var digest = [UInt8](repeating: 0, count: 32)
    var length: UInt32 = 0
    _ = EVP_Digest(bytes, bytes.count, &digest, &length, EVP_sha256(), nil)
    return digest
  }
}
