import Foundation
import TestSupport
import Testing

/// A family's `vault serve`: accounts made with `vault account add` (passwords kept only as slow
/// hashes, in the user's settings), each person logging in (a form and a session cookie in the
/// browser, HTTP Basic in a calendar app) and seeing and changing only the workspaces of its
/// account — on every page, in the feeds and over CalDAV, with 401 and 403 for the rest.
@Suite struct ServeWithAccountsTests {
  /// Two workspaces, `family` (ExampleVault) and `parents` (KepanoVault), and two accounts:
  /// `kid`, who sees the family's, and `mum`, who sees all.
  struct Family {
    let family: URL
    let parents: URL
    let config: URL
    let environment: [String: String]

    init() throws {
      family = try Fixture.copy("ExampleVault")
      parents = try Fixture.copy("KepanoVault")
      config = try ScratchFolder.make("accounts-config")
      environment = [
        "XDG_CONFIG_HOME": config.path, "XDG_STATE_HOME": config.path + "/state",
        "XDG_CACHE_HOME": config.path + "/cache",
        "VAULT_TODAY": "2026-11-23",
        "VAULT_NOW": "2026-11-23T09:00", "NO_COLOR": "1",
      ]
      #expect(try run(["workspace", "add", "family", family.path, "green"]).status == 0)
      #expect(try run(["workspace", "add", "parents", parents.path, "#8b3a62"]).status == 0)
      #expect(
        try run(["account", "add", "kid", "--workspace", "family", "--password-stdin"], input: "kid-secret-1\n").status
          == 0)
      #expect(
        try run(["account", "add", "mum", "--workspace", "all", "--password-stdin"], input: "mum-secret-2\n").status
          == 0)
    }

    func run(_ arguments: [String], input: String? = nil) throws -> CLI.Result {
      try CLI.run(arguments, in: family, environment: environment, input: input)
    }

    func serve() throws -> ServedVault {
      try ServedVault.start(family, environment: environment)
    }

    /// A timed event in the parents' workspace, as `vault add event --workspace parents` adds it.
    func addParentsEvent(_ title: String, on date: String, at time: String) throws {
      let added = try run(["add", "event", title, "--date", date, "--time", time, "--workspace", "parents"])
      #expect(added.status == 0, "\(added.stderr)")
    }
  }

  static func basic(_ user: String, _ password: String) -> [String: String] {
    ["Authorization": "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()]
  }

  /// A browser's login: the session cookie the server set.
  static func logIn(_ base: String, _ name: String, _ password: String) throws -> String {
    let form = try HTTP.request(base + "/login")
    #expect(form.status == 200)
    let answer = try HTTP.post(
      base + "/login", ["name": name, "password": password, "back": "/"], csrf: HTTP.csrf(in: form.body))
    #expect(answer.status == 303, "\(answer.body)")
    let cookie = try #require(answer.header("Set-Cookie"))
    #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
    return String(cookie.prefix { $0 != ";" })
  }

  @Test func accountsAreKeptHashedInTheUsersOwnSettingsReadableByThemOnly() throws {
    let setup = try Family()
    let file = setup.config.appendingPathComponent("vault/accounts.yml")
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(!text.contains("kid-secret-1") && !text.contains("mum-secret-2"))
    #expect(text.contains("pbkdf2-sha256$600000$"))
    let mode = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int)
    #expect(mode == 0o600)
    // Nothing of it in either vault.
    for vault in [setup.family, setup.parents] {
      let contents = try Fixture.contents(of: vault)
      #expect(!contents.values.contains { String(decoding: $0, as: UTF8.self).contains("pbkdf2") })
    }
    let list = try setup.run(["account", "list"])
    #expect(list.stdout == "kid  family\nmum  all\n")
    let json = try setup.run(["account", "list", "--json"])
    #expect(json.stdout.contains("\"workspaces\"") && !json.stdout.contains("pbkdf2"))
  }

  @Test func aMadePasswordIsPrintedOnceAndANewOneReplacesIt() throws {
    let setup = try Family()
    let added = try setup.run(["account", "add", "gran", "--workspace", "family", "--json"])
    #expect(added.status == 0, "\(added.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any])
    let password = try #require(object["password"] as? String)
    #expect(password.count == 24 && password.split(separator: "-").count == 5)
    let before = try String(contentsOf: setup.config.appendingPathComponent("vault/accounts.yml"), encoding: .utf8)
    let changed = try setup.run(["account", "password", "gran"])
    #expect(changed.status == 0)
    #expect(changed.stdout.contains("password: ") && !changed.stdout.contains(password))
    let after = try String(contentsOf: setup.config.appendingPathComponent("vault/accounts.yml"), encoding: .utf8)
    #expect(before != after)
    #expect(try setup.run(["account", "remove", "gran"]).status == 0)
    #expect(try setup.run(["account", "list"]).stdout == "kid  family\nmum  all\n")
  }

  @Test func accountsAddedAtOnceByFourCommandsAllLand() throws {
    let setup = try Family()
    let names = ["ana", "ben", "cai", "dee"]
    let running = try names.map { name in
      try CLI.start(
        ["account", "add", name, "--workspace", "family", "--password-stdin"], in: setup.family,
        environment: setup.environment, input: "\(name)-secret-9\n")
    }
    for result in running.map({ $0.finish() }) { #expect(result.status == 0, "\(result.stderr)") }
    let listed = try setup.run(["account", "list"]).stdout.split(separator: "\n").map {
      String($0.split(separator: " ")[0])
    }
    #expect(Set(listed) == Set(["kid", "mum"] + names))
  }

  @Test func anAccountNeedsAWorkspaceThatExistsAndANameThatIsFree() throws {
    let setup = try Family()
    let unknown = try setup.run(["account", "add", "dad", "--workspace", "work"])
    #expect(unknown.status == 1 && unknown.stderr.contains("no workspace 'work'"))
    let none = try setup.run(["account", "add", "dad"])
    #expect(none.status == 1 && none.stderr.contains("--workspace"))
    let twice = try setup.run(["account", "add", "kid", "--workspace", "family"])
    #expect(twice.status == 1 && twice.stderr.contains("exists already"))
    let short = try setup.run(["account", "add", "dad", "--workspace", "family", "--password-stdin"], input: "short\n")
    #expect(short.status != 0 && short.stderr.contains("at least 8"))
    let missing = try setup.run(["account", "remove", "nobody"])
    #expect(missing.status == 1 && missing.stderr.contains("there is none"))
  }

  @Test func aBrowserLogsInAndSeesOnlyItsAccountsWorkspaces() throws {
    let setup = try Family()
    let server = try setup.serve()
    defer { _ = server.stop() }
    let base = server.base
    #expect(server.printed.contains("accounts: kid, mum"), "\(server.printed)")
    // No page without logging in: the login form, and back to the page asked for.
    let away = try HTTP.request(base + "/calendar?month=2026-12")
    #expect(away.status == 303)
    #expect(away.header("Location") == "/login?back=%2Fcalendar%3Fmonth%3D2026-12")
    // A wrong password is refused, and says so.
    let form = try HTTP.request(base + "/login")
    let wrong = try HTTP.post(base + "/login", ["name": "kid", "password": "guess"], csrf: HTTP.csrf(in: form.body))
    #expect(wrong.status == 401 && wrong.body.contains("do not match") && wrong.header("Set-Cookie") == nil)
    // The kid sees the family's calendar, never the parents'.
    let kid = try Self.logIn(base, "kid", "kid-secret-1")
    let month = try HTTP.request(base + "/calendar?month=2026-12", headers: ["Cookie": kid])
    #expect(month.status == 200)
    #expect(month.body.contains("Log out kid") && !month.body.contains("Show parents"))
    let countdown = try HTTP.request(base + "/countdown", headers: ["Cookie": kid])
    #expect(countdown.body.contains("Dentist") || countdown.body.contains("Birthday"))
    #expect(!countdown.body.contains("Dinner with Mei"))
    // Choosing the parents' workspace is refused.
    let refused = try HTTP.post(
      base + "/workspace", ["name": "parents", "back": "/"], csrf: HTTP.csrf(in: month.body), cookie: kid)
    #expect(refused.status == 403)
    // Mum switches to the parents' and sees their dinner.
    let mum = try Self.logIn(base, "mum", "mum-secret-2")
    let home = try HTTP.request(base + "/", headers: ["Cookie": mum])
    #expect(home.body.contains("Show parents"))
    let switched = try HTTP.post(
      base + "/workspace", ["name": "parents", "back": "/countdown"], csrf: HTTP.csrf(in: home.body), cookie: mum)
    #expect(switched.status == 303 && switched.header("Location") == "/countdown")
    let chosen = String(try #require(switched.header("Set-Cookie")).prefix { $0 != ";" })
    let theirs = try HTTP.request(base + "/countdown", headers: ["Cookie": mum + "; " + chosen])
    #expect(theirs.body.contains("Dinner with Mei") && theirs.body.contains("Show family"))
    // Logging out ends the session.
    let out = try HTTP.post(base + "/logout", [:], csrf: HTTP.csrf(in: home.body), cookie: mum)
    #expect(out.status == 303)
    // What the browser kept to read offline goes with the session.
    #expect(out.header("Clear-Site-Data") == "\"cache\", \"storage\"")
    #expect(try HTTP.request(base + "/", headers: ["Cookie": mum]).status == 303)
    // A form sent after the session ended leads to the login, not to a password dialog.
    let late = try HTTP.post(base + "/tasks/done", ["task": "Tasks.md:6"], csrf: HTTP.csrf(in: home.body), cookie: mum)
    #expect(late.status == 303 && late.header("Location") == "/login?back=%2F")
    #expect(late.header("WWW-Authenticate") == nil)
  }

  /// A restart of the server logs nobody out: the sessions are kept in the user's state folder,
  /// readable by the user only, by a fingerprint that opens nothing. A new password ends them.
  @Test func aLoginOutlastsARestartAndEndsWithANewPassword() throws {
    let setup = try Family()
    var server = try setup.serve()
    let kid = try Self.logIn(server.base, "kid", "kid-secret-1")
    let mum = try Self.logIn(server.base, "mum", "mum-secret-2")
    let open = try HTTP.request(server.base + "/calendar?month=2026-12", headers: ["Cookie": kid])
    _ = server.stop()
    let file = setup.config.path + "/state/vault/sessions.json"
    let kept = try String(contentsOfFile: file, encoding: .utf8)
    let id = String(kid.drop { $0 != "=" }.dropFirst())
    #expect(id.count == 64 && !kept.contains(id) && kept.contains("\"kid\""), "\(kept)")
    let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    server = try setup.serve()
    defer { _ = server.stop() }
    let again = try HTTP.request(server.base + "/countdown", headers: ["Cookie": kid])
    #expect(again.status == 200 && again.body.contains("Log out kid"), "\(again.status)")
    // The page the kid's browser still shows sends its form to the new server.
    let added = try HTTP.post(
      server.base + "/events/add", ["title": "Sleepover", "date": "2026-12-12", "back": "/calendar"],
      csrf: HTTP.csrf(in: open.body), cookie: kid)
    #expect(added.status == 303, "\(added.body)")
    #expect(FileManager.default.fileExists(atPath: setup.family.path + "/Events/2026-12-12 Sleepover.md"))
    // A new password for the kid logs the kid's browsers out, not mum's.
    #expect(try setup.run(["account", "password", "kid", "--password-stdin"], input: "kid-secret-3\n").status == 0)
    #expect(try HTTP.request(server.base + "/countdown", headers: ["Cookie": kid]).status == 303)
    #expect(try HTTP.request(server.base + "/countdown", headers: ["Cookie": mum]).status == 200)
    // A made-up cookie opens nothing.
    let made = "vault_session=" + String(repeating: "ab", count: 32)
    #expect(try HTTP.request(server.base + "/countdown", headers: ["Cookie": made]).status == 303)
  }

  @Test func aPersonLogsInSwitchesAndLogsOutInARealBrowser() throws {
    let setup = try Family()
    try setup.addParentsEvent("Parents night", on: "2026-12-12", at: "20:00")
    let server = try setup.serve()
    defer { _ = server.stop() }
    let oracle = Fixture.testsFolder.appendingPathComponent("Fixtures/Oracles/accounts-in-browser").path
    let shots = setup.config.appendingPathComponent("screenshots").path
    let output = try Oracle.run(
      "python3", [oracle, server.base, "mum", "mum-secret-2", "parents", shots], environment: ["SE_AVOID_STATS": "true"]
    )
    let result = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any] ?? [:]
    for failure in result["failures"] as? [[String: Any]] ?? [["what": "no answer: \(output)"]] {
      Issue.record("\(failure["what"] ?? "?") (screenshot: \(failure["screenshot"] ?? "none"))")
    }
    // The login page, a page with the account's bar and the calendar of both workspaces (a
    // month, a week), at two widths, light and dark.
    #expect(result["checked"] as? Int == 16)
    #expect(result["shown"] as? [String] == ["family", "parents"])
  }

  @Test func anEventAddedInTheBrowserLandsInTheAccountsWorkspace() throws {
    let setup = try Family()
    let server = try setup.serve()
    defer { _ = server.stop() }
    let kid = try Self.logIn(server.base, "kid", "kid-secret-1")
    let page = try HTTP.request(server.base + "/calendar?month=2026-12", headers: ["Cookie": kid])
    let added = try HTTP.post(
      server.base + "/events/add", ["title": "Sleepover", "date": "2026-12-12", "back": "/calendar"],
      csrf: HTTP.csrf(in: page.body), cookie: kid)
    #expect(added.status == 303, "\(added.body)")
    #expect(FileManager.default.fileExists(atPath: setup.family.path + "/Events/2026-12-12 Sleepover.md"))
    #expect(!FileManager.default.fileExists(atPath: setup.parents.path + "/Events/2026-12-12 Sleepover.md"))
  }

  /// Every `.md` file of a folder whose text holds `text`.
  static func notes(in folder: URL, holding text: String) -> [String] {
    let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
    return files.filter { $0.hasSuffix(".md") }.filter {
      (try? String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8))?.contains(text) == true
    }
  }

  @Test func theCalendarShowsEveryWorkspaceOfTheAccountEachInItsColour() throws {
    let setup = try Family()
    try setup.addParentsEvent("Parents night", on: "2026-12-12", at: "20:00")
    try setup.addParentsEvent("Parents lunch", on: "2026-11-23", at: "12:30")
    let server = try setup.serve()
    defer { _ = server.stop() }
    let mum = try Self.logIn(server.base, "mum", "mum-secret-2")
    let month = try HTTP.request(server.base + "/calendar?month=2026-12", headers: ["Cookie": mum])
    #expect(month.status == 200)
    // The family's concert and the parents' night, each marked in its workspace's colour, and
    // the workspaces named; only the family's events are dragged from the family's page.
    #expect(month.body.contains("Radiohead Concert"))
    #expect(month.body.contains("Parents night<span class=\"visually-hidden\"> (in parents)</span>"))
    #expect(month.body.contains("--ws: green") && month.body.contains("--ws: #8b3a62"))
    #expect(month.body.contains("Workspaces: "))
    #expect(!month.body.contains("data-path=\"//"))
    // By the hour, it links to its note in the parents' workspace, which opening chooses.
    let week = try HTTP.request(server.base + "/calendar?week=2026-12-07", headers: ["Cookie": mum])
    let links = week.body.components(separatedBy: "href=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    let link = try #require(links.first { $0.contains("workspace=parents") }).replacingOccurrences(
      of: "&amp;", with: "&")
    let note = try HTTP.request(server.base + link, headers: ["Cookie": mum])
    #expect(note.status == 200 && note.body.contains("Parents night"), "\(link): \(note.status)")
    #expect(note.header("Set-Cookie")?.hasPrefix("vault_workspace=parents;") == true)
    // Its day lists it, in the parents' workspace.
    let day = try HTTP.request(server.base + "/day?date=2026-12-12", headers: ["Cookie": mum])
    #expect(day.body.contains("Parents night") && day.body.contains("· in parents"))
    // The kid sees the family's calendar alone.
    let kid = try Self.logIn(server.base, "kid", "kid-secret-1")
    let kids = try HTTP.request(server.base + "/calendar?month=2026-12", headers: ["Cookie": kid])
    #expect(kids.body.contains("Radiohead Concert") && !kids.body.contains("Parents night"))
    #expect(!kids.body.contains("--ws:"))
    let asked = try HTTP.request(server.base + link, headers: ["Cookie": kid])
    #expect(asked.status == 403)
    // Today's page holds the parents' lunch today, for mum only.
    let mums = try HTTP.request(server.base + "/?workspace=family", headers: ["Cookie": mum])
    #expect(mums.body.contains("Parents lunch") && mums.body.contains("· in parents"))
    #expect(!(try HTTP.request(server.base + "/", headers: ["Cookie": kid]).body.contains("Parents lunch")))
  }

  /// An open page hears a change in any workspace its calendar shows: mum's page of the family
  /// when the parents' vault changes; the kid's page does not.
  @Test func aChangeInAnyWorkspaceReachesThePagesThatShowIt() throws {
    let setup = try Family()
    let server = try setup.serve()
    defer { _ = server.stop() }
    let mum = try Self.logIn(server.base, "mum", "mum-secret-2")
    let kid = try Self.logIn(server.base, "kid", "kid-secret-1")
    let script = """
      import sys, time, http.client
      host, port = sys.argv[1].split('//')[1].split(':')
      def listen(cookie):
          connection = http.client.HTTPConnection(host, int(port), timeout=10)
          connection.request('GET', '/live', headers={'Cookie': cookie})
          response = connection.getresponse()
          assert response.status == 200, response.status
          while response.fp.readline().strip() != b': connected': pass
          response.fp.readline()
          return connection, response
      mum, kid = listen(sys.argv[2]), listen(sys.argv[3])
      with open(sys.argv[4], 'a') as note: note.write("\\nA line written in the parents' vault.\\n")
      def heard(listening, seconds):
          # The stream's raw lines (chunked), each read waiting at most until the deadline.
          connection, response = listening
          deadline = time.monotonic() + seconds
          try:
              while time.monotonic() < deadline:
                  connection.sock.settimeout(max(0.01, deadline - time.monotonic()))
                  if response.fp.readline().startswith(b'event: change'): return True
          except OSError:
              pass
          return False
      print(heard(mum, 5), heard(kid, 2))
      """
    let note = setup.parents.appendingPathComponent("Tasks.md").path
    let output = try Oracle.run("python3", ["-c", script, server.base, mum, kid, note])
    #expect(output.trimmingCharacters(in: .whitespacesAndNewlines) == "True False", "\(output)")
  }

  @Test func aPageChangesItsOwnWorkspaceWhicheverTheBrowserChoseSince() throws {
    let setup = try Family()
    let server = try setup.serve()
    defer { _ = server.stop() }
    let mum = try Self.logIn(server.base, "mum", "mum-secret-2")
    // A tab shows the family's tasks; its forms say so.
    let page = try HTTP.request(server.base + "/tasks", headers: ["Cookie": mum])
    #expect(page.body.contains("<input type=\"hidden\" name=\"workspace\" value=\"family\">"))
    #expect(page.body.contains("data-workspace=\"family\""))
    // Another tab chooses the parents' workspace for this browser.
    let switched = try HTTP.post(
      server.base + "/workspace", ["name": "parents", "back": "/"], csrf: HTTP.csrf(in: page.body), cookie: mum)
    let chosen = String(try #require(switched.header("Set-Cookie")).prefix { $0 != ";" })
    // The first tab's form still adds to the family's tasks.
    let added = try HTTP.post(
      server.base + "/tasks/add", ["text": "Buy a kite", "workspace": "family"], csrf: HTTP.csrf(in: page.body),
      cookie: mum + "; " + chosen)
    #expect(added.status == 303, "\(added.body)")
    #expect(!Self.notes(in: setup.family, holding: "Buy a kite").isEmpty)
    #expect(Self.notes(in: setup.parents, holding: "Buy a kite").isEmpty)
    // A form without it goes where the browser chose (a page of an older server).
    let plain = try HTTP.post(
      server.base + "/tasks/add", ["text": "Fly the kite"], csrf: HTTP.csrf(in: page.body), cookie: mum + "; " + chosen)
    #expect(plain.status == 303)
    #expect(!Self.notes(in: setup.parents, holding: "Fly the kite").isEmpty)
    // A workspace the account does not see is refused, and nothing is written.
    let kid = try Self.logIn(server.base, "kid", "kid-secret-1")
    let refused = try HTTP.post(
      server.base + "/tasks/add", ["text": "Sneak in", "workspace": "parents"], csrf: HTTP.csrf(in: page.body),
      cookie: kid)
    #expect(refused.status == 403)
    #expect(Self.notes(in: setup.parents, holding: "Sneak in").isEmpty)
    #expect(Self.notes(in: setup.family, holding: "Sneak in").isEmpty)
  }

  @Test func aCalendarAppLogsInWithBasicAndReachesOnlyItsWorkspaces() throws {
    let setup = try Family()
    let server = try setup.serve()
    defer { _ = server.stop() }
    let base = server.base
    let propfind = { (headers: [String: String]) in
      try HTTP.request(
        base + "/dav/calendars/events/", method: "PROPFIND", headers: headers.merging(["Depth": "1"]) { $1 })
    }
    let nobody = try propfind([:])
    #expect(nobody.status == 401 && nobody.header("WWW-Authenticate")?.contains("Basic") == true)
    #expect(try propfind(Self.basic("kid", "wrong")).status == 401)
    #expect(try propfind(Self.basic("stranger", "kid-secret-1")).status == 401)
    #expect(try propfind(Self.basic("kid@parents", "kid-secret-1")).status == 403)
    #expect(try HTTP.request(base + "/calendar.ics").status == 401)
    // The feeds and CalDAV hold the workspace the user name chooses (the first by default).
    let kids = try HTTP.request(base + "/calendar.ics", headers: Self.basic("kid", "kid-secret-1"))
    #expect(kids.status == 200 && kids.body.contains("Dentist") && !kids.body.contains("Dinner with Mei"))
    let parents = try HTTP.request(base + "/calendar.ics", headers: Self.basic("mum@parents", "mum-secret-2"))
    #expect(parents.status == 200 && parents.body.contains("Dinner with Mei") && !parents.body.contains("Dentist"))
    // A real client: python caldav finds the kid's calendars and their events, and is refused
    // with a wrong password.
    let script = """
      import sys, caldav
      from caldav.lib.error import AuthorizationError
      url, user, password = sys.argv[1:4]
      client = caldav.DAVClient(url=url + "/dav/", username=user, password=password)
      try:
          calendars = client.principal().calendars()
      except AuthorizationError:
          print("refused"); sys.exit(0)
      for calendar in calendars:
          print("calendar:", calendar.get_display_name())
          for event in calendar.events():
              print(event.icalendar_component.get("summary"))
      """
    let events = try Oracle.run("python3", ["-c", script, base, "kid", "kid-secret-1"])
    #expect(events.contains("Dentist") && !events.contains("Dinner with Mei"))
    let theirs = try Oracle.run("python3", ["-c", script, base, "mum@parents", "mum-secret-2"])
    #expect(theirs.contains("Dinner with Mei") && !theirs.contains("Dentist"))
    // Each workspace's calendars carry its name.
    #expect(theirs.contains("calendar: parents · Events") && events.contains("calendar: family · Events"))
    #expect(!events.contains("parents"))
    let refused = try Oracle.run("python3", ["-c", script, base, "kid", "not-it"])
    #expect(refused.trimmingCharacters(in: .whitespacesAndNewlines) == "refused")
  }

  /// An account that sees two workspaces has one principal and one calendar home: a real
  /// client finds both workspaces' calendars there, reads each one's events, and an event it
  /// saves in one lands in that workspace's vault alone.
  @Test func aCalendarAppFindsEveryWorkspaceOfItsAccountInOneHome() throws {
    let setup = try Family()
    let server = try setup.serve()
    defer { _ = server.stop() }
    let script = """
      import sys, caldav
      url, user, password = sys.argv[1:4]
      client = caldav.DAVClient(url=url, username=user, password=password)
      principal = client.principal()
      print("principal:", principal.get_display_name())
      for calendar in principal.calendars():
          print("calendar:", calendar.get_display_name(), calendar.url.path)
          for event in calendar.events():
              print("event:", event.icalendar_component.get("summary"))
          if calendar.get_display_name() == "parents · Events":
              calendar.save_event(
                  "BEGIN:VCALENDAR\\r\\nVERSION:2.0\\r\\nPRODID:-//test//EN\\r\\nBEGIN:VEVENT\\r\\n"
                  "UID:parents-evening-1\\r\\nDTSTAMP:20261120T100000Z\\r\\nDTSTART:20261204T190000\\r\\n"
                  "DTEND:20261204T210000\\r\\nSUMMARY:Parents evening\\r\\nEND:VEVENT\\r\\nEND:VCALENDAR\\r\\n")
      """
    // Discovery from the server's address alone (/.well-known/caldav), as phones do.
    let both = try Oracle.run("python3", ["-c", script, server.base, "mum", "mum-secret-2"])
    #expect(both.contains("principal: mum"))
    #expect(both.contains("calendar: family · Events /dav/calendars/events/"), "\(both)")
    #expect(both.contains("calendar: parents · Events /dav/calendars/parents.events/"), "\(both)")
    #expect(both.contains("Dentist") && both.contains("event: Dinner with Mei"), "\(both)")
    let saved = try FileManager.default.contentsOfDirectory(atPath: setup.parents.path + "/Events")
      .filter { $0.contains("Parents evening") }
    #expect(saved.count == 1, "\(saved)")
    let family = try FileManager.default.contentsOfDirectory(atPath: setup.family.path + "/Events")
    #expect(!family.contains { $0.contains("Parents evening") })
    // The new event is in the parents' calendar, as the client reads it back.
    let again = try Oracle.run(
      "python3",
      ["-c", script.replacingOccurrences(of: "calendar.save_event", with: "print"), server.base, "mum", "mum-secret-2"])
    #expect(again.contains("event: Parents evening"))
    // A calendar the phone makes beside the parents' is the parents' (in their settings, under
    // the name it asked for); one beside the first workspace's is that workspace's.
    let mum = Self.basic("mum", "mum-secret-2")
    let made = { (slug: String, name: String) in
      try HTTP.request(
        server.base + "/dav/calendars/\(slug)/", method: "MKCALENDAR", headers: mum,
        body: """
          <C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop>\
          <D:displayname>\(name)</D:displayname></D:prop></D:set></C:mkcalendar>
          """)
    }
    let parentsMade = try made("parents.school", "School")
    #expect(parentsMade.status == 201 && parentsMade.header("Location") == "/dav/calendars/parents.school/")
    #expect(try made("chores", "Chores").status == 201)
    let parentsSettings = try String(
      contentsOf: setup.parents.appendingPathComponent(".vault/config.yml"), encoding: .utf8)
    let familySettings = try String(
      contentsOf: setup.family.appendingPathComponent(".vault/config.yml"), encoding: .utf8)
    #expect(parentsSettings.contains("School") && !parentsSettings.contains("Chores"), "\(parentsSettings)")
    #expect(familySettings.contains("Chores") && !familySettings.contains("School"), "\(familySettings)")
    let listing = try HTTP.request(
      server.base + "/dav/calendars/", method: "PROPFIND", headers: mum.merging(["Depth": "1"]) { $1 })
    #expect(listing.body.contains("/dav/calendars/parents.school/") && listing.body.contains("/dav/calendars/chores/"))
    // An account with one workspace has its calendars alone; another's prefix is not found.
    let kid = try HTTP.request(
      server.base + "/dav/calendars/parents.events/", method: "PROPFIND",
      headers: Self.basic("kid", "kid-secret-1").merging(["Depth": "0"]) { $1 })
    #expect(kid.status == 404)
  }

  @Test func anAccountRemovedWhileTheServerRunsIsLetInNoMore() throws {
    let setup = try Family()
    let server = try setup.serve()
    defer { _ = server.stop() }
    let kid = Self.basic("kid", "kid-secret-1")
    #expect(try HTTP.request(server.base + "/calendar.ics", headers: kid).status == 200)
    #expect(try setup.run(["account", "remove", "kid"]).status == 0)
    #expect(try HTTP.request(server.base + "/calendar.ics", headers: kid).status == 401)
  }
}
