import Foundation

/// The passwords of `vault account`, kept only as PBKDF2-HMAC-SHA256 over a random 16-byte salt
/// with 600,000 rounds (OWASP's figure for this function in 2023): about a quarter of a second
/// to check one, so a stolen settings file is slow to guess from. Written as
/// `pbkdf2-sha256$600000$SALT$KEY` (base64), the form Django and passlib use, so the rounds can
/// grow later and older hashes still check.
public enum PasswordHash {
  public static let rounds = 600_000
  static let scheme = "pbkdf2-sha256"
  static let saltSize = 16
  static let keySize = 32

  /// The stored form of `password`, with a new salt.
  public static func make(_ password: String) throws -> String {
    var generator = SystemRandomNumberGenerator()
    let salt = (0..<saltSize).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let key = try derive(password, salt: salt, rounds: rounds)
    return [scheme, String(rounds), Data(salt).base64EncodedString(), Data(key).base64EncodedString()]
      .joined(separator: "$")
  }

  /// Whether `password` is the one `stored` was made from; false for a stored form this does not
  /// read (so a damaged file lets nobody in).
  public static func verify(_ password: String, against stored: String) -> Bool {
    let parts = stored.split(separator: "$", omittingEmptySubsequences: false)
    guard parts.count == 4, parts[0] == scheme, let rounds = Int(parts[1]), (1_000...10_000_000).contains(rounds),
      let salt = Data(base64Encoded: String(parts[2])), let expected = Data(base64Encoded: String(parts[3])),
      expected.count == keySize, let key = try? derive(password, salt: Array(salt), rounds: rounds)
    else { return false }
    // Every byte compared, wherever they differ.
    return zip(key, expected).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
  }

  static func derive(_ password: String, salt: [UInt8], rounds: Int) throws -> [UInt8] {
    try LibCrypto.pbkdf2(Array(password.utf8), salt: salt, rounds: rounds, digest: .sha256, length: keySize)
  }

  /// A new password to give a person: five groups of four lowercase letters and digits, without
  /// the ones read alike (0/o, 1/l/i): about 100 bits, easy to type on a phone.
  public static func generate() -> String {
    let alphabet = Array("abcdefghjkmnpqrstuvwxyz23456789")
    var generator = SystemRandomNumberGenerator()
    return (0..<5).map { _ in
      String((0..<4).map { _ in alphabet[Int(generator.next(upperBound: UInt32(alphabet.count)))] })
    }.joined(separator: "-")
  }
}

extension PasswordHash {
  /// SHA-256 of `text` as hex: how a server remembers a password it checked already, without
  /// keeping the password.
  public static func fingerprint(_ text: String) throws -> String {
    try LibCrypto.sha256(Array(text.utf8)).map { String(format: "%02x", $0) }.joined()
  }

  /// Throws, saying what to install, when the passwords cannot be checked here (no OpenSSL 3
  /// libcrypto to open).
  public static func checkAvailable() throws {
    _ = try LibCrypto.functions()
  }
}
