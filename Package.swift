// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "vault",
  platforms: [.macOS(.v14)],
  products: [
    .library(name: "VaultKit", targets: ["VaultKit"]),
    .executable(name: "vault", targets: ["vault"]),
    .executable(name: "vault-merge-driver", targets: ["vault-merge-driver"]),
    .executable(name: "vault-serve", targets: ["vault-serve"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    .package(url: "https://github.com/onevcat/Rainbow", from: "4.0.0"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
    .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.0.0"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
    .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.0.0"),
  ],
  targets: [
    // libcmark, found through pkg-config (apt: libcmark-dev, brew: cmark).
    .systemLibrary(
      name: "CCMark",
      pkgConfig: "libcmark",
      providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
    ),
    // cmark's nodes carved out of per-thread blocks and freed at once (C: cmark_mem has no
    // context pointer, so the arena is thread-local).
    .target(name: "CMarkArena", dependencies: ["CCMark"]),
    // SQLite's process-wide settings, made before the first connection (C: `sqlite3_config` is
    // variadic, which Swift cannot call).
    .target(name: "SQLiteConfig", linkerSettings: [.linkedLibrary("sqlite3")]),
    // What `vault --version` says: "dev", or what scripts/version --stamp links in (C: weak symbols).
    .target(name: "VaultVersion"),
    // Pure Swift: the model, syntax scanners, interpretation of notes, diagnostics.
    .target(name: "VaultCore"),
    // The only importer of cmark and Yams: bytes in, syntax out.
    .target(
      name: "VaultMarkdown",
      dependencies: ["VaultCore", "CCMark", "CMarkArena", .product(name: "Yams", package: "Yams")]
    ),
    // The only importer of GRDB / SQLite: the index, a disposable cache outside the vault.
    .target(
      name: "VaultIndex",
      dependencies: [
        "VaultCore", "SQLiteConfig", .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
      ]
    ),
    // The facade: finds the vault, reads its settings, walks and parses it, keeps the index fresh.
    .target(name: "VaultKit", dependencies: ["VaultCore", "VaultMarkdown", "VaultIndex"]),
    // Notes encrypted as Obsidian's Meld Encrypt plugin does (`vault encrypt`, `vault decrypt`)
    // and the accounts' password hashes: PBKDF2, AES-GCM and SHA-256 from the system's OpenSSL 3
    // libcrypto, opened when first needed (LibCrypto).
    .target(name: "VaultCrypto"),
    // `vault serve`: the calendar feeds, the web view and CalDAV (TLS through swift-nio-ssl), HTTP over Hummingbird with pages as
    // Mustache templates, in its own target so the CLI stays thin; accounts' passwords checked with VaultCrypto.
    .target(
      name: "VaultServer",
      dependencies: [
        "VaultKit", "VaultMarkdown", "VaultCrypto", .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"), .product(name: "Mustache", package: "swift-mustache"),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "HummingbirdTLS", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
      ]
    ),
    // The command-line tool, thin: no HTTP stack, which `vault serve` hands over to vault-serve.
    .executableTarget(
      name: "vault",
      dependencies: [
        "VaultKit", "VaultVersion", "VaultCrypto",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Rainbow", package: "Rainbow"),
      ],
      // swiftc exports every symbol of an executable on Linux (`-export-dynamic`): 39,000 of
      // them, which the loader and the runtime's start-up `dladdr` then search, 0.3 ms of each
      // command (docs/PERFORMANCE.md). Nothing loads vault as a library, so none are exported.
      linkerSettings: [.unsafeFlags(["-Xlinker", "--no-export-dynamic"], .when(platforms: [.linux]))]
        + staticLibraries
    ),
    // `vault serve`'s server, a program beside `vault` that `vault serve` replaces itself with
    // (ServeRequest), so that every other command starts without Hummingbird, NIO and TLS.
    .executableTarget(
      name: "vault-serve", dependencies: ["VaultKit", "VaultServer", "VaultCrypto"], linkerSettings: staticLibraries),
    // git's merge driver for notes (`vault sync`): VaultCore and the C library only, so that it
    // starts in a millisecond; git runs it once for every note a merge touches.
    .executableTarget(name: "vault-merge-driver", dependencies: ["VaultCore"], linkerSettings: staticLibraries),
    // `make bench`: synthetic vaults and the timings of docs/PERFORMANCE.md.
    .executableTarget(
      name: "vault-bench",
      dependencies: ["VaultCore", .product(name: "ArgumentParser", package: "swift-argument-parser")],
      path: "Benchmarks/vault-bench"
    ),
    // `make fuzz`: pathological and mutated notes, each read in under a second.
    .executableTarget(
      name: "vault-fuzz",
      dependencies: [
        "VaultCore", "VaultMarkdown", "TestSupport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Fuzz/vault-fuzz"
    ),
    // Temporary folders, seeded randomness and the plugins' test tables shared by the test targets.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "VaultCoreTests", dependencies: ["VaultCore", "TestSupport"]),
    .testTarget(name: "VaultMarkdownTests", dependencies: ["VaultMarkdown", "VaultKit", "Yams"]),
    .testTarget(name: "VaultIndexTests", dependencies: ["VaultIndex", "VaultKit", "VaultMarkdown", "TestSupport"]),
    .testTarget(
      name: "VaultCLITests",
      dependencies: ["vault", "vault-serve", "VaultKit", "VaultServer", "TestSupport"],
      exclude: ["Snapshots", "Fixtures"]
    ),
  ]
)

/// The shipped programs, built for release on Linux, link SQLite, cmark and the C++ runtime
/// from their static archives (`scripts/link-static`, the linker they are given): a command
/// then starts without loading them, a millisecond sooner (docs/PERFORMANCE.md).
var staticLibraries: [LinkerSetting] {
  [
    .unsafeFlags(
      ["-use-ld=\(Context.packageDirectory)/scripts/link-static"], .when(platforms: [.linux], configuration: .release))
  ]
}
