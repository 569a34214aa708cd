import SwiftCompilerPlugin
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@DirectlyParsed` (a command) and `@DirectlyParsedGroup` (an option group): the names and
/// the initializer of the direct way (`DirectCommand`, `DirectOptionGroup`, `LongOptionWords`),
/// made from the type's own `@Option`, `@Flag`, `@OptionGroup` and `@Argument` declarations, so
/// an option is declared once.
///
/// Names follow ArgumentParser's rule: a property `maxLength` is `--max-length`, `.customLong("x")`
/// is `--x`. A declaration the direct way cannot read the way ArgumentParser does is an error
/// at compile time, never skipped.
///
/// SwiftPM does not rebuild a macro's users when only the macro changed: after editing this
/// file, touch the files of the types it is attached to (or build from clean).
public struct DirectGrammarMacro: ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    let isGroup = node.attributeName.trimmedDescription.hasSuffix("Group")
    var grammar = Grammar()
    var failed = false
    for member in declaration.memberBlock.members {
      guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
      do {
        try grammar.read(variable)
      } catch let error as GrammarError {
        context.diagnose(Diagnostic(node: error.node, message: error))
        failed = true
      }
    }
    if isGroup && grammar.takesArguments {
      context.diagnose(
        Diagnostic(
          node: node,
          message: GrammarError(node: node, "an option group read directly takes no arguments")))
      failed = true
    }
    guard !failed else { return [] }
    let source: DeclSyntax =
      isGroup
      ? """
      extension \(type.trimmed): DirectOptionGroup {
        static let flagNames: [String] = \(raw: grammar.flagNames)
        static let optionNames: [String] = \(raw: grammar.optionNames)

        init(_ line: LongOptionWords) throws {
          var parsed = Self()
      \(raw: grammar.assignments)
          self = parsed
        }
      }
      """
      : """
      extension \(type.trimmed): DirectCommand {
        static let directFlagNames: [String] = \(raw: grammar.flagNames)
        static let directOptionNames: [String] = \(raw: grammar.optionNames)
        static let takesArguments = \(raw: grammar.takesArguments)

        init(direct line: LongOptionWords) throws {
          var parsed = Self()
      \(raw: grammar.assignments)
          self = parsed
        }
      }
      """
    return [source.cast(ExtensionDeclSyntax.self)]
  }
}

/// What a type's declarations give the direct way.
private struct Grammar {
  /// The long flags and options of the type's own properties, with their `--`.
  var flags: [String] = []
  var options: [String] = []
  /// The option groups' types.
  var groups: [String] = []
  /// The statements of the initializer, one a property, each setting a property of `parsed`.
  ///
  /// Set on a copy made by `init()`, not on `self` after `self.init()`: there, Swift compiles
  /// `self.flag = value` for a wrapper with an initial value as the wrapper's initialization
  /// (`init(wrappedValue:)`), which leaves it unparsed, and reading it stops the program.
  var statements: [String] = []
  var takesArguments = false

  var flagNames: String { list(flags, groups.map { "\($0).flagNames" }) }
  var optionNames: String { list(options, groups.map { "\($0).optionNames" }) }
  var assignments: String { statements.map { "    " + $0 }.joined(separator: "\n") }

  private func list(_ names: [String], _ lists: [String]) -> String {
    (["[" + names.map { "\"\($0)\"" }.joined(separator: ", ") + "]"] + lists)
      .joined(separator: " + ")
  }

  mutating func read(_ variable: VariableDeclSyntax) throws {
    let kinds = ["Option", "Flag", "OptionGroup", "Argument"]
    // ArgumentParser's wrappers, by their names (`@Option` or `@ArgumentParser.Option`).
    let wrappers = variable.attributes.compactMap { element -> (String, AttributeSyntax)? in
      guard let attribute = element.as(AttributeSyntax.self),
        let name = attribute.attributeName.trimmedDescription.split(separator: ".").last,
        kinds.contains(String(name))
      else { return nil }
      return (String(name), attribute)
    }
    guard let (kind, wrapper) = wrappers.first else { return }
    guard wrappers.count == 1, variable.bindings.count == 1,
      let binding = variable.bindings.first,
      let identifier = binding.pattern.as(IdentifierPatternSyntax.self)
    else { throw GrammarError(node: variable, "one property a declaration, one wrapper") }
    let property = identifier.identifier.trimmedDescription
    let arguments = wrapper.arguments?.as(LabeledExprListSyntax.self) ?? []
    let type = binding.typeAnnotation?.type
    let initial = binding.initializer?.value
    switch kind {
    case "OptionGroup":
      guard let type, initial == nil else {
        throw GrammarError(node: variable, "an option group needs its type and no value")
      }
      groups.append(type.trimmedDescription)
      statements.append("parsed.\(property) = try .validated(line)")
    case "Argument":
      guard let type, type.trimmedDescription == "[String]",
        initial == nil || initial?.trimmedDescription == "[]"
      else {
        throw GrammarError(
          node: variable, "the direct way reads arguments as [String], with no default but []")
      }
      guard !takesArguments else {
        throw GrammarError(node: variable, "the direct way reads one @Argument")
      }
      takesArguments = true
      statements.append("parsed.\(property) = line.arguments")
    case "Flag":
      guard type == nil || type?.trimmedDescription == "Bool",
        initial?.trimmedDescription == "false"
      else {
        throw GrammarError(
          node: variable, "the direct way reads flags that are Bool, false by default")
      }
      try check(arguments, allowing: ["name", "help"], in: variable)
      let name = try longName(property, arguments, in: variable)
      flags.append(name)
      statements.append("parsed.\(property) = line.has(\"\(name)\")")
    default:
      try check(
        arguments, allowing: ["name", "parsing", "help", "completion", "transform", "visibility"],
        in: variable)
      if let parsing = arguments.first(where: { $0.label?.text == "parsing" }),
        ![".next", ".unconditional"].contains(parsing.expression.trimmedDescription)
      {
        throw GrammarError(node: parsing, "the direct way reads options that take one value")
      }
      guard let type else { throw GrammarError(node: variable, "an option needs its type") }
      guard !type.is(ArrayTypeSyntax.self), !type.trimmedDescription.hasPrefix("Array<") else {
        throw GrammarError(node: variable, "the direct way reads options given once")
      }
      let optional =
        type.is(OptionalTypeSyntax.self) || type.trimmedDescription.hasPrefix("Optional<")
      let name = try longName(property, arguments, in: variable)
      options.append(name)
      let transform = arguments.first { $0.label?.text == "transform" }?.expression
      switch (optional, initial, transform) {
      case (true, nil, nil):
        statements.append("parsed.\(property) = try line.value(\"\(name)\")")
      case (true, nil, let transform?):
        let function =
          transform.is(DeclReferenceExprSyntax.self)
          ? "Self.\(transform.trimmedDescription)" : transform.trimmedDescription
        statements.append("parsed.\(property) = try line.value(\"\(name)\", \(function))")
      case (false, let initial?, nil):
        // A member such as `.text` as it is; anything else in parentheses, for precedence.
        let value =
          initial.is(MemberAccessExprSyntax.self)
          ? initial.trimmedDescription : "(\(initial.trimmedDescription))"
        statements.append("parsed.\(property) = try line.value(\"\(name)\") ?? \(value)")
      default:
        throw GrammarError(
          node: variable,
          "the direct way reads options that are optional, or have a default and no transform")
      }
    }
  }

  /// Fails for an argument of the wrapper outside `labels`: one that may change the grammar.
  private func check(
    _ arguments: LabeledExprListSyntax, allowing labels: Set<String>,
    in variable: VariableDeclSyntax
  )
    throws
  {
    for argument in arguments where !labels.contains(argument.label?.text ?? "") {
      throw GrammarError(node: argument, "the direct way does not read this argument")
    }
  }

  /// The one long name ArgumentParser gives `property` with the `name:` argument in `arguments`.
  private func longName(
    _ property: String, _ arguments: LabeledExprListSyntax, in variable: VariableDeclSyntax
  ) throws -> String {
    guard let name = arguments.first(where: { $0.label?.text == "name" })?.expression else {
      return "--" + property.convertedToSnakeCase(separator: "-")
    }
    let elements =
      name.as(ArrayExprSyntax.self).map { $0.elements.map(\.expression) } ?? [name]
    var longNames: [String] = []
    for element in elements {
      let text = element.trimmedDescription
      if text == ".long" || text == ".shortAndLong" {
        longNames.append("--" + property.convertedToSnakeCase(separator: "-"))
      } else if text == ".short" || text.hasPrefix(".customShort(") {
        continue
      } else if let call = element.as(FunctionCallExprSyntax.self),
        call.calledExpression.trimmedDescription == ".customLong", call.arguments.count == 1,
        let literal = call.arguments.first?.expression.as(StringLiteralExprSyntax.self),
        literal.segments.count == 1,
        let segment = literal.segments.first?.as(StringSegmentSyntax.self)
      {
        longNames.append("--" + segment.content.text)
      } else {
        throw GrammarError(node: element, "the direct way does not read this name")
      }
    }
    guard longNames.count == 1 else {
      throw GrammarError(node: name, "the direct way reads options with one long name")
    }
    return longNames[0]
  }
}

/// A declaration the direct way cannot read.
struct GrammarError: Error, DiagnosticMessage {
  let node: Syntax
  let message: String

  init(node: some SyntaxProtocol, _ problem: String) {
    self.node = Syntax(node)
    self.message =
      "Not read directly: \(problem); read it by hand or leave the type to ArgumentParser."
  }

  var diagnosticID: MessageID { MessageID(domain: "PowerQuotesMacros", id: "grammar") }
  var severity: DiagnosticSeverity { .error }
}

extension String {
  /// ArgumentParser's `convertedToSnakeCase(separator:)`, which makes a property's long name.
  func convertedToSnakeCase(separator: Character) -> String {
    guard !isEmpty else { return "" }
    var result = ""
    var separateOnUppercase = true
    for index in indices {
      let nextIndex = self.index(after: index)
      let character = self[index]
      if character.isUppercase {
        if separateOnUppercase && !result.isEmpty {
          result += "\(separator)"
        }
        // "L" in "URLSession" starts a word: the next is uppercase and the one after lowercase.
        separateOnUppercase =
          nextIndex < endIndex && self[nextIndex].isUppercase
          && self.index(after: nextIndex) < endIndex
          && self[self.index(after: nextIndex)].isLowercase
      } else {
        separateOnUppercase = character != separator
      }
      result += character.lowercased()
    }
    return result
  }
}

@main
struct PowerQuotesMacrosPlugin: CompilerPlugin {
  let providingMacros: [any Macro.Type] = [DirectGrammarMacro.self]
}
