import Foundation
import NIOCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why `vault serve` could not listen, said as what to do next: the usual two causes (the port is
/// taken, a port below 1024 without privileges) get a sentence, anything else is said as it came.
public func listenFailure(_ error: any Error, host: String, port: Int) -> String {
  let address = "\(host):\(port)"
  if let io = error as? IOError {
    switch io.errnoCode {
    case EADDRINUSE:
      return "cannot serve on \(address): another program listens there (a running vault serve?); "
        + "choose another port with --port, or --port 0 for any free one"
    case EACCES:
      return "cannot serve on \(address): ports below 1024 need privileges; choose one above 1024 with --port"
    case EADDRNOTAVAIL:
      return "cannot serve on \(address): this machine has no such address; use 127.0.0.1 or 0.0.0.0 with --host"
    default:
      return "cannot serve on \(address): \(String(cString: strerror(io.errnoCode)))"
    }
  }
  return "cannot serve on \(address): \(error)"
}
