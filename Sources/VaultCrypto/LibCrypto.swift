import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The three primitives vault needs — PBKDF2, AES-256-GCM and SHA-256 — from the system's
/// OpenSSL 3 libcrypto, which every Linux distribution and Homebrew keep patched. swift-crypto
/// did the same from a BoringSSL of its own, which every fresh build compiled: a fresh
/// `swift build --product vault` took 290 s on two cores with it and takes 196 s without
/// (docs/PERFORMANCE.md, "Building").
///
/// The library is opened (`dlopen`) the first time one of them is needed, not linked: linked,
/// it cost every command's start about a millisecond (loaded as a shared library, 1.7 ms; from
/// its static archive, its relocations and start-up code, 0.5-1 ms), though only `vault
/// encrypt`, `decrypt` and the accounts of `vault serve` use it.
enum LibCrypto {
  enum Failure: Error, CustomStringConvertible {
    case failed(String)
    /// GCM's tag did not match: a wrong key, or changed bytes.
    case notAuthentic
    /// No libcrypto of OpenSSL 3 could be opened.
    case missing(String)

    var description: String {
      switch self {
      case .failed(let step): "libcrypto could not \(step)"
      case .notAuthentic: "the encrypted bytes do not open with this key"
      case .missing(let why):
        "this needs OpenSSL 3's libcrypto (Debian and Ubuntu: libssl3; Homebrew: openssl@3): \(why)"
      }
    }
  }

  enum Digest {
    case sha256, sha512
  }

  // The C functions, as OpenSSL 3 declares them (openssl/evp.h); contexts and algorithms are
  // opaque pointers.
  typealias PBKDF2 =
    @convention(c) (
      UnsafePointer<CChar>?, Int32, UnsafePointer<UInt8>?, Int32, Int32, OpaquePointer?, Int32,
      UnsafeMutablePointer<UInt8>?
    ) -> Int32
  typealias Algorithm = @convention(c) () -> OpaquePointer?
  typealias NewContext = @convention(c) () -> OpaquePointer?
  typealias FreeContext = @convention(c) (OpaquePointer?) -> Void
  typealias CipherInit =
    @convention(c) (
      OpaquePointer?, OpaquePointer?, OpaquePointer?, UnsafePointer<UInt8>?, UnsafePointer<UInt8>?
    ) -> Int32
  typealias Control = @convention(c) (OpaquePointer?, Int32, Int32, UnsafeMutableRawPointer?) -> Int32
  typealias Update =
    @convention(c) (
      OpaquePointer?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<Int32>?, UnsafePointer<UInt8>?, Int32
    ) -> Int32
  typealias Final = @convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<Int32>?) -> Int32
  typealias OneShot =
    @convention(c) (
      UnsafeRawPointer?, Int, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt32>?, OpaquePointer?,
      OpaquePointer?
    ) -> Int32

  /// `EVP_CTRL_GCM_SET_IVLEN`, `EVP_CTRL_GCM_GET_TAG`, `EVP_CTRL_GCM_SET_TAG` (openssl/evp.h).
  static let setVectorLength: Int32 = 0x9
  static let getTag: Int32 = 0x10
  static let setTag: Int32 = 0x11

  struct Functions: @unchecked Sendable {
    let pbkdf2: PBKDF2
    let sha256: Algorithm
    let sha512: Algorithm
    let aes256gcm: Algorithm
    let newContext: NewContext
    let freeContext: FreeContext
    let encryptInit: CipherInit
    let decryptInit: CipherInit
    let control: Control
    let encryptUpdate: Update
    let decryptUpdate: Update
    let encryptFinal: Final
    let decryptFinal: Final
    let digest: OneShot
  }

  /// Where libcrypto 3 is: the loader's search, then Homebrew's two prefixes on a Mac.
  static let candidates = [
    "libcrypto.so.3", "libcrypto.3.dylib", "/opt/homebrew/opt/openssl@3/lib/libcrypto.3.dylib",
    "/usr/local/opt/openssl@3/lib/libcrypto.3.dylib",
  ]

  /// The functions, opened once.
  static let loaded: Result<Functions, Failure> = {
    guard let handle = candidates.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else {
      return .failure(.missing(String(cString: dlerror())))
    }
    func symbol<T>(_ name: String, as _: T.Type) throws(Failure) -> T {
      guard let address = dlsym(handle, name) else { throw .missing("it has no \(name)") }
      return unsafeBitCast(address, to: T.self)
    }
    do throws(Failure) {
      return .success(
        Functions(
          pbkdf2: try symbol("PKCS5_PBKDF2_HMAC", as: PBKDF2.self),
          sha256: try symbol("EVP_sha256", as: Algorithm.self),
          sha512: try symbol("EVP_sha512", as: Algorithm.self),
          aes256gcm: try symbol("EVP_aes_256_gcm", as: Algorithm.self),
          newContext: try symbol("EVP_CIPHER_CTX_new", as: NewContext.self),
          freeContext: try symbol("EVP_CIPHER_CTX_free", as: FreeContext.self),
          encryptInit: try symbol("EVP_EncryptInit_ex", as: CipherInit.self),
          decryptInit: try symbol("EVP_DecryptInit_ex", as: CipherInit.self),
          control: try symbol("EVP_CIPHER_CTX_ctrl", as: Control.self),
          encryptUpdate: try symbol("EVP_EncryptUpdate", as: Update.self),
          decryptUpdate: try symbol("EVP_DecryptUpdate", as: Update.self),
          encryptFinal: try symbol("EVP_EncryptFinal_ex", as: Final.self),
          decryptFinal: try symbol("EVP_DecryptFinal_ex", as: Final.self),
          digest: try symbol("EVP_Digest", as: OneShot.self)))
    } catch {
      return .failure(error)
    }
  }()

  static func functions() throws(Failure) -> Functions { try loaded.get() }

  /// PBKDF2-HMAC (RFC 8018) of `password` over `salt`.
  static func pbkdf2(
    _ password: [UInt8], salt: [UInt8], rounds: Int, digest: Digest, length: Int
  ) throws(Failure) -> [UInt8] {
    let c = try functions()
    var key = [UInt8](repeating: 0, count: length)
    let characters = password.map { CChar(bitPattern: $0) }
    let function = digest == .sha256 ? c.sha256() : c.sha512()
    let done = c.pbkdf2(
      characters, Int32(characters.count), salt, Int32(salt.count), Int32(rounds), function, Int32(length), &key)
    guard done == 1 else { throw .failed("derive a key (PBKDF2)") }
    return key
  }

  /// `body` with an AES-256-GCM context keyed with `key` and the nonce `vector`, to seal
  /// (`encrypting`) or to open; freed after.
  private static func withGCM<Value>(
    encrypting: Bool, key: [UInt8], vector: [UInt8], _ body: (Functions, OpaquePointer) throws(Failure) -> Value
  ) throws(Failure) -> Value {
    let c = try functions()
    guard let context = c.newContext() else { throw .failed("make a cipher context") }
    defer { c.freeContext(context) }
    let start = encrypting ? c.encryptInit : c.decryptInit
    guard start(context, c.aes256gcm(), nil, nil, nil) == 1,
      c.control(context, setVectorLength, Int32(vector.count), nil) == 1,
      start(context, nil, nil, key, vector) == 1
    else { throw .failed("start AES-GCM") }
    return try body(c, context)
  }

  /// AES-256-GCM: `plain` sealed under `key` with the nonce `vector`; the sealed bytes and the
  /// 16-byte tag.
  static func sealAESGCM(
    _ plain: [UInt8], key: [UInt8], vector: [UInt8]
  ) throws(Failure) -> (sealed: [UInt8], tag: [UInt8]) {
    try withGCM(encrypting: true, key: key, vector: vector) { (c, context) throws(Failure) in
      var sealed = [UInt8](repeating: 0, count: plain.count + 16)
      var written: Int32 = 0
      var finished: Int32 = 0
      guard c.encryptUpdate(context, &sealed, &written, plain, Int32(plain.count)) == 1 else {
        throw .failed("encrypt")
      }
      // GCM writes nothing at the end; a block's room all the same.
      var rest = [UInt8](repeating: 0, count: 16)
      guard c.encryptFinal(context, &rest, &finished) == 1 else { throw .failed("finish encrypting") }
      var tag = [UInt8](repeating: 0, count: 16)
      guard c.control(context, getTag, 16, &tag) == 1 else { throw .failed("read GCM's tag") }
      return (Array(sealed.prefix(Int(written))) + rest.prefix(Int(finished)), tag)
    }
  }

  /// The plain bytes of `sealed` (with its `tag`), or `.notAuthentic`.
  static func openAESGCM(
    _ sealed: [UInt8], tag: [UInt8], key: [UInt8], vector: [UInt8]
  ) throws(Failure) -> [UInt8] {
    try withGCM(encrypting: false, key: key, vector: vector) { (c, context) throws(Failure) in
      var plain = [UInt8](repeating: 0, count: sealed.count + 16)
      var written: Int32 = 0
      var finished: Int32 = 0
      guard c.decryptUpdate(context, &plain, &written, sealed, Int32(sealed.count)) == 1 else {
        throw .notAuthentic
      }
      var expected = tag
      guard c.control(context, setTag, Int32(expected.count), &expected) == 1 else {
        throw .failed("set GCM's tag")
      }
      var rest = [UInt8](repeating: 0, count: 16)
      guard c.decryptFinal(context, &rest, &finished) == 1 else { throw .notAuthentic }
      return Array(plain.prefix(Int(written))) + rest.prefix(Int(finished))
    }
  }

  /// SHA-256 of `bytes`.
  static func sha256(_ bytes: [UInt8]) throws(Failure) -> [UInt8] {
    let c = try functions()
    var digest = [UInt8](repeating: 0, count: 32)
    var length: UInt32 = 0
    guard c.digest(bytes, bytes.count, &digest, &length, c.sha256(), nil) == 1 else { throw .failed("hash") }
    return digest
  }
}
