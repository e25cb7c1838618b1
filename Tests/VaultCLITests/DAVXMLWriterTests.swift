import TestSupport
import Testing

@testable import VaultServer

/// The XML of CalDAV's answers, written as bytes: text escaped as XML 1.0 can hold it, names
/// with the prefixes the root declares, and what is written read back as it was.
@Suite struct DAVXMLWriterTests {
  @Test func textIsEscapedAndControlCharactersLeftOut() {
    var writer = DAVXMLWriter()
    writer.element(DAVNamespace.dav, "displayname", "Tom & Jerry <\"home\">\r\n\tend\u{1}\u{1F}, 日本語 é")
    #expect(
      writer.text.hasSuffix(
        "<d:displayname>Tom &amp; Jerry &lt;&quot;home&quot;&gt;&#13;\n\tend, 日本語 é</d:displayname>"))
    #expect(DAVXMLWriter.escape("plain-name@host.ics") == "plain-name@host.ics")
    #expect(DAVXMLWriter.escape("\"etag\"") == "&quot;etag&quot;")
  }

  @Test func namesTakeTheDeclaredPrefixesAndAnUnknownNamespaceIsDeclaredOnItsElement() {
    var writer = DAVXMLWriter()
    writer.open(DAVNamespace.dav, "multistatus", root: true)
    writer.empty(DAVNamespace.caldav, "calendar")
    writer.empty(DAVNamespace.calendarServer, "getctag")
    writer.element(DAVNamespace.apple, "calendar-color", "#FF0000FF")
    writer.element("urn:x-other&more", "thing", "1")
    writer.close(DAVNamespace.dav, "multistatus")
    #expect(
      writer.text == "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<d:multistatus" + DAVXMLWriter.declarations
        + "><c:calendar/><cs:getctag/><ic:calendar-color>#FF0000FF</ic:calendar-color>"
        + "<x:thing xmlns:x=\"urn:x-other&amp;more\">1</x:thing></d:multistatus>")
  }

  /// Random text of the characters XML treats apart, and of every UTF-8 length, read back by
  /// the server's own reader as it was written (less what XML cannot hold).
  @Test func whatIsWrittenReadsBackAsItWas() throws {
    let pool: [Character] = [
      "a", "Z", "0", " ", "&", "<", ">", "\"", "'", "\r", "\n", "\t", "\u{1}", "é", "日", "🙂", ";",
    ]
    var random = SeededRandom(seed: 5)
    for _ in 0..<200 {
      let text = String((0..<random.below(40)).map { _ in pool[random.below(pool.count)] })
      var writer = DAVXMLWriter()
      writer.open(DAVNamespace.dav, "prop", root: true)
      writer.element(DAVNamespace.dav, "displayname", text)
      writer.close(DAVNamespace.dav, "prop")
      let read = try DAVXMLReader.parse(writer.text)
      let kept = String(text.unicodeScalars.filter { $0.value >= 0x20 || $0 == "\r" || $0 == "\n" || $0 == "\t" })
      #expect(read.child(DAVNamespace.dav, "displayname")?.text == kept, "\(text.debugDescription)")
    }
  }
}
