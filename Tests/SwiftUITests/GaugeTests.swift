import SwiftUICore
import SwiftUIWeb
import Testing

/// A gauge shows where a value sits in its range, with its labels, whatever style is asked for.
@MainActor
struct GaugeTests {
  @Test func aGaugeFillsItsBarToTheValueInItsRangeWithItsLabels() {
    let drawn = html(
      Gauge(value: 30.0, in: 20...60) {
        Text("Battery")
      } currentValueLabel: {
        Text("30%")
      } minimumValueLabel: {
        Text("20")
      } maximumValueLabel: {
        Text("60")
      }
    )
    // 30 in 20…60 is a quarter of the way.
    #expect(drawn.contains(#"value="0.25""#))
    let order = ["Battery", "30%", "20", "<progress", "60"].map { drawn.range(of: $0)?.lowerBound }
    #expect(!order.contains(nil))
    #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
  }

  @Test func aValueOutsideItsRangeIsHeldAtTheEndsAndEveryStyleDrawsTheLinearGauge() {
    #expect(html(Gauge(value: 5.0, in: 0...1) { Text("Over") }).contains(#"value="1""#))
    #expect(html(Gauge(value: -2.0) { Text("Under") }).contains(#"value="0""#))
    let plain = html(Gauge(value: 0.5) { Text("Speed") })
    #expect(html(Gauge(value: 0.5) { Text("Speed") }.gaugeStyle(.accessoryCircular)) == plain)
    #expect(html(Gauge(value: 0.5) { Text("Speed") }.gaugeStyle(.linearCapacity)) == plain)
  }
}
