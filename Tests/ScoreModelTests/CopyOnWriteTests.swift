import Testing

@testable import ScoreModel

/// A tune and a voice keep their fields in one shared box: copies share it, the first
/// change to a shared copy copies it, and a tune no other value shares changes in place.
@Suite struct CopyOnWriteTests {
  let place = SourceRange(SourceLocation(line: 1, column: 1))

  func tune() -> Tune {
    var tune = Tune(
      referenceNumber: 1, voices: [Voice(id: "1", elements: [.lineBreak(place)])], range: place)
    tune.metadata.titles = ["The Kesh"]
    tune.words = ["verse"]
    return tune
  }

  @Test func aChangedCopyLeavesTheOriginalAlone() {
    let original = tune()
    var copy = original
    #expect(copy.storage === original.storage)
    copy.voices[0].elements.append(.lineBreak(place))
    copy.metadata.titles.append("Second title")
    copy.words = []
    #expect(copy.storage !== original.storage)
    #expect(original.voices[0].elements.count == 1)
    #expect(original.metadata.titles == ["The Kesh"])
    #expect(original.words == ["verse"])
    #expect(copy.voices[0].elements.count == 2)
    #expect(copy.metadata.titles == ["The Kesh", "Second title"])
    #expect(copy.words.isEmpty)
    // Every field comes across when the box is copied.
    #expect(copy.referenceNumber == 1 && copy.range == place && copy.voices[0].id == "1")
  }

  @Test func anUnsharedTuneChangesInPlace() {
    var tune = tune()
    let box = ObjectIdentifier(tune.storage)
    tune.voices[0].elements.append(.lineBreak(place))
    tune.referenceNumber = 2
    #expect(ObjectIdentifier(tune.storage) == box)
    #expect(tune.voices[0].elements.count == 2 && tune.referenceNumber == 2)
  }

  @Test func aVoiceCopiesItsBoxOnlyWhenShared() {
    var voice = Voice(id: "T", name: "Tenor", elements: [.lineBreak(place)])
    let shared = voice
    #expect(voice.storage === shared.storage)
    voice.transpose = -12
    #expect(voice.storage !== shared.storage)
    #expect(shared.transpose == 0 && voice.transpose == -12)
    #expect(voice.name == "Tenor" && voice.elements.count == 1)
    let box = ObjectIdentifier(voice.storage)
    voice.elements.removeAll()
    #expect(ObjectIdentifier(voice.storage) == box)
    #expect(shared.elements.count == 1)
  }
}
