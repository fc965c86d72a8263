/// An action sent to one element of an `IdentifiedArray` run by
/// `Reducer.forEach(_:action:element:)`.
///
/// ```swift
/// enum Action {
///   case rows(IdentifiedActionOf<Row>)
/// }
/// store.send(.rows(.element(id: row.id, action: .toggled)))
/// ```
///
/// Case key paths reach one element's actions by id: `\.rows[id: row.id].toggled`.
public enum IdentifiedAction<ID: Hashable & Sendable, Action>: CasePathable {
  /// An action for the element with `id`.
  case element(id: ID, action: Action)

  /// The case paths of an identified action, as `@CasePathable` would make them.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }

  /// The case paths of ``IdentifiedAction``'s cases: `\.rows[id: 3]` reaches one element's actions.
  public struct AllCasePaths: Sendable {
    /// The element case, as an `(id:action:)` pair.
    public var element: AnyCasePath<IdentifiedAction, (id: ID, action: Action)> {
      AnyCasePath(
        embed: { .element(id: $0.id, action: $0.action) },
        extract: {
          guard case let .element(id, action) = $0 else { return nil }
          return (id, action)
        }
      )
    }

    /// The actions of the element with `id`.
    public subscript(id id: ID) -> AnyCasePath<IdentifiedAction, Action> {
      AnyCasePath(
        embed: { .element(id: id, action: $0) },
        extract: {
          guard case let .element(elementID, action) = $0, elementID == id else { return nil }
          return action
        }
      )
    }
  }
}

extension Case {
  /// A case key path to the actions of the element with `id`: `\.rows[id: 42]`.
  public subscript<ID: Hashable & Sendable, Action>(id id: ID) -> Case<Action>
  where Value == IdentifiedAction<ID, Action> {
    self[dynamicMember: \Value.AllCasePaths.[id: id]]
  }
}

extension IdentifiedAction: Sendable where Action: Sendable {}
extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}
extension IdentifiedAction: Decodable where ID: Decodable, Action: Decodable {}
extension IdentifiedAction: Encodable where ID: Encodable, Action: Encodable {}

/// The action of a `forEach` over elements run by `R`: `case rows(IdentifiedActionOf<Row>)`.
public typealias IdentifiedActionOf<R: Reducer> = IdentifiedAction<R.State.ID, R.Action>
where R.State: Identifiable, R.State.ID: Sendable
