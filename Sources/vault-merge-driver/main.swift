import VaultCore

// git's merge driver for notes, a program of its own: `vault sync --setup` names it in the
// repository's config, and `vault merge-driver` runs it. git starts it once for every note a merge
// touches; with only VaultCore and the C library it starts in a millisecond, where `vault`, with
// Foundation and argument-parser, takes about seven.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let arguments = CommandLine.arguments
guard arguments.count == 5 else {
  DriverFiles.printError("usage: vault-merge-driver BASE OURS THEIRS PATH (git runs it; see vault sync --setup)")
  exit(64)
}
let (basePath, oursPath, theirsPath, notePath) = (arguments[1], arguments[2], arguments[3], arguments[4])

func fail(_ message: String) -> Never {
  DriverFiles.printError("vault: error: \(message)")
  exit(1)
}

guard let base = DriverFiles.contents(of: basePath), let ours = DriverFiles.contents(of: oursPath),
  let theirs = DriverFiles.contents(of: theirsPath)
else { fail("cannot read the versions git gave of \(notePath): \(String(cString: strerror(errno)))") }

// Text that is not UTF-8 is merged as Latin-1, one character per byte, so no byte changes on the
// way through; only its task lines are not recognised.
let texts = [base, ours, theirs].map { String(validating: $0, as: UTF8.self) }
let isUTF8 = texts.allSatisfy { $0 != nil }
let (baseText, ourText, theirText) =
  isUTF8
  ? (texts[0] ?? "", texts[1] ?? "", texts[2] ?? "")
  : (DriverFiles.latin1(base), DriverFiles.latin1(ours), DriverFiles.latin1(theirs))

// Who and when matter only to a conflict, which most merges have none of: git is asked then.
let unknown = NoteMerge.Side(name: "the other side", time: "unknown time")
var result = NoteMerge.merge(
  base: baseText, ours: ourText, theirs: theirText, us: unknown, them: unknown, theirsIsLater: false)
if !result.conflictLines.isEmpty {
  let environment = DriverFiles.environment()
  var us =
    MergeSides.side(fromLog: GitRun.output(MergeSides.logArguments(revision: "HEAD", path: notePath)) ?? "")
    ?? (NoteMerge.Side(name: environment["VAULT_MACHINE"] ?? DriverFiles.hostName(), time: "unknown time"), 0)
  // Ours is what this machine has: `vault sync` names it (the last commit of the note here may
  // have come from the other machine).
  if let machine = environment[MergeSides.machineVariable], !machine.isEmpty { us.side.name = machine }
  let other = MergeSides.otherRevisions(environment: environment).first { revision in
    GitRun.output(["rev-parse", "-q", "--verify", revision]) != nil
  }
  let them =
    other.flatMap {
      MergeSides.side(fromLog: GitRun.output(MergeSides.logArguments(revision: $0, path: notePath)) ?? "")
    }
    ?? (unknown, 0)
  result = NoteMerge.merge(
    base: baseText, ours: ourText, theirs: theirText, us: us.side, them: them.side,
    theirsIsLater: them.seconds > us.seconds)
}
let bytes = isUTF8 ? Array(result.text.utf8) : DriverFiles.latin1Bytes(result.text)
guard DriverFiles.replace(oursPath, with: bytes) else {
  fail("cannot write the merge of \(notePath): \(String(cString: strerror(errno)))")
}
for line in result.conflictLines {
  DriverFiles.printError("\(notePath):\(line):1: warning: a sync conflict is kept here")
}
exit(0)
