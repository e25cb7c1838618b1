/// A label: a tag with a colour, an emoji and a category, defined in
/// `.vault/config.yml` (`labels: {errand: {color: "#F59E0B", emoji: "🛒", category: Location}}`).
/// On a task it is the tag `#errand`.
public struct Label: Hashable, Sendable, Encodable {
  public var name: String
  /// `#rrggbb`.
  public var color: String?
  public var emoji: String?
  public var category: String?

  public init(name: String, color: String? = nil, emoji: String? = nil, category: String? = nil) {
    self.name = name
    self.color = color
    self.emoji = emoji
    self.category = category
  }

  /// The label's line in `.vault/config.yml`, under `labels:`: `  errand: {color: "#f59e0b", …}`.
  public var configLine: String {
    var parts: [String] = []
    if let color { parts.append("color: \"\(color)\"") }
    if let emoji { parts.append("emoji: \(PropertyWriter.scalar(emoji))") }
    if let category { parts.append("category: \(PropertyWriter.scalar(category))") }
    return "  \(name): {" + parts.joined(separator: ", ") + "}"
  }

  /// `vault init --labels`: a starter set in the categories Energy, Location, Type, Duration
  /// and Category.
  public static let starter: [Label] = [
    Label(name: "low-energy", color: "#10b981", emoji: "🔋", category: "Energy"),
    Label(name: "high-energy", color: "#ef4444", emoji: "⚡", category: "Energy"),
    Label(name: "home", color: "#8b5cf6", emoji: "🏠", category: "Location"),
    Label(name: "errand", color: "#f59e0b", emoji: "🛒", category: "Location"),
    Label(name: "computer", color: "#3b82f6", emoji: "💻", category: "Location"),
    Label(name: "phone", color: "#06b6d4", emoji: "📞", category: "Type"),
    Label(name: "deep-work", color: "#1d4ed8", emoji: "🧠", category: "Type"),
    Label(name: "admin", color: "#6b7280", emoji: "🗂", category: "Type"),
    Label(name: "quick", color: "#22c55e", emoji: "⏱", category: "Duration"),
    Label(name: "long", color: "#a855f7", emoji: "⏳", category: "Duration"),
    Label(name: "health", color: "#ec4899", emoji: "🩺", category: "Category"),
    Label(name: "money", color: "#eab308", emoji: "💶", category: "Category"),
  ]
}
