// The fuzz targets' entry points. Fuzz/run.sh builds this with -sanitize=fuzzer,address and
// -D FUZZING, and libFuzzer's own main calls LLVMFuzzerTestOneInput; an ordinary build replays
// inputs instead, as a finding is checked again: `powerquotes-fuzz TARGET FILE...`.
import Foundation

#if FUZZING
/// One input from libFuzzer, to the target `POWERQUOTES_FUZZ_TARGET` names.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  guard let bytes else { return 0 }
  FuzzTargets.selected.run(Data(bytes: bytes, count: count))
  return 0
}

/// libFuzzer's driver, for a program whose main is its own (SwiftPM names the entry point).
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Hands the command line to libFuzzer.
@main
enum FuzzMain {
  static func main() {
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(runFuzzerDriver(&argc, &argv, fuzzOneInput))
  }
}
#else
/// Replays files through a target.
@main
enum FuzzReplay {
  static func main() {
    let arguments = CommandLine.arguments.dropFirst()
    guard let name = arguments.first, let target = FuzzTargets(rawValue: name), arguments.count > 1
    else {
      print(
        "Usage: powerquotes-fuzz "
          + FuzzTargets.allCases.map(\.rawValue).joined(separator: "|") + " FILE...")
      exit(64)
    }
    for path in arguments.dropFirst() {
      guard let data = FileManager.default.contents(atPath: path) else {
        print("Could not read \(path).")
        exit(1)
      }
      target.run(data)
      print("\(path): ok")
    }
  }
}
#endif
