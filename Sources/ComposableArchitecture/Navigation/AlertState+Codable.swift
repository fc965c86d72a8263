// Alerts, dialogs, buttons and text are `Codable` (when their actions are), so that state holding
// them can be recorded and replayed (see `Reducer.recording(to:stateEvery:mode:)`). A button's
// animation is not encoded: a decoded button sends its action without one.

extension TextState: Codable {
  /// Encoded as its plain text.
  public init(from decoder: any Decoder) throws {
    self.init(verbatim: try decoder.singleValueContainer().decode(String.self))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(plainText)
  }
}

private enum DialogCodingKeys: String, CodingKey {
  case action, buttons, label, message, role, title, titleVisibility
}

extension ButtonState: Decodable where Action: Decodable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: DialogCodingKeys.self)
    let label = try container.decode(TextState.self, forKey: .label)
    self.init(
      role: try container.decodeIfPresent(ButtonStateRole.self, forKey: .role),
      action: .send(try container.decodeIfPresent(Action.self, forKey: .action))
    ) {
      label
    }
  }
}

extension ButtonState: Encodable where Action: Encodable {
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: DialogCodingKeys.self)
    try container.encodeIfPresent(role, forKey: .role)
    try container.encodeIfPresent(action.action, forKey: .action)
    try container.encode(label, forKey: .label)
  }
}

extension AlertState: Decodable where Action: Decodable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: DialogCodingKeys.self)
    let title = try container.decode(TextState.self, forKey: .title)
    let message = try container.decodeIfPresent(TextState.self, forKey: .message)
    let buttons = try container.decode([ButtonState<Action>].self, forKey: .buttons)
    self.init(title: { title }, actions: { buttons }, message: message.map { message in { message } })
  }
}

extension AlertState: Encodable where Action: Encodable {
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: DialogCodingKeys.self)
    try container.encode(title, forKey: .title)
    try container.encodeIfPresent(message, forKey: .message)
    try container.encode(buttons, forKey: .buttons)
  }
}

extension ConfirmationDialogState: Decodable where Action: Decodable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: DialogCodingKeys.self)
    let title = try container.decode(TextState.self, forKey: .title)
    let message = try container.decodeIfPresent(TextState.self, forKey: .message)
    let buttons = try container.decode([ButtonState<Action>].self, forKey: .buttons)
    self.init(
      titleVisibility: try container.decode(ConfirmationDialogStateTitleVisibility.self, forKey: .titleVisibility),
      title: { title }, actions: { buttons }, message: message.map { message in { message } }
    )
  }
}

extension ConfirmationDialogState: Encodable where Action: Encodable {
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: DialogCodingKeys.self)
    try container.encode(titleVisibility, forKey: .titleVisibility)
    try container.encode(title, forKey: .title)
    try container.encodeIfPresent(message, forKey: .message)
    try container.encode(buttons, forKey: .buttons)
  }
}
