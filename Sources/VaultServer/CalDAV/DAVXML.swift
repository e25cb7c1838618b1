/// The XML of WebDAV requests and answers. A request body is read by a small strict reader
/// rather than Foundation's XMLParser: WebDAV bodies are plain elements with namespaces, and
/// this reader takes no DOCTYPE, so no entity can be declared or expanded (no billion laughs,
/// no external entities), it stops at a nesting depth and a size, and the release binary stays
/// free of libxml2. Answers are written with every text escaped.
struct DAVElement: Hashable, Sendable {
  var namespace: String
  var name: String
  var children: [DAVElement] = []
  var text: String = ""
  var attributes: [String: String] = [:]

  func child(_ namespace: String, _ name: String) -> DAVElement? {
    children.first { $0.namespace == namespace && $0.name == name }
  }

  func children(_ namespace: String, _ name: String) -> [DAVElement] {
    children.filter { $0.namespace == namespace && $0.name == name }
  }

  func named(_ namespace: String, _ name: String) -> Bool { self.namespace == namespace && self.name == name }

  /// The first element with this name anywhere below, depth first.
  func descendant(_ namespace: String, _ name: String) -> DAVElement? {
    for child in children {
      if child.named(namespace, name) { return child }
      if let found = child.descendant(namespace, name) { return found }
    }
    return nil
  }
}

enum DAVNamespace {
  static let dav = "DAV:"
  static let caldav = "urn:ietf:params:xml:ns:caldav"
  static let calendarServer = "http://calendarserver.org/ns/"
  static let apple = "http://apple.com/ns/ical/"
}

/// Why a body is not XML vault reads.
struct DAVXMLError: Error, Equatable, CustomStringConvertible {
  var description: String
}

enum DAVXMLReader {
  static let maxDepth = 32
  static let maxElements = 20_000

  /// The document's root element.
  static func parse(_ text: String) throws(DAVXMLError) -> DAVElement {
    var reader = Reader(bytes: Array(text.utf8))
    return try reader.document()
  }

  private struct Open {
    var element: DAVElement
    var qualified: String
    var scopes: [String: String]
  }

  private struct Reader {
    let bytes: [UInt8]
    var at = 0
    var elements = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func document() throws(DAVXMLError) -> DAVElement {
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { at = 3 }
      var stack: [Open] = []
      var root: DAVElement?
      while at < bytes.count {
        if bytes[at] == UInt8(ascii: "<") {
          if starts("<?") {
            try skip(past: "?>")
          } else if starts("<!--") {
            try skip(past: "-->")
          } else if starts("<![CDATA[") {
            let start = at + 9
            try skip(past: "]]>")
            guard !stack.isEmpty else { throw DAVXMLError(description: "text outside the root element") }
            stack[stack.count - 1].element.text += String(decoding: bytes[start..<(at - 3)], as: UTF8.self)
          } else if starts("<!") {
            throw DAVXMLError(description: "a DOCTYPE or declaration is not accepted")
          } else if starts("</") {
            at += 2
            let name = readName()
            skipSpace()
            guard at < bytes.count, bytes[at] == UInt8(ascii: ">") else {
              throw DAVXMLError(description: "a closing tag is not closed")
            }
            at += 1
            guard let open = stack.popLast(), open.qualified == name else {
              throw DAVXMLError(description: "</\(name)> closes an element that is not open")
            }
            try attach(open.element, to: &stack, root: &root)
          } else {
            let (open, closed) = try startTag(
              scopes: stack.last?.scopes ?? ["xml": "http://www.w3.org/XML/1998/namespace"])
            elements += 1
            guard elements <= maxElements else { throw DAVXMLError(description: "more than \(maxElements) elements") }
            if closed {
              try attach(open.element, to: &stack, root: &root)
            } else {
              guard stack.count < maxDepth else {
                throw DAVXMLError(description: "elements nested deeper than \(maxDepth)")
              }
              stack.append(open)
            }
          }
        } else {
          let start = at
          while at < bytes.count, bytes[at] != UInt8(ascii: "<") { at += 1 }
          let raw = String(decoding: bytes[start..<at], as: UTF8.self)
          if stack.isEmpty {
            guard raw.allSatisfy(\.isWhitespace) else {
              throw DAVXMLError(description: "text outside the root element")
            }
          } else {
            stack[stack.count - 1].element.text += try unescape(raw)
          }
        }
      }
      guard stack.isEmpty else { throw DAVXMLError(description: "<\(stack[stack.count - 1].qualified)> is not closed") }
      guard let root else { throw DAVXMLError(description: "the body holds no XML element") }
      return root
    }

    /// A finished element: a child of the open one, or the root.
    func attach(_ element: DAVElement, to stack: inout [Open], root: inout DAVElement?) throws(DAVXMLError) {
      if stack.isEmpty {
        guard root == nil else { throw DAVXMLError(description: "more than one root element") }
        root = element
      } else {
        stack[stack.count - 1].element.children.append(element)
      }
    }

    func starts(_ prefix: String) -> Bool {
      let prefix = Array(prefix.utf8)
      return at + prefix.count <= bytes.count && Array(bytes[at..<(at + prefix.count)]) == prefix
    }

    mutating func skip(past end: String) throws(DAVXMLError) {
      let end = Array(end.utf8)
      while at + end.count <= bytes.count {
        if Array(bytes[at..<(at + end.count)]) == end {
          at += end.count
          return
        }
        at += 1
      }
      throw DAVXMLError(description: "the document ends inside a comment, CDATA or declaration")
    }

    mutating func skipSpace() {
      while at < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { at += 1 }
    }

    mutating func readName() -> String {
      let start = at
      while at < bytes.count,
        ![0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">"), UInt8(ascii: "/"), UInt8(ascii: "=")]
          .contains(bytes[at])
      {
        at += 1
      }
      return String(decoding: bytes[start..<at], as: UTF8.self)
    }

    mutating func startTag(scopes: [String: String]) throws(DAVXMLError) -> (Open, closed: Bool) {
      at += 1
      let qualified = readName()
      guard !qualified.isEmpty else { throw DAVXMLError(description: "a tag without a name") }
      var attributes: [(String, String)] = []
      var closed = false
      while true {
        skipSpace()
        guard at < bytes.count else { throw DAVXMLError(description: "<\(qualified) is not closed") }
        if bytes[at] == UInt8(ascii: ">") {
          at += 1
          break
        }
        if starts("/>") {
          at += 2
          closed = true
          break
        }
        let name = readName()
        skipSpace()
        guard !name.isEmpty, at < bytes.count, bytes[at] == UInt8(ascii: "=") else {
          throw DAVXMLError(description: "an attribute of <\(qualified)> has no value")
        }
        at += 1
        skipSpace()
        guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") || bytes[at] == UInt8(ascii: "'") else {
          throw DAVXMLError(description: "an attribute of <\(qualified)> is not quoted")
        }
        let quote = bytes[at]
        at += 1
        let start = at
        while at < bytes.count, bytes[at] != quote { at += 1 }
        guard at < bytes.count else { throw DAVXMLError(description: "an attribute of <\(qualified)> is not closed") }
        attributes.append((name, try unescape(String(decoding: bytes[start..<at], as: UTF8.self))))
        at += 1
      }
      var scopes = scopes
      for (name, value) in attributes {
        if name == "xmlns" { scopes[""] = value }
        if name.hasPrefix("xmlns:") { scopes[String(name.dropFirst(6))] = value }
      }
      let parts = qualified.split(separator: ":", maxSplits: 1)
      let (prefix, local) = parts.count == 2 ? (String(parts[0]), String(parts[1])) : ("", qualified)
      guard let namespace = scopes[prefix] ?? (prefix.isEmpty ? "" : nil) else {
        throw DAVXMLError(description: "the prefix '\(prefix)' of <\(qualified)> is not declared")
      }
      var element = DAVElement(namespace: namespace, name: local)
      for (name, value) in attributes where !name.hasPrefix("xmlns") { element.attributes[name] = value }
      return (Open(element: element, qualified: qualified, scopes: scopes), closed)
    }

    func unescape(_ text: String) throws(DAVXMLError) -> String {
      guard text.contains("&") else { return text }
      var result = ""
      var rest = Substring(text)
      while let amp = rest.firstIndex(of: "&") {
        result += rest[..<amp]
        guard let semi = rest[amp...].firstIndex(of: ";"), rest.distance(from: amp, to: semi) <= 10 else {
          throw DAVXMLError(description: "a bare '&' in text")
        }
        let name = rest[rest.index(after: amp)..<semi]
        switch name {
        case "lt": result += "<"
        case "gt": result += ">"
        case "amp": result += "&"
        case "quot": result += "\""
        case "apos": result += "'"
        default:
          var code: UInt32?
          if name.hasPrefix("#x") {
            code = UInt32(name.dropFirst(2), radix: 16)
          } else if name.hasPrefix("#") {
            code = UInt32(name.dropFirst(), radix: 10)
          }
          guard let code, let scalar = Unicode.Scalar(code) else {
            throw DAVXMLError(description: "the entity '&\(name);' is not one of XML's own")
          }
          result.unicodeScalars.append(scalar)
        }
        rest = rest[rest.index(after: semi)...]
      }
      return result + rest
    }
  }
}

/// Writes a `multistatus` answer, and the other small documents, as UTF-8 bytes: a listing of
/// 8,000 events is 1.8 MB of XML, and a `String` grown a piece at a time (with a dictionary
/// lookup and an interpolation per tag) spent most of such a PROPFIND building it.
struct DAVXMLWriter {
  private(set) var bytes: [UInt8] = Array("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n".utf8)

  var text: String { String(decoding: bytes, as: UTF8.self) }

  static let declarations =
    " xmlns:d=\"DAV:\" xmlns:c=\"urn:ietf:params:xml:ns:caldav\" xmlns:cs=\"http://calendarserver.org/ns/\""
    + " xmlns:ic=\"http://apple.com/ns/ical/\""

  /// The prefix `declarations` gives a namespace, nil for one it does not declare.
  static func prefix(_ namespace: String) -> String? {
    switch namespace {
    case DAVNamespace.dav: "d"
    case DAVNamespace.caldav: "c"
    case DAVNamespace.calendarServer: "cs"
    case DAVNamespace.apple: "ic"
    default: nil
    }
  }

  /// Whether a byte of UTF-8 needs a character reference or is left out (XML 1.0 cannot hold
  /// the control characters other than tab and line feed).
  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22
  }

  /// Appends text with `&`, `<`, `>`, `"` and CR as references, the other control characters
  /// left out. Bytes of a character beyond ASCII are never below 0x80, so bytes are enough; the
  /// runs between are copied whole.
  private static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
    var text = text
    text.withUTF8 { utf8 in
      var run = 0
      for (at, byte) in utf8.enumerated() where needsEscape(byte) {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<at]))
        run = at + 1
        switch byte {
        case 0x26: bytes.append(contentsOf: "&amp;".utf8)
        case 0x3C: bytes.append(contentsOf: "&lt;".utf8)
        case 0x3E: bytes.append(contentsOf: "&gt;".utf8)
        case 0x22: bytes.append(contentsOf: "&quot;".utf8)
        case 0x0D: bytes.append(contentsOf: "&#13;".utf8)
        case 0x0A, 0x09: bytes.append(byte)
        default: continue
        }
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run...]))
    }
  }

  /// Text as an XML value holds it (what `appendEscaped` writes), for values made apart.
  static func escape(_ text: String) -> String {
    // Most values (names, hrefs) need nothing: they are returned as they are.
    guard text.utf8.contains(where: needsEscape) else { return text }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count + 16)
    appendEscaped(text, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `d:href` for a namespace and name; an unknown namespace is declared on the element itself.
  static func tag(_ namespace: String, _ name: String) -> (open: String, close: String) {
    if let prefix = prefix(namespace) { return ("\(prefix):\(name)", "\(prefix):\(name)") }
    return ("x:\(name) xmlns:x=\"\(escape(namespace))\"", "x:\(name)")
  }

  /// `prefix:name`, and for a namespace without a prefix ` xmlns:x="…"` when `declaring`.
  private mutating func name(_ namespace: String, _ name: String, declaring: Bool) {
    if let prefix = Self.prefix(namespace) {
      bytes.append(contentsOf: prefix.utf8)
      bytes.append(UInt8(ascii: ":"))
      bytes.append(contentsOf: name.utf8)
    } else {
      bytes.append(contentsOf: "x:".utf8)
      bytes.append(contentsOf: name.utf8)
      guard declaring else { return }
      bytes.append(contentsOf: " xmlns:x=\"".utf8)
      Self.appendEscaped(namespace, to: &bytes)
      bytes.append(UInt8(ascii: "\""))
    }
  }

  mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

  mutating func open(_ namespace: String, _ name: String, root: Bool = false) {
    bytes.append(UInt8(ascii: "<"))
    self.name(namespace, name, declaring: true)
    if root { bytes.append(contentsOf: Self.declarations.utf8) }
    bytes.append(UInt8(ascii: ">"))
  }

  mutating func close(_ namespace: String, _ name: String) {
    bytes.append(contentsOf: "</".utf8)
    self.name(namespace, name, declaring: false)
    bytes.append(UInt8(ascii: ">"))
  }

  mutating func empty(_ namespace: String, _ name: String) {
    bytes.append(UInt8(ascii: "<"))
    self.name(namespace, name, declaring: true)
    bytes.append(contentsOf: "/>".utf8)
  }

  mutating func element(_ namespace: String, _ name: String, _ value: String) {
    open(namespace, name)
    Self.appendEscaped(value, to: &bytes)
    close(namespace, name)
  }

  /// `<d:error><PRECONDITION/></d:error>`: why a request was refused.
  /// `href`: the resource the condition is about (no-uid-conflict names the object that has
  /// the UID, RFC 4791 5.3.2.1).
  static func error(_ namespace: String, _ condition: String, href: String? = nil, reason: String) -> String {
    var writer = DAVXMLWriter()
    writer.open(DAVNamespace.dav, "error", root: true)
    if let href {
      writer.open(namespace, condition)
      writer.element(DAVNamespace.dav, "href", href)
      writer.close(namespace, condition)
    } else {
      writer.empty(namespace, condition)
    }
    writer.element("http://vault.invalid/ns/", "reason", reason)
    writer.close(DAVNamespace.dav, "error")
    return writer.text
  }
}
