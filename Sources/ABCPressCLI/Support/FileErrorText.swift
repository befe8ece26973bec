import Foundation

/// Words for why a file operation failed, as `strerror` says them.
enum FileErrorText {
  static func reason(_ error: Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain, let code = POSIXErrorCode(rawValue: Int32(underlying.code))
    {
      return String(cString: strerror(code.rawValue)).lowercased()
    }
    if nsError.domain == NSCocoaErrorDomain && nsError.code == NSFileReadNoSuchFileError {
      return "no such file or directory"
    }
    return nsError.localizedDescription
  }
}
