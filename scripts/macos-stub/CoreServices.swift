// The part of macOS's CoreServices (FSEvents) that Sources/VaultKit/Watching/FolderEventsMac.swift
// uses, declared as macOS's SDK imports it into Swift (FSEvents.h; the signatures as Apple's
// documentation gives them), so that `scripts/check-macos-watcher` can type-check that file on
// Linux, where it is otherwise never compiled. Only types and signatures: nothing here runs.
@_exported import Dispatch
@_exported import Foundation

public typealias FSEventStreamRef = OpaquePointer
public typealias ConstFSEventStreamRef = OpaquePointer
public typealias FSEventStreamCreateFlags = UInt32
public typealias FSEventStreamEventId = UInt64
public typealias FSEventStreamEventFlags = UInt32
public typealias CFIndex = Int
public typealias CFTimeInterval = Double
public typealias CFArray = NSArray
public final class CFAllocator {}
public let kCFAllocatorDefault: CFAllocator? = nil
public struct FSEventStreamContext {
  public var version: CFIndex = 0
  public var info: UnsafeMutableRawPointer?
  public var retain: UnsafeRawPointer?
  public var release: UnsafeRawPointer?
  public var copyDescription: UnsafeRawPointer?
  public init() {}
}
public typealias FSEventStreamCallback = @convention(c) (ConstFSEventStreamRef, UnsafeMutableRawPointer?, Int, UnsafeMutableRawPointer, UnsafePointer<FSEventStreamEventFlags>, UnsafePointer<FSEventStreamEventId>) -> Void
public func FSEventStreamCreate(_ allocator: CFAllocator?, _ callback: FSEventStreamCallback, _ context: UnsafeMutablePointer<FSEventStreamContext>?, _ pathsToWatch: CFArray, _ sinceWhen: FSEventStreamEventId, _ latency: CFTimeInterval, _ flags: FSEventStreamCreateFlags) -> FSEventStreamRef? { nil }
public func FSEventStreamSetDispatchQueue(_ streamRef: FSEventStreamRef, _ q: DispatchQueue?) {}
public func FSEventStreamStart(_ streamRef: FSEventStreamRef) -> Bool { false }
public func FSEventStreamStop(_ streamRef: FSEventStreamRef) {}
public func FSEventStreamInvalidate(_ streamRef: FSEventStreamRef) {}
public func FSEventStreamRelease(_ streamRef: FSEventStreamRef) {}
public func FSEventsGetCurrentEventId() -> FSEventStreamEventId { 0 }
public var kFSEventStreamEventIdSinceNow: UInt64 { .max }
public var kFSEventStreamCreateFlagUseCFTypes: Int { 1 }
public var kFSEventStreamCreateFlagNoDefer: Int { 2 }
public var kFSEventStreamCreateFlagWatchRoot: Int { 4 }
public var kFSEventStreamCreateFlagFileEvents: Int { 16 }
public var kFSEventStreamEventFlagMustScanSubDirs: Int { 1 }
public var kFSEventStreamEventFlagUserDropped: Int { 2 }
public var kFSEventStreamEventFlagKernelDropped: Int { 4 }
public var kFSEventStreamEventFlagEventIdsWrapped: Int { 8 }
public var kFSEventStreamEventFlagHistoryDone: Int { 16 }
public var kFSEventStreamEventFlagRootChanged: Int { 32 }
public var kFSEventStreamEventFlagItemCreated: Int { 0x100 }
public var kFSEventStreamEventFlagItemRenamed: Int { 0x800 }
public var kFSEventStreamEventFlagItemIsFile: Int { 0x10000 }
public var kFSEventStreamEventFlagItemIsDir: Int { 0x20000 }
public var kFSEventStreamEventFlagItemIsSymlink: Int { 0x40000 }
public var kFSEventStreamEventFlagItemIsHardlink: Int { 0x100000 }
public var kFSEventStreamEventFlagItemIsLastHardlink: Int { 0x200000 }
