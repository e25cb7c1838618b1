import Foundation
import TestSupport
import Testing

/// CalDAV PUTs of to-dos and events, with and without `If-Match`, raced against every command
/// that writes the same note: `vault done`, `vault task --priority`, `vault task --due`,
/// `vault add task` (into the note the to-do is in), `vault set` on that note, and `vault set` on
/// the event's note. Each race starts the two writers at once, one after the other, or in the
/// order that undid ticks (the phone read the object, the command wrote, then the phone sends).
/// Half the to-dos come back with notes (DESCRIPTION), written as the task's indented lines.
/// Every change acknowledged (a 2xx, an exit status 0) is in the files afterwards; a PUT with
/// `If-Match` that lost the race gets 412 and changes nothing. `VAULT_RACE_TRIALS` sets how
/// many races (120 here; 1,000 for the figure in docs/DEVELOPMENT.md).
@Suite struct CalDAVRacesEveryWriterTests {
  static let trials = ProcessInfo.processInfo.environment["VAULT_RACE_TRIALS"].flatMap { Int($0) } ?? 120
  static let writers = ["done", "priority", "due", "add", "set-note", "set-event"]

  static let script = """
    import json, os, subprocess, sys, threading, time, urllib.request, urllib.error
    base, vault, trials = sys.argv[1], sys.argv[2], int(sys.argv[3])
    writers = json.loads(sys.argv[4])
    folder = os.environ['VAULT_DIR']
    results = []
    def line_of(marker):
        with open(os.path.join(folder, 'Tasks.md'), encoding='utf-8') as handle:
            for number, line in enumerate(handle.read().split('\\n'), start=1):
                if marker in line: return number
        return 0
    for number in range(1, trials + 1):
        writer = writers[number % len(writers)]
        if_match = (number // len(writers)) % 2 == 1
        event = writer == 'set-event'
        url = base + ('/dav/calendars/events/raceevent%d.ics' % number if event
                      else '/dav/calendars/tasks/race%d.ics' % number)
        answer = urllib.request.urlopen(url, timeout=30)
        etag, body = answer.headers.get('ETag'), answer.read().decode()
        if event:
            changed = body.replace('SUMMARY:Race event %d' % number, 'SUMMARY:Race event %d renamed' % number)
        else:
            changed = body.replace('SUMMARY:Race task %d' % number, 'SUMMARY:Race task %d renamed' % number)
            # Half the phones also write notes under the task (DESCRIPTION).
            if number % 4 < 2:
                changed = changed.replace('END:VTODO', 'DESCRIPTION:Notes of race %d\\r\\nEND:VTODO' % number)
        assert changed != body, body
        place = 'Tasks.md:%d' % line_of('🆔 race%d ' % number)
        command = {
            'done': ['done', place], 'priority': ['task', place, '--priority', 'high'],
            'due': ['task', place, '--due', '2026-12-24'], 'add': ['add', 'task', 'Added by race %d' % number],
            'set-note': ['set', 'Tasks.md', 'raced%d' % number, 'yes'],
            'set-event': ['set', 'Events/Race event %d.md' % number, 'location', 'Room %d' % number],
        }[writer]
        outcome = {}
        def put():
            headers = {'Content-Type': 'text/calendar'}
            if if_match: headers['If-Match'] = etag
            request = urllib.request.Request(url, data=changed.encode(), method='PUT', headers=headers)
            try:
                outcome['put'] = urllib.request.urlopen(request, timeout=30).status
            except urllib.error.HTTPError as error:
                outcome['put'] = error.code
        def write():
            # As a person would: again when vault says the file changed while it edited.
            for attempt in range(5):
                ran = subprocess.run([vault] + command, capture_output=True, cwd=folder)
                outcome['write'] = ran.returncode
                outcome['said'] = ran.stderr.decode()[:300] + ran.stdout.decode()[:200]
                if ran.returncode == 0 or b'changed on disk' not in ran.stderr: break
                time.sleep(0.1 * (attempt + 1))
        order = number % 3
        if order == 0:
            write()
            put()
        else:
            threads = [threading.Thread(target=put), threading.Thread(target=write)]
            if order == 2: threads.reverse()
            [t.start() for t in threads]
            [t.join() for t in threads]
        results.append([number, writer, if_match, outcome['put'], outcome['write'], outcome['said']])
    print(json.dumps(results))
    """

  @Test func noAcknowledgedEditIsLostWhenPhonesAndCommandsWriteAtOnce() throws {
    let folder = try Fixture.copy("ExampleVault")
    let tasks = folder.appendingPathComponent("Tasks.md")
    let lines = (1...Self.trials).map { "- [ ] Race task \($0) 🆔 race\($0) 📅 2026-12-01\n" }.joined()
    try Data((try String(contentsOf: tasks, encoding: .utf8) + lines).utf8).write(to: tasks)
    for number in 1...Self.trials where Self.writers[number % Self.writers.count] == "set-event" {
      let note = "---\ntitle: Race event \(number)\nuid: raceevent\(number)\ndate: 2026-12-0\(number % 9 + 1)\n---\n"
      try Data(note.utf8).write(to: folder.appendingPathComponent("Events/Race event \(number).md"))
    }
    let server = try ServedVault.start(folder, environment: CalDAVClientTests.environment)
    defer { _ = server.stop() }
    let writers = String(decoding: try JSONSerialization.data(withJSONObject: Self.writers), as: UTF8.self)
    let output = try Oracle.run(
      "python3", ["-c", Self.script, server.base, CLI.executable.path, String(Self.trials), writers],
      environment: [
        "VAULT_DIR": folder.path, "VAULT_INDEX": folder.path + "-index.sqlite", "VAULT_TODAY": "2026-11-23",
        "XDG_STATE_HOME": folder.path + "-state",
      ])
    let rows = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[Any]])
    #expect(rows.count == Self.trials)
    let text = try String(contentsOf: tasks, encoding: .utf8)
    var lost: [String] = []
    var acknowledged = (puts: 0, writes: 0, refused: 0)
    for row in rows {
      let number = row[0] as? Int ?? 0
      let writer = row[1] as? String ?? ""
      let put = row[3] as? Int ?? 0
      let wrote = (row[4] as? Int ?? -1) == 0
      let said = row[5] as? String ?? ""
      if (200..<300).contains(put) { acknowledged.puts += 1 }
      if put == 412 { acknowledged.refused += 1 }
      if wrote { acknowledged.writes += 1 }
      #expect(
        (200..<300).contains(put) || (put == 412 && (row[2] as? Bool) == true),
        "race \(number) (\(writer)): PUT answered \(put)")
      if writer == "set-event" {
        let note = try String(
          contentsOf: folder.appendingPathComponent("Events/Race event \(number).md"), encoding: .utf8)
        if wrote && !note.contains("location: Room \(number)") { lost.append("race \(number): the location: \(note)") }
        if (200..<300).contains(put) && !note.contains("Race event \(number) renamed") {
          lost.append("race \(number): the new title (\(put)): \(note)")
        }
        continue
      }
      guard let line = text.split(separator: "\n").first(where: { $0.contains("🆔 race\(number) ") }) else {
        lost.append("race \(number): the line is gone")
        continue
      }
      if (200..<300).contains(put) && !line.contains("Race task \(number) renamed") {
        lost.append("race \(number) (\(writer)): the new title (\(put)): \(line)")
      }
      if (200..<300).contains(put), number % 4 < 2 {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let below = lines.firstIndex(of: line).map { lines.index(after: $0) }.flatMap {
          lines.indices.contains($0) ? lines[$0] : nil
        }
        if below?.trimmingCharacters(in: .whitespaces) != "Notes of race \(number)" {
          lost.append("race \(number) (\(writer)): the notes (\(put)): \(line) / \(below ?? "end")")
        }
      }
      guard wrote else {
        // Only the honest refusal of a file changed while the command edited it.
        #expect(said.contains("changed on disk"), "race \(number) (\(writer)): \(said)")
        continue
      }
      let landed: Bool
      switch writer {
      case "done": landed = line.hasPrefix("- [x]")
      case "priority": landed = line.contains("⏫")
      case "due": landed = line.contains("📅 2026-12-24")
      case "add": landed = text.contains("- [ ] Added by race \(number) ")
      default: landed = text.contains("raced\(number): \"yes\"\n")
      }
      if !landed { lost.append("race \(number) (\(writer)): the command's change: \(line); it said \(said)") }
    }
    print(
      "\(rows.count) races of CalDAV PUTs (half with If-Match) against \(Self.writers.joined(separator: ", ")): "
        + "\(acknowledged.puts) PUTs and \(acknowledged.writes) commands acknowledged, \(acknowledged.refused) PUTs "
        + "refused with 412; \(lost.count) acknowledged edits lost")
    #expect(lost.isEmpty, "\(lost)\n\(text)")
  }
}
