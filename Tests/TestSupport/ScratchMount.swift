import Foundation

/// A file system of its own mounted on a test's folder (a tmpfs): what a drive's mount point is
/// to the folder under it. Mounting needs root; where it is refused, tests leave out what needs it.
public enum ScratchMount {
  /// Mounts an empty tmpfs on `folder`; false when the system refuses (not root, no
  /// `mount`).
  public static func tmpfs(at folder: URL) -> Bool {
    guard getuid() == 0 else { return false }
    return run(["/bin/mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", folder.path])
  }

  /// Unmounts what `tmpfs(at:)` mounted.
  public static func unmount(_ folder: URL) { _ = run(["/bin/umount", folder.path]) }

  private static func run(_ command: [String]) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst())
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return false
    }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }
}
