import Foundation
import TestSupport
import Testing

/// A to-do sent back by a phone without `If-Match` while `vault done` ticks the same task: both
/// acknowledged changes land. The PUT changes only what its client changed from the to-do it
/// was given (its title), never the tick it did not know of; each race is run with the two
/// writers started at once, in many trials.
@Suite struct CalDAVTaskRaceTests {
  static let trials = 30

  @Test func aToDoPutWithoutIfMatchNeverUndoesAConcurrentDone() throws {
    let folder = try Fixture.copy("ExampleVault")
    let tasks = folder.appendingPathComponent("Tasks.md")
    let lines = (1...Self.trials).map { "- [ ] Race task \($0) 🆔 race\($0)\n" }.joined()
    let before = try String(contentsOf: tasks, encoding: .utf8)
    try Data((before + lines).utf8).write(to: tasks)
    // `vault done` names each task by its place, which neither writer changes.
    let firstLine = before.split(separator: "\n", omittingEmptySubsequences: false).count
    let server = try ServedVault.start(folder, environment: CalDAVClientTests.environment)
    defer { _ = server.stop() }
    let script = """
      import json, os, subprocess, sys, threading, time, urllib.request, urllib.error
      base, vault, trials, first = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
      results = []
      for number in range(1, trials + 1):
          url = base + '/dav/calendars/tasks/race%d.ics' % number
          body = urllib.request.urlopen(url, timeout=30).read().decode()
          changed = body.replace('SUMMARY:Race task %d' % number, 'SUMMARY:Race task %d renamed' % number)
          outcome = {}
          def put():
              request = urllib.request.Request(url, data=changed.encode(), method='PUT',
                  headers={'Content-Type': 'text/calendar'})
              try:
                  outcome['put'] = urllib.request.urlopen(request, timeout=30).status
              except urllib.error.HTTPError as error:
                  outcome['put'] = error.code
          def done():
              # As a person would: again when vault says the file changed while it edited.
              for attempt in range(5):
                  ran = subprocess.run([vault, 'done', 'Tasks.md:%d' % (first + number - 1)],
                      capture_output=True, cwd=os.environ['VAULT_DIR'])
                  outcome['done'] = ran.returncode
                  outcome['said'] = ran.stderr.decode()[:300]
                  if ran.returncode == 0 or b'changed on disk' not in ran.stderr: break
                  time.sleep(0.1 * (attempt + 1))
          if number % 3 == 0:
              # The order that undid the tick: the phone read the to-do, the task was ticked,
              # then the phone sends its (renamed) copy.
              done()
              put()
          else:
              threads = [threading.Thread(target=put), threading.Thread(target=done)]
              if number % 2: threads.reverse()
              [t.start() for t in threads]
              [t.join() for t in threads]
          results.append([number, outcome['put'], outcome['done'], outcome['said']])
      print(json.dumps(results))
      """
    let output = try Oracle.run(
      "python3", ["-c", script, server.base, CLI.executable.path, String(Self.trials), String(firstLine)],
      environment: [
        "VAULT_DIR": folder.path, "VAULT_INDEX": folder.path + "-index.sqlite", "VAULT_TODAY": "2026-11-23",
      ])
    let rows = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[Any]])
    let results = rows.map { [$0[0] as? Int ?? 0, $0[1] as? Int ?? 0, $0[2] as? Int ?? -1] }
    let refusals = Set(rows.compactMap { ($0[2] as? Int) == 0 ? nil : $0[3] as? String })
    #expect(results.count == Self.trials)
    let text = try String(contentsOf: tasks, encoding: .utf8)
    var lost: [String] = []
    for result in results {
      let (number, put, done) = (result[0], result[1], result[2])
      guard let line = text.split(separator: "\n").first(where: { $0.contains("🆔 race\(number)") }) else {
        lost.append("race\(number): the line is gone")
        continue
      }
      if done == 0 && !line.hasPrefix("- [x]") { lost.append("race\(number): the tick was undone: \(line)") }
      if (200..<300).contains(put) && !line.contains("Race task \(number) renamed") {
        lost.append("race\(number): the renaming (\(put)) was lost: \(line)")
      }
    }
    let ticked = results.filter { $0[2] == 0 }.count
    let renamed = results.filter { (200..<300).contains($0[1]) }.count
    print(
      "\(results.count) races of a to-do PUT without If-Match against vault done (\(ticked) ticked, \(renamed) "
        + "renamed): \(lost.count) acknowledged edits lost")
    // Every trial of the plain order ticked and renamed (the others race, and `vault done`
    // may refuse honestly there: "changed on disk while vault was editing it").
    let inOrder = results.filter { $0[0] % 3 == 0 }
    #expect(inOrder.allSatisfy { $0[2] == 0 && $0[1] == 204 }, "vault done said: \(refusals)")
    #expect(renamed == Self.trials)
    #expect(lost.isEmpty, "\(lost)")
  }
}
