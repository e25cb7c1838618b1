import Foundation

/// Notes encrypted as Obsidian's Meld Encrypt plugin encrypts them (meld-cp/obsidian-encrypt,
/// `CryptoHelper2304`, its version 2.0): PBKDF2 with SHA-512 and 210,000 rounds over a random
/// 16-byte salt gives an AES-256-GCM key; the text's UTF-8 is sealed with a random 16-byte IV;
/// the IV, the salt and the sealed bytes (with GCM's tag) are base64. A whole note is a `.mdenc`
/// file holding `{"version": "2.0", "hint": …, "encodedData": …}`; a part of a note is
/// `%%🔐β 💡hint💡BASE64 🔐%%` in place (docs/FORMAT.md, "Encrypted notes").
public enum MeldEncrypt {
  public static let rounds = 210_000
  static let vectorSize = 16
  static let saltSize = 16
  /// The plugin's markers of a part of a note: the default (β, in a comment), and the older
  /// ones it still reads, most specific first (its `_PREFIXES`, `_SUFFIXES`).
  public static let prefix = "%%🔐β "
  public static let prefixes = ["%%🔐β ", "🔐β ", "%%🔐α ", "🔐α ", "%%🔐 ", "🔐 "]
  public static let suffix = " 🔐%%"
  public static let suffixes = [" 🔐%%", " 🔐"]
  public static let hintMark = "💡"
  /// The file extension of a whole encrypted note.
  public static let fileExtension = "mdenc"

  public enum Failure: Error, Equatable, CustomStringConvertible {
    case wrongPassword
    case notEncrypted(String)
    case olderVersion(String)
    /// libcrypto could not be opened (`LibCrypto.Failure.missing`).
    case unavailable(String)

    public var description: String {
      switch self {
      case .wrongPassword: "the password does not open it (or it was changed since it was encrypted)"
      case .notEncrypted(let why): why
      case .unavailable(let why): why
      case .olderVersion(let version):
        "it was encrypted by an older version of Meld Encrypt (\(version)): open it in Obsidian and encrypt it again"
      }
    }
  }

  static func key(_ password: String, salt: [UInt8]) throws -> [UInt8] {
    try LibCrypto.pbkdf2(Array(password.utf8), salt: salt, rounds: rounds, digest: .sha512, length: 32)
  }

  /// The text sealed with the password, as base64 (`encryptToBase64`).
  public static func encrypt(_ text: String, password: String) throws -> String {
    var generator = SystemRandomNumberGenerator()
    let salt = (0..<saltSize).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let vector = (0..<vectorSize).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let (sealed, tag) = try LibCrypto.sealAESGCM(Array(text.utf8), key: try key(password, salt: salt), vector: vector)
    return Data(vector + salt + sealed + tag).base64EncodedString()
  }

  /// The text of base64 sealed with the password (`decryptFromBase64`).
  public static func decrypt(_ base64: String, password: String) -> Result<String, Failure> {
    guard let bytes = Data(base64Encoded: base64.trimmingCharacters(in: .whitespacesAndNewlines)).map(Array.init),
      bytes.count >= vectorSize + saltSize + 16
    else { return .failure(.notEncrypted("its encrypted text is not base64 of the plugin's form")) }
    let vector = Array(bytes[0..<vectorSize])
    let salt = Array(bytes[vectorSize..<(vectorSize + saltSize)])
    let sealed = Array(bytes[(vectorSize + saltSize)...])
    do {
      let plain = try LibCrypto.openAESGCM(
        Array(sealed.dropLast(16)), tag: Array(sealed.suffix(16)), key: try key(password, salt: salt), vector: vector)
      guard let text = String(bytes: plain, encoding: .utf8) else { return .failure(.wrongPassword) }
      return .success(text)
    } catch let failure as LibCrypto.Failure {
      if case .missing = failure { return .failure(.unavailable(failure.description)) }
      return .failure(.wrongPassword)
    } catch {
      return .failure(.wrongPassword)
    }
  }

  // MARK: - A whole note (`.mdenc`)

  /// A `.mdenc` file's text, as the plugin writes it (`JSON.stringify(data, null, 2)`).
  public static func fileText(_ text: String, password: String, hint: String = "") throws -> String {
    let encoded = try encrypt(text, password: password)
    func json(_ value: String) -> String {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.withoutEscapingSlashes]
      return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }
    return "{\n  \"version\": \"2.0\",\n  \"hint\": \(json(hint)),\n  \"encodedData\": \(json(encoded))\n}"
  }

  /// What a `.mdenc` file holds: its version, hint and encrypted text.
  public struct FileData: Decodable, Sendable {
    public var version: String
    public var hint: String?
    public var encodedData: String
  }

  public static func fileData(_ text: String) -> FileData? {
    try? JSONDecoder().decode(FileData.self, from: Data(text.utf8))
  }

  /// The note a `.mdenc` file holds.
  public static func decryptFile(_ text: String, password: String) -> Result<String, Failure> {
    guard let data = fileData(text) else {
      return .failure(.notEncrypted("it is not a Meld Encrypt file ({\"version\", \"hint\", \"encodedData\"})"))
    }
    guard data.version == "2.0" else { return .failure(.olderVersion("file version \(data.version)")) }
    if data.encodedData.isEmpty { return .success("") }
    return decrypt(data.encodedData, password: password)
  }

  // MARK: - A part of a note

  /// A part of a note, encrypted in place: `%%🔐β 💡hint💡BASE64 🔐%%`.
  public static func inline(_ text: String, password: String, hint: String = "") throws -> String {
    let hinted = hint.isEmpty ? "" : hintMark + hint + hintMark
    return prefix + hinted + (try encrypt(text, password: password)) + suffix
  }

  /// The encrypted parts of a text, in order: where each is, and what is inside its markers.
  public struct Part: Sendable, Equatable {
    public var range: Range<String.Index>
    public var version: Int
    public var hint: String
    public var base64: String
  }

  public static func parts(in text: String) -> [Part] {
    var found: [Part] = []
    var searchFrom = text.startIndex
    while searchFrom < text.endIndex {
      // The earliest marker from here, the longest at a place (the plugin's order).
      var best: (Range<String.Index>, String)?
      for marker in prefixes {
        guard let range = text.range(of: marker, range: searchFrom..<text.endIndex) else { continue }
        if let current = best, current.0.lowerBound <= range.lowerBound { continue }
        best = (range, marker)
      }
      guard let (start, marker) = best else { break }
      // Its end: the nearest suffix on the same line.
      let lineEnd = text[start.upperBound...].firstIndex(of: "\n") ?? text.endIndex
      var end: Range<String.Index>?
      for candidate in suffixes {
        guard let range = text.range(of: candidate, range: start.upperBound..<lineEnd) else { continue }
        if let current = end,
          current.lowerBound < range.lowerBound
            || (current.lowerBound == range.lowerBound && current.upperBound >= range.upperBound)
        {
          continue
        }
        end = range
      }
      guard let end else {
        searchFrom = start.upperBound
        continue
      }
      var content = String(text[start.upperBound..<end.lowerBound])
      var hint = ""
      if content.hasPrefix(hintMark), let close = content.dropFirst(hintMark.count).range(of: hintMark) {
        hint = String(content[content.index(content.startIndex, offsetBy: hintMark.count)..<close.lowerBound])
        content = String(content[close.upperBound...])
      }
      let version = marker.contains("β") ? 2 : marker.contains("α") ? 1 : 0
      found.append(Part(range: start.lowerBound..<end.upperBound, version: version, hint: hint, base64: content))
      searchFrom = end.upperBound
    }
    return found
  }

  /// The text with each encrypted part opened; the parts that could not be, and why.
  public static func decryptParts(
    in text: String, password: String
  ) -> (text: String, opened: Int, failures: [(Part, Failure)]) {
    var result = ""
    var position = text.startIndex
    var opened = 0
    var failures: [(Part, Failure)] = []
    for part in parts(in: text) {
      result += text[position..<part.range.lowerBound]
      position = part.range.upperBound
      guard part.version == 2 else {
        failures.append((part, .olderVersion(part.version == 1 ? "α" : "the first")))
        result += text[part.range]
        continue
      }
      switch decrypt(part.base64, password: password) {
      case .success(let plain):
        result += plain
        opened += 1
      case .failure(let failure):
        failures.append((part, failure))
        result += text[part.range]
      }
    }
    result += text[position...]
    return (result, opened, failures)
  }
}
