// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

// Fuzz/run.sh sets POWERQUOTES_FUZZ=1: the core and the fuzz targets are then built with
// libFuzzer's coverage and AddressSanitizer, and nothing else is (not the build plugin's tool,
// which a global -Xswiftc would reach).
let fuzzing = Context.environment["POWERQUOTES_FUZZ"] == "1"
let fuzzFlags: [SwiftSetting] = fuzzing ? [.unsafeFlags(["-sanitize=fuzzer,address"])] : []

let package = Package(
  name: "powerquotes",
  products: [
    .executable(name: "powerquotes", targets: ["PowerQuotesCLI"]),
    .executable(name: "powerquotes-bench", targets: ["PowerQuotesBench"]),
    .executable(name: "powerquotes-fuzz", targets: ["PowerQuotesFuzz"]),
    .library(name: "PowerQuotesCore", targets: ["PowerQuotesCore"]),
  ],
  dependencies: [
    .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    .package(url: "https://github.com/swhitty/FlyingFox", exact: "0.27.1"),
    .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
  ],
  targets: [
    // Models, controllers, views, storage and networking. Never imports ArgumentParser.
    .target(
      name: "PowerQuotesCore",
      dependencies: [
        "CCurl", "CPostgres", "CRsvg", "CSQLite",
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      swiftSettings: fuzzFlags,
      plugins: ["EmbedMigrations"]
    ),
    // HTTP through libcurl, loaded with dlopen on the first request so that a start which asks
    // no server never maps libcurl and the ~50 libraries it needs. Needs no headers to build
    // (the part of libcurl's ABI it uses is declared in it), and libcurl.so.4 to reach the network.
    .target(name: "CCurl"),
    // PostgreSQL through libpq, loaded with dlopen on the first connection for the same reason:
    // a start that uses SQLite never maps libpq, OpenSSL, Kerberos or LDAP. Needs no headers to
    // build (the few libpq types used are declared in it), and libpq.so.5 to reach a server.
    .target(name: "CPostgres"),
    // PNG cards through librsvg (with cairo, pango and fontconfig), loaded with dlopen when a PNG
    // card is drawn, for the same reason: no other start maps them. Needs no headers to build,
    // and librsvg-2.so.2 (Debian's librsvg2-2) to draw a PNG; SVG cards need nothing.
    .target(name: "CRsvg"),
    // SQLite settings that GRDB does not reach (sqlite3_db_config is variadic).
    .target(name: "CSQLite", linkerSettings: [.linkedLibrary("sqlite3")]),
    // The `powerquotes` command: argument parsing and the REPL over the core, nothing else.
    .executableTarget(
      name: "PowerQuotesCLI",
      dependencies: [
        "PowerQuotesCore",
        "CReadline",
        "CStart",
        "CStdio",
        "CTerminal",
        "PowerQuotesMacros",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // `@DirectlyParsed`: the grammar of the commands built without ArgumentParser, made at
    // compile time from their option declarations (see DirectCommand.swift). A compiler
    // plug-in: neither it nor swift-syntax is linked into the binary.
    .macro(
      name: "PowerQuotesMacros",
      dependencies: [
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
      ]
    ),
    // What a command line starts before Swift's main: libcurl's loading, for a `random` that asks
    // a server.
    .target(name: "CStart", dependencies: ["CCurl"]),
    // The full-screen app's terminal: ncursesw, loaded with dlopen when the app starts, so that
    // no other start maps libncursesw and libtinfo. Needs no headers to build (the part of
    // curses' ABI it uses is declared in it), and libncursesw.so.6 to run the app.
    .target(name: "CTerminal"),
    // The exit-time check that standard output was written (help and versions go through stdio).
    .target(name: "CStdio"),
    // GNU readline (line editing, history, completion for the REPL); hence GPL-3.0-or-later.
    // Loaded with dlopen when the shell starts on a terminal, so that no other start maps
    // libreadline and libtinfo: needs readline's headers (Debian's libreadline-dev) to build,
    // and libreadline.so.8 for the shell's line editing.
    .systemLibrary(
      name: "CReadline",
      providers: [.apt(["libreadline-dev"])]
    ),
    // A benchmark, not a test: `swift run -c release powerquotes-bench`.
    .executableTarget(
      name: "PowerQuotesBench",
      dependencies: ["PowerQuotesCore"]
    ),
    // Fuzz targets over what reads untrusted bytes (Fuzz/run.sh); without the fuzzer, it
    // replays inputs. The shell's word splitter comes in as a link to its source file.
    .executableTarget(
      name: "PowerQuotesFuzz",
      dependencies: ["PowerQuotesCore"],
      swiftSettings: fuzzFlags + (fuzzing ? [.define("FUZZING")] : []),
      linkerSettings: fuzzing ? [.unsafeFlags(["-sanitize=fuzzer,address"])] : []
    ),
    // Turns Migrations/*.sql into Swift string literals, so the schema travels inside the binary.
    .executableTarget(name: "EmbedMigrationsTool"),
    .plugin(
      name: "EmbedMigrations",
      capability: .buildTool(),
      dependencies: ["EmbedMigrationsTool"]
    ),
    // Test helpers shared by both test targets: a FlyingFox server on 127.0.0.1, captured
    // output, temporary folders, SQL on either store. Only tests depend on it, so FlyingFox and
    // GRDB's test use stay out of the binary.
    .target(
      name: "PowerQuotesTestSupport",
      dependencies: [
        "PowerQuotesCore",
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "FlyingFox", package: "FlyingFox"),
        .product(name: "FlyingSocks", package: "FlyingFox"),
      ],
      path: "Tests/PowerQuotesTestSupport"
    ),
    .testTarget(
      name: "PowerQuotesCoreTests",
      dependencies: [
        "PowerQuotesCore",
        "PowerQuotesTestSupport",
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "FlyingFox", package: "FlyingFox"),
        .product(name: "FlyingSocks", package: "FlyingFox"),
      ],
      // The full-screen app's snapshots, read by path.
      exclude: ["AppScreens"]
    ),
    .testTarget(
      name: "PowerQuotesCLITests",
      dependencies: [
        "PowerQuotesCLI",
        "PowerQuotesCore",
        "PowerQuotesTestSupport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "FlyingFox", package: "FlyingFox"),
        .product(name: "FlyingSocks", package: "FlyingFox"),
      ],
      // The golden files of GoldenOutputTests, read by path.
      exclude: ["Golden"]
    ),
  ]
)

// An async function without isolation runs where its caller runs (SE-0461): a command started
// on the main thread stays there until it truly waits, and starts no thread if it never does.
// On every Swift target of ours, so that their async function types agree.
for target in package.targets where [.regular, .executable, .test].contains(target.type) {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]
}
