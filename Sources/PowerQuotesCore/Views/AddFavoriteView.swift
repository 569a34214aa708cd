/// What saving a favorite says: a sentence for people, a report for `--format json`.
public enum AddFavoriteView {
  /// The iOS app's alert for a duplicate favorite.
  public static let alreadyFavorite = "Already a Favorite: This quote is already in your favorites."

  /// The sentence for `result`, as in "Favorite added! (id 7)".
  public static func sentence(_ result: AddFavoriteResult) -> String {
    switch result {
    case .added(let favorite): "Favorite added! (id \(favorite.id))"
    case .alreadyFavorite: alreadyFavorite
    }
  }

  /// The JSON report for `result`: its status and the favorite saved or already there.
  public static func json(_ result: AddFavoriteResult) -> String {
    switch result {
    case .added(let favorite):
      JSONView.render(Report(status: "added", favorite: favorite))
    case .alreadyFavorite(let favorite):
      JSONView.render(Report(status: "alreadyFavorite", favorite: favorite))
    }
  }

  private struct Report: Encodable {
    var status: String
    var favorite: Favorite
  }
}
