/// UIKit's keyboard kinds, for `keyboardType(_:)`: a page asks the browser for the matching
/// on-screen keyboard (`inputmode`).
public enum UIKeyboardType: Int, Sendable {
  case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad
  case emailAddress, decimalPad, twitter, webSearch, asciiCapableNumberPad

  /// The HTML `inputmode` for this keyboard (nil: the browser's default).
  var inputMode: String? {
    switch self {
    case .default, .asciiCapable, .namePhonePad, .twitter: nil
    case .numbersAndPunctuation, .decimalPad: "decimal"
    case .numberPad, .asciiCapableNumberPad: "numeric"
    case .phonePad: "tel"
    case .URL: "url"
    case .emailAddress: "email"
    case .webSearch: "search"
    }
  }
}

/// UIKit's kinds of text content, for `textContentType(_:)`: a page tells the browser what to
/// fill the field with (`autocomplete`), so saved passwords and addresses are offered.
public struct UITextContentType: Hashable, Sendable {
  /// The HTML `autocomplete` token.
  let autocomplete: String

  /// A full name.
  public static let name = Self(autocomplete: "name")
  /// A title before a name ("Dr").
  public static let namePrefix = Self(autocomplete: "honorific-prefix")
  /// A first name.
  public static let givenName = Self(autocomplete: "given-name")
  /// A middle name.
  public static let middleName = Self(autocomplete: "additional-name")
  /// A last name.
  public static let familyName = Self(autocomplete: "family-name")
  /// A suffix after a name ("Jr").
  public static let nameSuffix = Self(autocomplete: "honorific-suffix")
  /// A nickname.
  public static let nickname = Self(autocomplete: "nickname")
  /// A job title.
  public static let jobTitle = Self(autocomplete: "organization-title")
  /// A company or organization.
  public static let organizationName = Self(autocomplete: "organization")
  /// A place (drawn as a street address).
  public static let location = Self(autocomplete: "street-address")
  /// A street address, on one or more lines.
  public static let fullStreetAddress = Self(autocomplete: "street-address")
  /// The first line of a street address.
  public static let streetAddressLine1 = Self(autocomplete: "address-line1")
  /// The second line of a street address.
  public static let streetAddressLine2 = Self(autocomplete: "address-line2")
  /// A city.
  public static let addressCity = Self(autocomplete: "address-level2")
  /// A state or region.
  public static let addressState = Self(autocomplete: "address-level1")
  /// A city and state (drawn as a city).
  public static let addressCityAndState = Self(autocomplete: "address-level2")
  /// A district within a city.
  public static let sublocality = Self(autocomplete: "address-level3")
  /// A country.
  public static let countryName = Self(autocomplete: "country-name")
  /// A postal code.
  public static let postalCode = Self(autocomplete: "postal-code")
  /// A telephone number.
  public static let telephoneNumber = Self(autocomplete: "tel")
  /// An email address.
  public static let emailAddress = Self(autocomplete: "email")
  /// A web address.
  public static let URL = Self(autocomplete: "url")
  /// A card number.
  public static let creditCardNumber = Self(autocomplete: "cc-number")
  /// A user name to sign in with.
  public static let username = Self(autocomplete: "username")
  /// A password to sign in with.
  public static let password = Self(autocomplete: "current-password")
  /// A new password, to sign up or change one.
  public static let newPassword = Self(autocomplete: "new-password")
  /// A one-time code from a message.
  public static let oneTimeCode = Self(autocomplete: "one-time-code")
  /// A date of birth.
  public static let birthdate = Self(autocomplete: "bday")
}

extension View {
  /// The keyboard the fields here ask for (the browser's on-screen keyboard, by `inputmode`).
  public func keyboardType(_ type: UIKeyboardType) -> some View {
    environment(\.keyboardType, type)
  }

  /// What the fields here hold, so the browser offers to fill them (`autocomplete`); nil: no hint.
  public func textContentType(_ textContentType: UITextContentType?) -> some View {
    environment(\.textContentType, textContentType)
  }
}

extension EnvironmentValues {
  private enum KeyboardTypeKey: EnvironmentKey {
    static var defaultValue: UIKeyboardType { .default }
  }
  private enum TextContentTypeKey: EnvironmentKey {
    static var defaultValue: UITextContentType? { nil }
  }
  var keyboardType: UIKeyboardType {
    get { self[KeyboardTypeKey.self] }
    set { self[KeyboardTypeKey.self] = newValue }
  }
  var textContentType: UITextContentType? {
    get { self[TextContentTypeKey.self] }
    set { self[TextContentTypeKey.self] = newValue }
  }
}
