// `vault tasks --json` written by `JSONBytes`: the same bytes as the `Encodable` conformances
// in Model+Encodable.swift and TaskAttributes.swift, keys in sorted order. A key added there
// must be added here (`TaskJSONTests` fails until it is).

extension TaskListing {
  public func writeJSON(to out: inout JSONBytes) {
    out.openObject()
    out.key("attributes", first: true)
    attributes.writeJSON(to: &out)
    out.key("fullID")
    out.string(fullID)
    out.key("id")
    out.string(id)
    out.key("line")
    out.int(line)
    out.key("path")
    out.string(path)
    out.key("task")
    task.writeJSON(to: &out)
    out.key("title")
    out.string(title)
    out.closeObject()
  }
}

extension TaskAttributes {
  func writeJSON(to out: inout JSONBytes) {
    out.openObject()
    out.key("category", first: true)
    out.string(category)
    out.key("difficulty")
    out.int(difficulty)
    out.key("duration")
    out.int(duration)
    out.key("energy")
    out.string(energy?.rawValue)
    out.key("mood")
    out.int(mood)
    out.closeObject()
  }
}

extension TaskItem {
  func writeJSON(to out: inout JSONBytes) {
    out.openObject()
    out.key("blockLink", first: true)
    out.string(blockLink)
    out.key("byteRange")
    out.array([byteRange.lowerBound, byteRange.upperBound]) { $0.int($1) }
    out.key("cancelled")
    out.date(cancelled)
    out.key("created")
    out.date(created)
    out.key("dependsOn")
    out.array(dependsOn) { $0.string($1) }
    out.key("description")
    out.string(text)
    out.key("done")
    out.date(done)
    out.key("due")
    out.date(due)
    out.key("fields")
    out.array(fields) { out, field in
      out.openObject()
      out.key("column", first: true)
      out.int(field.column)
      out.key("key")
      out.string(field.key)
      out.key("line")
      out.int(field.line)
      out.key("value")
      out.string(field.value)
      out.closeObject()
    }
    out.key("format")
    out.string(format.rawValue)
    out.key("id")
    out.string(id)
    out.key("indentation")
    out.string(indentation)
    out.key("line")
    out.int(line)
    out.key("marker")
    out.string(marker)
    out.key("notes")
    out.string(notes)
    out.key("onCompletion")
    out.string(onCompletion)
    out.key("parentLine")
    out.int(parentLine)
    out.key("priority")
    out.string(priority.rawValue)
    out.key("recurrence")
    out.string(recurrence)
    out.key("scheduled")
    out.date(scheduled)
    out.key("scheduledIsInferred")
    out.bool(scheduledIsInferred)
    out.key("start")
    out.date(start)
    out.key("status")
    out.openObject()
    out.key("symbol", first: true)
    out.string(String(status.symbol))
    out.key("type")
    out.string(status.type.rawValue)
    out.closeObject()
    out.key("tags")
    out.array(tags) { $0.string($1) }
    out.closeObject()
  }
}
