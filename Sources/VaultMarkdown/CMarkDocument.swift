import CCMark
import CMarkArena

/// What vault needs of cmark's parse of a Markdown body, copied into Swift values: the leaf
/// blocks that hold prose (paragraphs, headings) with the spans that are not prose (code,
/// HTML, link destinations), and the list items. No cmark pointer leaves this file.
///
/// Lines are 1-based lines of the body; columns are 1-based byte columns, as cmark reports.
struct CMarkDocument {
  struct Span: Equatable {
    var startLine: Int
    var startColumn: Int
    var endLine: Int
    /// Inclusive.
    var endColumn: Int
  }

  struct Block {
    enum Kind: Equatable {
      case paragraph
      case heading(level: Int)
    }

    var kind: Kind
    var span: Span
    /// Inline text with soft and hard breaks as spaces, for the blocks whose text a note uses:
    /// headings, the first paragraph of a list item, the first paragraph, and the paragraphs
    /// outside lists up to the first that surely makes a summary. Empty for the others: making
    /// a `String` of every text node of every paragraph cost 4% of the parse.
    var text: String
    /// Code spans, inline HTML, link destinations, images: never scanned for tags or links.
    var masked: [Span]
    /// Markdown links: destination, link text, where.
    var links: [(destination: String, text: String, span: Span)]
    /// The list item this block is the first child of, as an index into `items`.
    var itemIndex: Int?
    /// Whether the block stands inside a list item at any depth.
    var inListItem: Bool
  }

  struct ListItem {
    var span: Span
    /// 0 for a top-level item.
    var depth: Int
    /// The enclosing item, as an index into `items`.
    var parent: Int?
    /// The item's first paragraph, as an index into `blocks`.
    var firstParagraph: Int?
  }

  private(set) var blocks: [Block] = []
  private(set) var items: [ListItem] = []

  /// `arena`: cmark allocates from this thread's arena (`CMarkArena`), given back at once when
  /// the tree has been read; without it, from `malloc`, node by node (what the tests compare
  /// the arena with). `lines`: the body's line count, from which the blocks and items get
  /// their room at once instead of growing their arrays block by block.
  init(body: ArraySlice<UInt8>, lines: Int = 0, arena: Bool = true) {
    blocks.reserveCapacity(lines / 2)
    items.reserveCapacity(lines / 2)
    let memory = arena ? vault_cmark_arena() : cmark_get_default_mem_allocator()
    guard let parser = cmark_parser_new_with_mem(CMARK_OPT_SOURCEPOS, memory) else { return }
    body.withUnsafeBufferPointer { buffer in
      if let base = buffer.baseAddress {
        base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { cmark_parser_feed(parser, $0, buffer.count) }
      }
    }
    let root = cmark_parser_finish(parser)
    cmark_parser_free(parser)
    if let root { walk(root) }
    if arena {
      vault_cmark_arena_reset()
    } else if let root {
      cmark_node_free(root)
    }
  }

  private mutating func walk(_ root: OpaquePointer) {
    guard let iterator = cmark_iter_new(root) else { return }
    defer { cmark_iter_free(iterator) }
    var itemStack: [Int] = []
    // The block being filled, and the link being read inside it.
    var current: Block?
    var linkStack: [(destination: String, start: Span, text: String)] = []
    var imageDepth = 0
    // Whether `current` keeps its text (see `Block.text`), and whether paragraphs outside
    // lists still do: until one of them surely gives the note's summary.
    var keepsText = false
    var summaryFound = false
    var sawParagraph = false

    while true {
      let event = cmark_iter_next(iterator)
      if event == CMARK_EVENT_DONE { break }
      guard let node = cmark_iter_get_node(iterator) else { continue }
      let type = cmark_node_get_type(node)
      let entering = event == CMARK_EVENT_ENTER

      switch type {
      case CMARK_NODE_ITEM:
        if entering {
          items.append(
            ListItem(
              span: Self.span(node), depth: itemStack.count, parent: itemStack.last,
              firstParagraph: nil))
          itemStack.append(items.count - 1)
        } else {
          itemStack.removeLast()
        }
      case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING:
        if entering {
          let kind: Block.Kind =
            type == CMARK_NODE_HEADING
            ? .heading(level: Int(cmark_node_get_heading_level(node))) : .paragraph
          var block = Block(
            kind: kind, span: Self.span(node), text: "", masked: [], links: [], itemIndex: nil,
            inListItem: !itemStack.isEmpty)
          // The first child of an item, starting on the item's line, carries its checkbox.
          if let item = itemStack.last, items[item].firstParagraph == nil,
            cmark_node_parent(node).map({ cmark_node_first_child($0) == node }) ?? false
          {
            block.itemIndex = item
            items[item].firstParagraph = blocks.count
          }
          keepsText =
            kind != .paragraph || block.itemIndex != nil || !sawParagraph || (!block.inListItem && !summaryFound)
          if kind == .paragraph { sawParagraph = true }
          current = block
        } else if let block = current {
          if block.kind == .paragraph, !block.inListItem, Self.surelySummarizes(block.text) { summaryFound = true }
          blocks.append(block)
          current = nil
          keepsText = false
        }
      case CMARK_NODE_TEXT:
        guard keepsText || !linkStack.isEmpty else { break }
        let literal = Self.literal(node)
        if keepsText { current?.text += literal }
        if !linkStack.isEmpty { linkStack[linkStack.count - 1].text += literal }
      case CMARK_NODE_CODE:
        if keepsText { current?.text += Self.literal(node) }
        current?.masked.append(Self.span(node))
      case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
        if keepsText { current?.text += " " }
      case CMARK_NODE_HTML_INLINE:
        current?.masked.append(Self.span(node))
      case CMARK_NODE_IMAGE:
        if entering {
          imageDepth += 1
          current?.masked.append(Self.span(node))
        } else {
          imageDepth -= 1
        }
      case CMARK_NODE_LINK:
        if entering {
          let destination = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
          linkStack.append((destination, Self.span(node), ""))
        } else if let link = linkStack.popLast() {
          // The destination part, after the link text, is not prose.
          let whole = link.start
          let textEnd = Self.lastChildEnd(node)
          var mask = whole
          if let textEnd {
            mask.startLine = textEnd.line
            mask.startColumn = textEnd.column + 1
          }
          let isAutolink = link.text == link.destination || "mailto:" + link.text == link.destination
          current?.masked.append(isAutolink ? whole : mask)
          if imageDepth == 0 {
            current?.links.append((link.destination, link.text, whole))
          }
        }
      default:
        break
      }
    }
  }

  private static func span(_ node: OpaquePointer) -> Span {
    Span(
      startLine: Int(cmark_node_get_start_line(node)),
      startColumn: Int(cmark_node_get_start_column(node)),
      endLine: Int(cmark_node_get_end_line(node)),
      endColumn: Int(cmark_node_get_end_column(node)))
  }

  /// Whether a paragraph's text certainly gives a summary that is not empty: it has a letter or
  /// a digit and no `[[` (a wikilink's text may be dropped from the summary, as `[[Note|]]`'s).
  static func surelySummarizes(_ text: String) -> Bool {
    var sawAlphanumeric = false
    var previous: UInt8 = 0
    for byte in text.utf8 {
      if byte == UInt8(ascii: "["), previous == UInt8(ascii: "[") { return false }
      if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
      {
        sawAlphanumeric = true
      }
      previous = byte
    }
    return sawAlphanumeric
  }

  private static func literal(_ node: OpaquePointer) -> String {
    cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
  }

  /// Where the last child of a node that has a source position ends.
  private static func lastChildEnd(_ node: OpaquePointer) -> (line: Int, column: Int)? {
    var child = cmark_node_last_child(node)
    while let current = child {
      let line = Int(cmark_node_get_end_line(current))
      if line > 0 { return (line, Int(cmark_node_get_end_column(current))) }
      child = cmark_node_previous(current)
    }
    return nil
  }
}
