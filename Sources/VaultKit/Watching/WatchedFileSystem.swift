import Foundation

#if canImport(Darwin)
import Darwin
#endif

/// File systems whose changes made elsewhere reach no notification: a network share (NFS,
/// SMB/CIFS, 9p) or a FUSE mount (sshfs, rclone). Changes another machine makes there are
/// never announced, so a watcher could not vouch for the index; vault walks them instead.
enum WatchedFileSystem {
  static let unnotified: Set<String> = [
    "nfs", "nfs4", "cifs", "smb3", "smbfs", "9p", "afs", "ceph", "glusterfs", "lustre", "gpfs", "davfs", "fuse",
    "fuseblk", "sshfs", "virtiofs", "vboxsf", "vmhgfs",
    // macOS's names (`statfs`'s f_fstypename): AFP, WebDAV, macFUSE and its older name.
    "afpfs", "webdav", "macfuse", "osxfuse",
  ]

  /// The kind of file system `path` is on when it is one of those; nil otherwise (or when the
  /// system does not say).
  static func unnotifiedKind(of path: String) -> String? {
    guard let kind = kind(of: path) else { return nil }
    let base = kind.split(separator: ".").first.map(String.init) ?? kind
    return unnotified.contains(kind) || unnotified.contains(base) ? kind : nil
  }

  /// The file system type of the mount holding `path`: on Linux from /proc/self/mounts, the
  /// longest mount point that is a prefix of the path; on macOS what `statfs` says.
  static func kind(of path: String) -> String? {
    #if canImport(Darwin)
    var info = statfs()
    guard statfs(path, &info) == 0 else { return nil }
    return withUnsafeBytes(of: &info.f_fstypename) { bytes in
      String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
    #else
    guard let mounts = try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8) else { return nil }
    var best: (point: String, kind: String)?
    for line in mounts.split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard fields.count >= 3 else { continue }
      // Spaces and tabs in mount points are written as octal escapes.
      let point = String(fields[1]).replacingOccurrences(of: "\\040", with: " ")
        .replacingOccurrences(of: "\\011", with: "\t")
      guard path == point || path.hasPrefix(point == "/" ? "/" : point + "/") else { continue }
      if point.count >= (best?.point.count ?? -1) { best = (point, String(fields[2])) }
    }
    return best?.kind
    #endif
  }
}
