/*
 Sound — the editor's instruments: General MIDI programs drawn with WebAudio, by family.

 Method: each family of the General MIDI programs (pianos, bells, organs and accordions,
 guitars, basses, bowed strings, plucked strings, ensembles, brass, reeds, pipes, synths,
 banjos and sitars, bagpipes, fiddles…) is a timbre — the amplitudes of its first
 harmonics, made into a `PeriodicWave` — and an envelope: an attack, a level it settles
 to (0 for a struck or plucked sound that dies away, near 1 for a held one) with its
 time constant, a release, and vibrato in cents for bowed, blown and sung sounds.
 Channel 10 (`%%MIDI channel 10`, the drum accompaniment) is percussion, by the General
 MIDI key: a kick is a sine swept down, a snare band-passed noise over a short tone,
 hi-hats and cymbals high-passed noise of different lengths, toms sines swept down from a
 pitch set by the key. Noise comes from a fixed generator, so a rendering is the same
 every time. The same code plays live (`play`) and renders offline into a WAV file (the
 "wav" download); a soft clipper (tanh) on the output keeps chords from clipping.

 Example: `%%MIDI program 40` plays a violin: a bright wave, a bow's slow attack, a held
 level and vibrato that sets in after 0.2 s; program 0, the default, is a piano whose notes
 die away; `%%MIDI program 109` a bagpipe, held and without vibrato.

 Known limits: synthesis, not recordings (no sound font is shipped): a timbre per family for
 the 128 programs; no pitch bend, controllers or stereo placement.
 */
const Sound = (() => {
  // [first program, harmonics, attack s, settles to, time constant s, release s, vibrato cents]
  const families = [
    [0, [1, 0.6, 0.35, 0.22, 0.12, 0.08, 0.04], 0.004, 0, 0.8, 0.25, 0],           // pianos
    [8, [1, 0, 0, 0.35, 0, 0, 0.15, 0, 0.05], 0.002, 0, 0.7, 0.4, 0],                // bells, mallets
    [16, [1, 0.9, 0.5, 0.6, 0.2, 0.35, 0.1, 0.3], 0.012, 0.9, 0.1, 0.06, 0],        // organs, accordions
    [24, [1, 0.7, 0.45, 0.3, 0.2, 0.12, 0.08, 0.05], 0.003, 0, 0.45, 0.15, 0],      // guitars
    [32, [1, 0.5, 0.2, 0.1], 0.005, 0, 0.6, 0.12, 0],                                // basses
    [40, [1, 0.5, 0.33, 0.25, 0.2, 0.16, 0.14, 0.12, 0.1, 0.08], 0.07, 0.8, 0.2, 0.12, 12], // bowed strings
    [45, [1, 0.55, 0.3, 0.2, 0.1, 0.06], 0.003, 0, 0.3, 0.12, 0],                   // pizzicato, harp, timpani
    [48, [1, 0.5, 0.33, 0.25, 0.2, 0.16, 0.14, 0.12], 0.12, 0.85, 0.3, 0.25, 8],    // ensembles, voices
    [56, [1, 0.8, 0.6, 0.45, 0.3, 0.2, 0.12, 0.08], 0.04, 0.8, 0.15, 0.08, 6],      // brass
    [64, [1, 0.1, 0.55, 0.08, 0.35, 0.05, 0.2, 0.03], 0.03, 0.85, 0.15, 0.07, 6],   // reeds
    [72, [1, 0.25, 0.08, 0.03], 0.05, 0.85, 0.15, 0.08, 10],                         // flutes, whistles
    [80, [1, 0.5, 0.33, 0.25, 0.2, 0.16], 0.01, 0.9, 0.1, 0.1, 0],                   // synths
    [104, [1, 0.65, 0.4, 0.3, 0.2, 0.1, 0.07], 0.002, 0, 0.35, 0.12, 0],             // sitar, banjo, koto
    [108, [1, 0, 0, 0.35, 0, 0, 0.15, 0, 0.05], 0.002, 0, 0.5, 0.3, 0],              // kalimba
    [109, [1, 0.3, 0.6, 0.2, 0.45, 0.15, 0.3, 0.1, 0.2], 0.02, 1, 0.1, 0.05, 0],    // bagpipe
    [110, [1, 0.5, 0.33, 0.25, 0.2, 0.16, 0.14, 0.12, 0.1, 0.08], 0.05, 0.8, 0.2, 0.1, 10], // fiddle
    [111, [1, 0.1, 0.55, 0.08, 0.35, 0.05, 0.2, 0.03], 0.03, 0.85, 0.15, 0.07, 6],  // shanai
    [112, [1, 0.3, 0.1], 0.002, 0, 0.15, 0.05, 0],                                   // percussive
    [120, [1, 0.5, 0.33, 0.25], 0.01, 0.8, 0.1, 0.1, 0],                             // effects
  ];
  const family = (program) => families.reduce((found, f) => (f[0] <= program ? f : found), families[0]);
  const waves = new WeakMap(), noises = new WeakMap();
  function wave(context, harmonics) {
    let known = waves.get(context);
    if (!known) { known = new Map(); waves.set(context, known); }
    if (!known.has(harmonics)) {
      const imag = new Float32Array([0, ...harmonics]);
      known.set(harmonics, context.createPeriodicWave(new Float32Array(imag.length), imag));
    }
    return known.get(harmonics);
  }
  // One second of white noise from a fixed generator: the same rendering every time.
  function noise(context) {
    if (!noises.has(context)) {
      const buffer = context.createBuffer(1, context.sampleRate, context.sampleRate), data = buffer.getChannelData(0);
      let seed = 12345;
      for (let i = 0; i < data.length; i++) { seed = (seed * 1103515245 + 12345) >>> 0; data[i] = seed / 2147483648 - 1; }
      noises.set(context, buffer);
    }
    return noises.get(context);
  }
  // The chain every note goes into: a soft clipper (tanh), linear for one note and
  // rounding off a loud chord instead of clipping it. (A DynamicsCompressorNode was
  // tried: it squeezed single notes too and flattened a piano's decay.)
  function output(context) {
    const level = context.createGain(), shaper = context.createWaveShaper(), curve = new Float32Array(1025);
    for (let i = 0; i < curve.length; i++) curve[i] = Math.tanh(2.5 * (i / 512 - 1));
    level.gain.value = 0.4;  // 2.5 × 0.4: unity gain for small signals
    shaper.curve = curve;
    level.connect(shaper).connect(context.destination);
    return level;
  }
  function drum(context, out, at, key, velocity) {
    const level = 0.5 * velocity / 127;
    const envelope = (node, peak, tau) => {
      const gain = context.createGain();
      gain.gain.setValueAtTime(0, at);
      gain.gain.linearRampToValueAtTime(peak, at + 0.002);
      gain.gain.setTargetAtTime(0, at + 0.002, tau);
      node.connect(gain).connect(out);
    };
    const tone = (from, to, tau, peak) => {
      const osc = context.createOscillator();
      osc.frequency.setValueAtTime(from, at);
      osc.frequency.exponentialRampToValueAtTime(to, at + 0.12);
      envelope(osc, peak, tau);
      osc.start(at); osc.stop(at + tau * 8);
    };
    const hiss = (type, frequency, tau, peak) => {
      const source = context.createBufferSource(), filter = context.createBiquadFilter();
      source.buffer = noise(context);
      filter.type = type; filter.frequency.value = frequency;
      source.connect(filter);
      envelope(filter, peak, tau);
      source.start(at); source.stop(at + Math.min(0.99, tau * 8));
    };
    if (key === 35 || key === 36) tone(150, 45, 0.12, level * 1.6);                     // kicks
    else if (key >= 37 && key <= 40) { hiss("bandpass", 1900, 0.06, level * 1.4); tone(220, 160, 0.04, level * 0.5); } // snares
    else if (key === 42 || key === 44) hiss("highpass", 7000, 0.02, level * 0.8);        // closed hi-hats
    else if (key === 46) hiss("highpass", 7000, 0.12, level * 0.8);                      // open hi-hat
    else if ([49, 52, 55, 57].includes(key)) hiss("highpass", 5000, 0.45, level * 0.7);  // crashes
    else if ([51, 53, 59].includes(key)) hiss("bandpass", 6500, 0.2, level * 0.6);       // rides
    else if ([41, 43, 45, 47, 48, 50].includes(key)) { const f = 70 + (key - 41) * 18; tone(f * 1.5, f, 0.15, level * 1.3); } // toms
    else hiss("bandpass", 2500 + (key % 12) * 300, 0.05, level);
  }
  // One note: program < 0 is a drum (channel 10).
  function note(context, out, at, duration, key, velocity, program) {
    if (program < 0) { drum(context, out, at, key, velocity); return; }
    const [, harmonics, attack, settles, tau, release, vibrato] = family(program);
    const osc = context.createOscillator(), gain = context.createGain();
    osc.setPeriodicWave(wave(context, harmonics));
    osc.frequency.value = 440 * Math.pow(2, (key - 69) / 12);
    const peak = 0.25 * velocity / 127, held = Math.max(at + Math.max(0.06, duration) - 0.01, at + attack);
    const end = held + release * 4 + 0.05;
    gain.gain.setValueAtTime(0, at);
    gain.gain.linearRampToValueAtTime(peak, at + attack);
    gain.gain.setTargetAtTime(peak * settles, at + attack, tau);
    gain.gain.setTargetAtTime(0, held, release / 3);
    osc.connect(gain).connect(out);
    if (vibrato) {
      const lfo = context.createOscillator(), depth = context.createGain();
      lfo.frequency.value = 5.5;
      depth.gain.setValueAtTime(0, at);
      depth.gain.linearRampToValueAtTime(0, at + 0.2);
      depth.gain.linearRampToValueAtTime(vibrato, at + 0.45);
      lfo.connect(depth).connect(osc.detune);
      lfo.start(at); lfo.stop(end);
    }
    osc.start(at); osc.stop(end);
  }
  // Notes ([start s, length s, key, velocity, line, column, program]) rendered offline.
  function render(notes, seconds, rate = 22050) {
    const context = new OfflineAudioContext(1, Math.ceil((seconds + 1.5) * rate), rate);
    const out = output(context);
    for (const n of notes) note(context, out, n[0], n[1], n[2], n[3], n[6]);
    return context.startRendering();
  }
  // A rendering as a 16-bit mono WAV file.
  function wav(buffer) {
    const data = buffer.getChannelData(0), bytes = new DataView(new ArrayBuffer(44 + data.length * 2));
    const text = (at, s) => { for (let i = 0; i < s.length; i++) bytes.setUint8(at + i, s.charCodeAt(i)); };
    text(0, "RIFF"); bytes.setUint32(4, 36 + data.length * 2, true); text(8, "WAVEfmt ");
    bytes.setUint32(16, 16, true); bytes.setUint16(20, 1, true); bytes.setUint16(22, 1, true);
    bytes.setUint32(24, buffer.sampleRate, true); bytes.setUint32(28, buffer.sampleRate * 2, true);
    bytes.setUint16(32, 2, true); bytes.setUint16(34, 16, true); text(36, "data");
    bytes.setUint32(40, data.length * 2, true);
    for (let i = 0; i < data.length; i++) bytes.setInt16(44 + i * 2, Math.max(-1, Math.min(1, data[i])) * 32767, true);
    return new Blob([bytes.buffer], { type: "audio/wav" });
  }
  return { note, output, render, wav };
})();
