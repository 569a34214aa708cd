import Foundation
import PackagePlugin

/// Embeds `Migrations/NNNN_name.sql` (SQLite) and `Migrations/postgres/NNNN_name.sql`
/// (PostgreSQL) in the target that uses it, as Swift string literals.
///
/// An installed or copied binary has no resource bundle beside it, so the schema must be compiled in.
@main
struct EmbedMigrations: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let folder = context.package.directoryURL.appending(path: "Migrations")
    let inputs = try [folder, folder.appending(path: "postgres")].flatMap { folder in
      try FileManager.default.contentsOfDirectory(atPath: folder.path())
        .filter { $0.hasSuffix(".sql") }
        .sorted()
        .map { folder.appending(path: $0) }
    }
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedMigrations.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(inputs.count) migrations",
        executable: try context.tool(named: "EmbedMigrationsTool").url,
        arguments: [output.path()] + inputs.map { $0.path() },
        inputFiles: inputs,
        outputFiles: [output]
      )
    ]
  }
}
