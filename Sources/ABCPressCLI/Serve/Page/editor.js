/*
 The editor page's code (served by `abcpress serve`; see EditorService for the API).

 Left, the ABC text (the text pane, text.js: CodeMirror coloured by ABCPress's own reading
 of the text, problems underlined and marked in the gutter); below it the problems, each a
 link to its place. Right, the tune under the cursor engraved as SVG. Clicking a drawn
 symbol puts the cursor at its source and selects it for editing on the score; moving the
 cursor outlines the symbols it is on.
 */
"use strict";
const token = new URLSearchParams(location.search).get("token") || "";
const client = Math.random().toString(36).slice(2);
const $ = (id) => document.getElementById(id);
const score = $("score");
let file = null, items = [], sizes = [], problems = [], transpose = 0, dirty = false, modified = 0;

async function api(path, body) {
  const options = { headers: { "X-ABCPress-Token": token } };
  if (body !== undefined) { options.method = "POST"; options.body = JSON.stringify(body); }
  const answer = await fetch(path, options);
  if (!answer.ok) throw new Error(await answer.text());
  return answer.json();
}
// `file` is the file chosen in the menu; `target` the file its text is saved to (the
// `.abc` beside a MusicXML file, which is opened as ABC and never written over).
let target = null, notes = [];
const name = () => "name=" + encodeURIComponent(target || file);

// The text pane (text.js); its hooks are the page's (below).
const pane = makeTextPane($("text"), {
  edit: (large) => edited(large),
  cursor: () => { mark(); follow(); },
  save: () => save(),
  tab: () => score.focus(),
});
window.editorPane = pane;  // for scripts/check-serve
const cursor = () => pane.cursor();
function listProblems() {
  const list = $("problems");
  list.innerHTML = "";
  for (const note of notes) {
    const item = document.createElement("li");
    item.className = "note"; item.textContent = note;
    list.appendChild(item);
  }
  for (const p of problems.slice(0, 500)) {
    const item = document.createElement("li");
    item.className = p.severity;
    item.textContent = p.line + ":" + p.column + " " + p.severity + ": " + p.message;
    item.dataset.line = p.line; item.dataset.column = p.column;
    item.onclick = () => { moveTo(p.line, p.column); };
    list.appendChild(item);
  }
  if (problems.length > 500) {
    const more = document.createElement("li");
    more.textContent = "… and " + (problems.length - 500) + " more";
    list.appendChild(more);
  }
}
function moveTo(line, column, focus) {
  pane.moveTo(line, column, focus);
  mark();
}

// Engraving: a render starts as soon as none is in flight; keys typed while one runs are
// coalesced into the next (the server engraves in 5-10 ms, so the score follows the typing
// without a fixed delay). `version` counts the edits; `shown` is the version on the score.
let inFlight = false, pending = false, version = 0, shown = -1, shownTune = null, problemsSeen = "", renderStatus = "";
function schedule() {
  if (inFlight) { pending = true; return; }
  render();
}
async function render() {
  if (inFlight) { pending = true; return; }
  inFlight = true; pending = false;
  try { await engrave(); }
  finally {
    inFlight = false;
    if (pending) render();
  }
}
// On a phone, unless a paper size is chosen, the tune is engraved on a page as wide as the
// screen (0.8 pt a pixel: the staff a little larger than on paper), so its lines break for
// the screen and it is read without zooming.
const phone = window.matchMedia("(max-width: 700px)");
function screenPage() {
  if (!phone.matches) return "";
  const width = Math.max(180, Math.round((window.innerWidth - 10) * 0.8));
  return width + "x" + Math.round(width * 1.414);
}
phone.addEventListener("change", () => render());
// The score follows the cursor: moving into another tune engraves that one.
function follow() {
  if (!shownTune) return;
  const line = cursor().line;
  if (line >= shownTune.start && line <= shownTune.end) return;
  // (The lines between tunes belong to the tune before them, as the server reads them.)
  let start = openTunes.length ? openTunes[0][0] : 1;
  for (const tune of openTunes) if (tune[0] <= line) start = tune[0];
  if (start !== shownTune.start) schedule();
}
async function engrave() {
  const here = cursor(), sent = version, value = pane.value();
  const body = { text: value, line: here.line, client, transpose,
    theme: $("theme").value, template: $("template").value, pageSize: $("pagesize").value || screenPage() };
  let answer;
  try { answer = await api("/api/render?" + name(), body); }
  catch (error) { $("status").textContent = "not engraved: " + error.message; return; }
  if (answer.superseded) return;
  shown = sent; shownTune = answer.tune || null;
  // The colours come with every answer (the tune's tokens); the problems' marks and list
  // are redone only when the problems changed: most keys leave them as they were.
  const found = JSON.stringify(answer.diagnostics || []), changed = found !== problemsSeen;
  problemsSeen = found;
  problems = answer.diagnostics || [];
  openTunes = answer.tunes || [];
  items = answer.items || []; sizes = answer.sizes || [];
  score.innerHTML = "";
  (answer.svg || []).forEach((svg, index) => {
    const page = document.createElement("div");
    page.className = "page"; page.dataset.page = index;
    const [w, h] = sizes[index] || [595, 842];
    page.style.maxWidth = w * 1.4 + "px";  // the pane's width on a phone
    page.innerHTML = svg;
    const drawn = page.querySelector("svg");
    if (drawn) { drawn.setAttribute("viewBox", "0 0 " + w + " " + h); drawn.removeAttribute("width"); drawn.removeAttribute("height"); }
    page.onclick = (event) => clickScore(event, index, page, w);
    score.appendChild(page);
  });
  score.dataset.renders = String(Number(score.dataset.renders || 0) + 1);
  pane.setTokens(answer.tokens, value);
  if (changed) { pane.setProblems(problems); listProblems(); }
  mark();
  const errors = problems.filter((p) => p.severity === "error").length;
  // A message of its own ("saved", "playing") stays until the render has news.
  const next = (notice ? notice + " · " : dirty ? "edited · " : "") + (errors ? errors + " error" + (errors > 1 ? "s" : "") : "no errors");
  if (next !== renderStatus || $("status").textContent === renderStatus) $("status").textContent = next;
  renderStatus = next;
}
function clickScore(event, index, page, width) {
  if (banded) { banded = false; return; }  // (the end of a band dragged over the score)
  const box = page.getBoundingClientRect();
  const scale = width / box.width;
  const x = (event.clientX - box.left) * scale, y = (event.clientY - box.top) * scale;
  let best = null;
  for (const it of items) {
    if (it[0] !== index) continue;
    const [, ix, iy, iw, ih] = it;
    const dx = Math.max(ix - x, 0, x - ix - iw), dy = Math.max(iy - y, 0, y - iy - ih);
    const distance = Math.hypot(dx, dy) + (iw * ih) / 10000;
    if (distance < 6 && (!best || distance < best.distance)) best = { distance, it };
  }
  if (best && event.shiftKey && selected) {
    // Shift+click: every symbol from the selected one to this one.
    const at = (symbol) => symbol[0] * 100000 + symbol[1];
    const ends = [at([selected.line, selected.column]), at([best.it[5], best.it[6]])].sort((a, b) => a - b);
    selectRange(symbols().filter((symbol) => at(symbol) >= ends[0] && at(symbol) <= ends[1]));
  } else if (best) {
    moveTo(best.it[5], best.it[6], false);
    // The symbol is selected on the score too: keys pressed there edit it (see scoreKey).
    selected = { line: best.it[5], column: best.it[6] };
    range = null;
    score.focus({ preventScroll: true });
    mark();
  }
}

// Editing on the score: with a note selected (clicked, or reached from the text with Tab
// and ←/→) and the score focused, ↑/↓ move it
// a step of the scale, Ctrl+↑/↓ an octave, 1–9 and / set its length, ^ _ = its accidental,
// Delete turns it into a rest (a rest goes); Ctrl+Z undoes; Escape lets go; Tab goes to the
// text. The server (`/api/edit`, the parser's reading of the note) makes each an edit of the
// text, applied here as typing so that it is in the text's own undo history. Shift+click, or
// a band dragged over the score from an empty place, selects a range (`range`): the keys
// then edit every note in it, as one step of the undo history.
let selected = null, range = null, banded = false;
// Selects `list` ([line, column] in source order; the text selected from the first to the
// end of the last).
function selectRange(list) {
  if (!list.length) return;
  range = list.length > 1 ? list : null;
  selected = { line: list[0][0], column: list[0][1] };
  const last = list[list.length - 1];
  pane.selectBetween(list[0][0], list[0][1], last[0], pane.tokenEnd(last[0], last[1]));
  score.focus({ preventScroll: true });
  mark();
}
score.tabIndex = 0;
function scoreAction(event) {
  const ctrl = event.ctrlKey || event.metaKey;
  if (event.key === "ArrowUp") return [ctrl ? "octaveUp" : "up"];
  if (event.key === "ArrowDown") return [ctrl ? "octaveDown" : "down"];
  if (!ctrl && /^[1-9]$/.test(event.key)) return ["length", event.key];
  if (!ctrl && event.key === "/") return ["length", "/"];
  if (event.key === "^") return ["sharp"];
  if (event.key === "_") return ["flat"];
  if (event.key === "=") return ["natural"];
  if (event.key === "Delete" || event.key === "Backspace") return ["delete"];
  if (!ctrl && /^[a-g]$/.test(event.key)) return ["insert", event.key];
  return null;
}
score.addEventListener("keydown", async (event) => {
  if ((event.ctrlKey || event.metaKey) && (event.key === "z" || event.key === "y")) {
    event.preventDefault();
    if (event.key === "z" && !event.shiftKey) pane.undo(); else pane.redo();
    score.focus({ preventScroll: true });
    return;
  }
  if (event.key === "Escape") { selected = null; range = null; mark(); return; }
  if ((event.key === "ArrowLeft" || event.key === "ArrowRight") && event.shiftKey && selected) {
    // Shift+←/→: the range grows (or starts) by the next symbol that way.
    event.preventDefault();
    const all = symbols(), key = (symbol) => symbol[0] * 100000 + symbol[1];
    const now = range || [[selected.line, selected.column]];
    const low = key(now[0]), high = key(now[now.length - 1]);
    const next = event.key === "ArrowRight" ? all.find((symbol) => key(symbol) > high) : [...all].reverse().find((symbol) => key(symbol) < low);
    if (next) selectRange(all.filter((symbol) => key(symbol) >= Math.min(low, key(next)) && key(symbol) <= Math.max(high, key(next))));
    return;
  }
  if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
    event.preventDefault();
    stepSelection(event.key === "ArrowRight" ? 1 : -1);
    return;
  }
  const action = scoreAction(event);
  if (!action || !selected) return;
  event.preventDefault();
  await applyScoreEdit(action);
});
// Keyboard only: Tab from the text selects the symbol at the text's cursor; ←/→ go from
// symbol to symbol in the order of the source, the text's cursor going along.
function symbols() {
  const seen = new Map();
  for (const it of items) if (it[3] >= 3 && it[4] >= 3) seen.set(it[5] * 100000 + it[6], [it[5], it[6]]);
  return [...seen.entries()].sort((a, b) => a[0] - b[0]).map((entry) => entry[1]);
}
function select(line, column) {
  selected = { line, column };
  range = null;
  pane.moveTo(line, column, false);
  mark();
}
function stepSelection(direction) {
  const all = symbols();
  if (!all.length) return;
  const here = selected ? selected.line * 100000 + selected.column : 0;
  const index = all.findIndex(([line, column]) => line * 100000 + column >= here);
  const at = index < 0 ? all.length : index;
  const exact = index >= 0 && all[index][0] * 100000 + all[index][1] === here;
  const next = direction > 0 ? (exact ? at + 1 : at) : at - 1;
  if (next >= 0 && next < all.length) select(all[next][0], all[next][1]);
}
score.addEventListener("focus", () => {
  if (selected) return;
  const here = cursor();
  const on = symbols().filter(([line, column]) => line === here.line && column <= here.column);
  if (on.length) select(...on[on.length - 1]);
});
async function applyScoreEdit(action) {
  const request = { text: pane.value(), line: selected.line, column: selected.column, action: action[0], value: action[1] };
  if (range) request.also = range;
  const answer = await api("/api/edit?" + name(), request);
  if (answer.replacement === undefined) return;
  const edits = [answer, ...(answer.more || [])];
  pane.replaceAll(edits);  // one step of the text's undo
  if (range) {
    // Each selected symbol moved by the edits before it on its line.
    const moved = ([line, column]) => {
      let shift = 0;
      for (const e of edits) if (e.line === line && e.end <= column) shift += Array.from(e.replacement).length - (e.end - e.start);
      return [line, column + shift];
    };
    range = action[0] === "delete" ? null : range.map(moved);
    if (range) [selected.line, selected.column] = range[0];
  }
  if (answer.select) selected = { line: answer.line, column: answer.select };
  pane.moveTo(selected.line, selected.column, false);
  if (answer.replacement === "" || (action[0] === "delete" && !/[A-Ga-gzx]/.test(answer.replacement))) selected = null;
  score.focus({ preventScroll: true });
  mark();
}
// Dragging the selected note's head up or down moves it by the steps of the staff it is
// dragged over; a ghost head shows the position (and the number of steps) while dragging.
let drag = null, band = null;
score.addEventListener("pointerdown", (event) => {
  const page = event.target.closest ? event.target.closest(".page") : null;
  if (!page) return;
  const index = Number(page.dataset.page);
  const box = page.getBoundingClientRect(), scale = box.width / (sizes[index] || [595])[0];
  const x = (event.clientX - box.left) / scale, y = (event.clientY - box.top) / scale;
  const head = selected && items.find((it) => it[0] === index && it[5] === selected.line && it[6] === selected.column && it[3] >= 3 && it[4] >= 3);
  if (!head || x < head[1] - 2 || x > head[1] + head[3] + 2 || y < head[2] - 2 || y > head[2] + head[4] + 2) {
    // Not on the selected head: perhaps a band over the symbols to select.
    band = { page, index, scale, x, y, left: event.clientX, top: event.clientY, box: null };
    return;
  }
  event.preventDefault();
  // A head is a staff space high: a step is half of it.
  drag = { y: event.clientY, half: head[4] / 2 * scale, steps: 0, ghost: document.createElement("div") };
  drag.ghost.className = "ghost";
  drag.pitch = writtenStep(selected.line, selected.column);
  Object.assign(drag.ghost.style, { left: head[1] * scale + "px", top: head[2] * scale + "px",
    width: head[3] * scale + "px", height: head[4] * scale + "px" });
  drag.top = head[2] * scale;
  page.appendChild(drag.ghost);
  if (page.setPointerCapture) try { page.setPointerCapture(event.pointerId); } catch (error) { /* synthetic */ }
});
score.addEventListener("pointermove", (event) => {
  if (band) {
    if (!band.box && Math.hypot(event.clientX - band.left, event.clientY - band.top) < 6) return;
    if (!band.box) { band.box = document.createElement("div"); band.box.className = "band"; band.page.appendChild(band.box); }
    const r = band.page.getBoundingClientRect();
    const x = Math.min(event.clientX, band.left) - r.left, y = Math.min(event.clientY, band.top) - r.top;
    Object.assign(band.box.style, { left: x + "px", top: y + "px",
      width: Math.abs(event.clientX - band.left) + "px", height: Math.abs(event.clientY - band.top) + "px" });
    band.rect = [x / band.scale, y / band.scale, Math.abs(event.clientX - band.left) / band.scale, Math.abs(event.clientY - band.top) / band.scale];
    return;
  }
  if (!drag) return;
  drag.steps = Math.round((drag.y - event.clientY) / drag.half);
  drag.ghost.style.top = drag.top - drag.steps * drag.half + "px";
  // Where the head would go: its letter and octave (the key decides the accidental).
  drag.ghost.dataset.steps = (drag.pitch === null ? "" : pitchName(drag.pitch + drag.steps) + " ") + (drag.steps > 0 ? "+" : "") + drag.steps;
});
score.addEventListener("pointerup", async () => {
  if (band) {
    const done = band;
    band = null;
    if (!done.box) return;
    done.box.remove();
    banded = true;
    const [x, y, w, h] = done.rect;
    const inside = new Set(items.filter((it) => it[0] === done.index && it[3] >= 3 && it[4] >= 3 &&
      it[1] < x + w && it[1] + it[3] > x && it[2] < y + h && it[2] + it[4] > y).map((it) => it[5] * 100000 + it[6]));
    selectRange(symbols().filter(([line, column]) => inside.has(line * 100000 + column)));
    return;
  }
  if (!drag) return;
  const steps = drag.steps;
  drag.ghost.remove();
  drag = null;
  if (steps !== 0) await applyScoreEdit(["step", String(steps)]);
});
// The step (C4 = 28) of the note written at line, column (its first head), or null.
function writtenStep(line, column) {
  const text = pane.lineText(line).slice(scalarToIndex(pane.lineText(line), column));
  const m = /^(?:![^!]*!|\+[^+]*\+|"[^"]*"|\{[^}]*\}|[.~H-Wh-w(\[])*[\^_=]*([A-Ga-g])([,']*)/.exec(text);
  if (!m) return null;
  let step = "CDEFGABcdefgab".indexOf(m[1]) + 28;
  for (const mark of m[2]) step += mark === "'" ? 7 : -7;
  return step;
}
function pitchName(step) {
  return "CDEFGAB"[((step % 7) + 7) % 7] + Math.floor(step / 7);
}
function mark() {
  for (const old of score.querySelectorAll(".mark, .selected")) old.remove();
  const chosen = new Set((range || (selected ? [[selected.line, selected.column]] : [])).map(([l, c]) => l * 100000 + c));
  if (chosen.size) for (const it of items) if (chosen.has(it[5] * 100000 + it[6]) && it[3] >= 3) overlay("selected", it);
  const here = cursor();
  const on = items.filter((it) => it[5] === here.line && it[6] <= here.column);
  if (!on.length) return;
  const column = Math.max(...on.map((it) => it[6]));
  for (const it of on.filter((it) => it[6] === column)) overlay("mark", it);
}
// A box over drawn item `it` (see /api/render's items), with its source position.
function overlay(kind, it) {
  const page = score.querySelector('.page[data-page="' + it[0] + '"]');
  if (!page) return;
  const scale = page.getBoundingClientRect().width / (sizes[it[0]] || [595])[0];
  const box = document.createElement("div");
  box.className = kind;
  box.style.left = (it[1] * scale - 3) + "px"; box.style.top = (it[2] * scale - 3) + "px";
  box.style.width = (it[3] * scale + 6) + "px"; box.style.height = (it[4] * scale + 6) + "px";
  box.dataset.line = it[5]; box.dataset.column = it[6];
  page.appendChild(box);
}

// Playing: the notes ABCPress performs (repeats unfolded, tempo, accompaniment) as
// WebAudio on each voice's instrument (Sound); the sounding notes are lit in the score by the wall clock.
let audio = null, playing = null;
function stop() {
  if (audio) { audio.close(); audio = null; }
  if (playing) { cancelAnimationFrame(playing.frame); playing = null; }
  for (const old of score.querySelectorAll(".playing")) old.remove();
  score.dataset.playing = "";
}
// The sound: the server's rendering through a General MIDI SoundFont (FluidSynth,
// `/api/audio`) when it has one, else the page's own instruments (Sound). Either way the
// notes of `/api/play` are lit in time.
async function sampledSound(body) {
  try {
    const answer = await fetch("/api/audio?" + name(), { method: "POST", headers: { "X-ABCPress-Token": token }, body: JSON.stringify(body) });
    return answer.ok ? await answer.arrayBuffer() : null;
  } catch (error) { return null; }
}
async function play() {
  stop();
  const here = cursor();
  const speed = Number($("tempo").value) / 100;
  const request = { text: pane.value(), line: here.line, transpose, speed };
  $("status").textContent = "preparing the sound…";
  const [answer, rendered] = await Promise.all([api("/api/play?" + name(), request), sampledSound(request)]);
  let notes = answer.notes, length = answer.duration, from = 0;
  // A selection loops the notes written inside it.
  const range = pane.selection();
  if (range) {
    const first = range.from.line, last = range.to.line, start = range.from.column, end = range.to.column;
    const inside = (n) => n[4] && (n[4] > first || (n[4] === first && n[5] >= start)) && (n[4] < last || (n[4] === last && n[5] < end));
    const chosen = notes.filter(inside);
    if (chosen.length) {
      from = chosen[0][0];
      length = Math.max(...chosen.map((n) => n[0] + n[1])) - from;
      notes = chosen.map((n) => [n[0] - from, ...n.slice(1)]);
    }
  }
  audio = new (window.AudioContext || window.webkitAudioContext)();
  const begin = audio.currentTime + 0.1, loop = range !== null;
  let schedule = () => {};
  let buffer = null;
  if (rendered) { try { buffer = await audio.decodeAudioData(rendered); } catch (error) { buffer = null; } }
  if (buffer) {
    // The rendering at this speed; a selection loops its stretch of it.
    const source = audio.createBufferSource();
    source.buffer = buffer;
    if (loop) { source.loop = true; source.loopStart = from / speed; source.loopEnd = (from + length) / speed; }
    source.connect(audio.destination);
    source.start(begin, from / speed);
    score.dataset.sound = "sampled";
  } else {
    const out = Sound.output(audio);
    schedule = (offset) => {
      for (const n of notes) Sound.note(audio, out, begin + (offset + n[0]) / speed, n[1] / speed, n[2], n[3], n[6]);
    };
    schedule(0);
    score.dataset.sound = "synthesised";
  }
  $("status").textContent = "playing (" + score.dataset.sound + ")";
  const started = performance.now() + 100;
  let rounds = 1;
  playing = { frame: 0 };
  const tick = () => {
    if (!playing) return;
    let now = (performance.now() - started) / 1000 * speed;
    if (now > length) {
      if (!loop) { stop(); return; }
      if (now > length * rounds) { schedule(length * rounds); rounds++; }
      now = now % length;
    }
    for (const old of score.querySelectorAll(".playing")) old.remove();
    for (const n of notes) {
      if (n[4] === 0 || now < n[0] || now >= n[0] + n[1]) continue;
      // Heads, not stems: items at least 3 points wide.
      for (const it of items) if (it[5] === n[4] && it[6] === n[5] && it[3] >= 3) overlay("playing", it);
    }
    score.dataset.playing = String(now);
    playing.frame = requestAnimationFrame(tick);
  };
  tick();
}
async function download() {
  const here = cursor();
  const format = $("format").value;
  if (format === "wav") {  // the tune under the cursor as the player sounds it
    const request = { text: pane.value(), line: here.line, transpose };
    const [answer, rendered] = await Promise.all([api("/api/play?" + name(), request), sampledSound(request)]);
    const sound = rendered ? new Blob([rendered], { type: "audio/wav" }) : Sound.wav(await Sound.render(answer.notes, answer.duration));
    const link = document.createElement("a");
    link.href = URL.createObjectURL(sound);
    link.download = file.replace(/\.abc$/, "") + "-" + (answer.reference || 1) + ".wav";
    document.body.appendChild(link); link.click(); link.remove();
    return;
  }
  const answer = await fetch("/api/export?" + name() + "&format=" + format, {
    method: "POST", headers: { "X-ABCPress-Token": token },
    body: JSON.stringify({ text: pane.value(), line: here.line, transpose, scope: $("scope").value,
      theme: $("theme").value, template: $("template").value, pageSize: $("pagesize").value }) });
  if (!answer.ok) { $("status").textContent = "not made: " + await answer.text(); return; }
  const link = document.createElement("a");
  link.href = URL.createObjectURL(await answer.blob());
  const match = /filename="([^"]+)"/.exec(answer.headers.get("Content-Disposition") || "");
  link.download = match ? match[1] : "tune." + format;
  document.body.appendChild(link); link.click(); link.remove();
}

// Completion: decorations after "!", fields, %% directives, keys after K:, voices after V:,
// offered in the text pane's completion box.
async function offers(prefix) {
  const voices = [...new Set([...pane.value().matchAll(/(?:^|\[)V:\s*([^\s\]]+)/gm)].map((m) => m[1]))];
  try { return (await api("/api/complete", { prefix, voices })).items.slice(0, 50); } catch (error) { return []; }
}

// Find a tune: the open file's tunes (from the text being edited, with each render) and the
// other served files' (from disk, `/api/tunes`), searched as you type — every word must be
// in the title, X:, key, meter, rhythm or file name. Choosing one opens its file if need be
// and puts the cursor, and so the score, on it.
let openTunes = [], folderTunes = [], tuneShown = [], tuneChoice = 0;
async function openTuneList() {
  try { folderTunes = (await api("/api/tunes")).files || []; } catch (error) { folderTunes = []; }
  $("tune-search").value = "";
  listTunes();
  if (!$("tunes").open) $("tunes").showModal();
  $("tune-search").focus();
}
function listTunes() {
  const words = $("tune-search").value.toLowerCase().split(/\s+/).filter(Boolean);
  const rows = openTunes.map((tune) => ({ file, tune }));
  for (const other of folderTunes) {
    if (other.name === file || other.name === target) continue;
    for (const tune of other.tunes) rows.push({ file: other.name, tune });
  }
  tuneShown = rows.filter(({ file: name, tune }) => {
    const [, number, title, key, meter, rhythm] = tune;
    const words_ = (title + " x:" + number + " " + key + " " + meter + " " + rhythm + " " + name).toLowerCase();
    return words.every((word) => words_.includes(word));
  }).slice(0, 300);
  tuneChoice = 0;
  showTunes();
}
function showTunes() {
  const list = $("tune-list");
  list.textContent = "";
  tuneShown.forEach(({ file: name, tune }, index) => {
    const [, number, title, key, meter, rhythm] = tune;
    const item = document.createElement("li");
    item.setAttribute("role", "option");
    item.className = index === tuneChoice ? "on" : "";
    item.textContent = title || "(untitled)";
    const detail = document.createElement("small");
    detail.textContent = ["X:" + number, key, meter, rhythm, name === file ? "" : name].filter(Boolean).join(" · ");
    item.appendChild(detail);
    item.onclick = () => { tuneChoice = index; chooseTune(); };
    list.appendChild(item);
  });
  const on = list.children[tuneChoice];
  if (on) on.scrollIntoView({ block: "nearest" });
}
async function chooseTune() {
  const chosen = tuneShown[tuneChoice];
  if (!chosen) return;
  $("tunes").close();
  if (chosen.file !== file) await load(chosen.file);
  showPane("text");
  moveTo(chosen.tune[0], 1);
  follow();
}
$("tune-search").addEventListener("input", listTunes);
$("tune-search").addEventListener("keydown", (event) => {
  if (event.key === "ArrowDown" || event.key === "ArrowUp") {
    const count = tuneShown.length || 1;
    tuneChoice = (tuneChoice + (event.key === "ArrowDown" ? 1 : count - 1)) % count;
    showTunes(); event.preventDefault();
  } else if (event.key === "Enter") { chooseTune(); event.preventDefault(); }
});
$("find-tune").onclick = openTuneList;
document.addEventListener("keydown", (event) => {
  if ((event.ctrlKey || event.metaKey) && event.key === "k") { event.preventDefault(); openTuneList(); }
});

// Files. Nothing typed is lost: each file's unsaved text is kept in the page's storage
// (per served folder and file) as it is typed, so choosing another file, reloading the
// page or a crashed tab brings it back, and closing the page with unsaved text warns. A
// save sends the file's date as loaded (`modified`): if the file changed on disk since,
// the server refuses it and the page shows both versions and lets the user choose; a
// change on disk while the text is edited is shown the same way.
let workspace = "", seenOnDisk = 0, notice = "";
const draftKey = (name) => "abcpress:" + workspace + ":" + name;
function draft(name) {
  try { return JSON.parse(localStorage.getItem(draftKey(name)) || "null"); } catch (error) { return null; }
}
function keepDraft() {
  if (!file) return;
  try { localStorage.setItem(draftKey(file), JSON.stringify({ text: pane.value(), base: modified, at: Date.now() })); }
  catch (error) { $("status").textContent = "unsaved text not kept in the browser (" + error.name + "): save it"; }
}
function dropDraft(name) { try { localStorage.removeItem(draftKey(name)); } catch (error) { /* storage off */ } }
function hasDraft(name) { try { return localStorage.getItem(draftKey(name)) !== null; } catch (error) { return false; } }
function markEdited() {
  for (const option of $("file").options) {
    const edited = option.value === file ? dirty : hasDraft(option.value);
    option.textContent = option.value + (edited ? " •" : "");
  }
}
async function listFiles() {
  const list = await api("/api/files");
  workspace = list.workspace || "";
  const menu = $("file");
  menu.textContent = "";
  for (const f of list.files) { const o = document.createElement("option"); o.value = f; o.textContent = f; menu.appendChild(o); }
  if (file) menu.value = file;
  return list;
}
async function load(chosen) {
  let answer;
  try { answer = await api("/api/document?name=" + encodeURIComponent(chosen)); }
  catch (error) {
    // Not opened (not text, too large, gone): say why, and stay on the file open now.
    $("status").textContent = error.message;
    $("file").value = file || "";
    return;
  }
  file = answer.name; target = answer.saveAs || answer.name; seenOnDisk = 0;
  notes = answer.notes || []; problemsSeen = "";
  notice = answer.saveAs ? "opened " + file + " as ABC: saving writes " + answer.saveAs : "";
  const kept = draft(file);
  // (The cursor and the score start at the top: the first tune, not the last.)
  if (kept && typeof kept.text === "string" && kept.text !== answer.text) {
    // Unsaved text from before (another file chosen, a reload, a crash): restored, still
    // based on the file as it was then, so a later change on disk is shown, not lost.
    pane.load(kept.text); modified = kept.base || 0; dirty = true;
    notice = "restored unsaved text from " + new Date(kept.at).toLocaleString();
  } else {
    pane.load(answer.text); modified = answer.modified; dirty = false;
    if (kept) dropDraft(file);
  }
  $("file").value = file;
  version++;
  markEdited(); colourAll(); render();
}
async function save(asUTF8) {
  if (!file) return;
  const body = { text: pane.value(), base: modified };
  if (asUTF8 === true) body.encoding = "utf-8";
  const answer = await fetch("/api/save?" + name(), { method: "POST", headers: { "X-ABCPress-Token": token }, body: JSON.stringify(body) });
  const reply = await answer.json().catch(() => ({ error: "the server did not answer" }));
  if (answer.status === 409 && reply.conflict) { showConflict(reply, "not saved: " + file + " changed on disk since you opened it"); return; }
  if (answer.status === 409 && reply.unencodable && asUTF8 !== true) {
    if (confirm("Not saved: " + reply.error + ".\nSave the file as UTF-8 instead?")) return save(true);
    $("status").textContent = "not saved: " + reply.error; return;
  }
  if (!answer.ok) { $("status").textContent = reply.error || "not saved"; return; }
  modified = reply.modified; dirty = false; dropDraft(file);
  const imported = target !== file;
  if (imported) {
    // The ABC of a MusicXML file saved beside it: the editor goes on with that file.
    file = target; notes = [];
    await listFiles();
    listProblems();
  }
  $("file").value = file;
  markEdited();
  $("status").textContent = imported ? "saved as " + file : "saved";
}
// The lines of `a` and of `b` that the other does not share: the common start and end
// are cut off, and the rest compared by their longest common subsequence (when both are
// under 2,000 lines; longer, all of it is marked).
function changedLines(a, b) {
  let start = 0, endA = a.length, endB = b.length;
  while (start < endA && start < endB && a[start] === b[start]) start++;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) { endA--; endB--; }
  const m = endA - start, n = endB - start;
  const range = (from, to) => new Set(Array.from({ length: to - from }, (_, i) => from + i));
  if (m === 0 || n === 0 || m > 2000 || n > 2000) return [range(start, endA), range(start, endB)];
  const table = Array.from({ length: m + 1 }, () => new Uint16Array(n + 1));
  for (let i = m - 1; i >= 0; i--) {
    for (let j = n - 1; j >= 0; j--) {
      table[i][j] = a[start + i] === b[start + j] ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
    }
  }
  const inA = range(start, endA), inB = range(start, endB);
  for (let i = 0, j = 0; i < m && j < n;) {
    if (a[start + i] === b[start + j]) { inA.delete(start + i); inB.delete(start + j); i++; j++; }
    else if (table[i + 1][j] >= table[i][j + 1]) i++;
    else j++;
  }
  return [inA, inB];
}
// Both versions side by side, from the first line where they differ; the user chooses.
function showConflict(disk, why) {
  const dialog = $("conflict");
  seenOnDisk = disk.modified;
  $("conflict-why").textContent = why;
  const mine = pane.value().split("\n"), theirs = disk.text.split("\n");
  const [mineChanged, theirsChanged] = changedLines(mine, theirs);
  const first = Math.min(...mineChanged, ...theirsChanged, mine.length);
  const show = (lines, changed, into) => {
    into.textContent = "";
    lines.forEach((line, index) => {
      const row = document.createElement("div");
      row.textContent = (index + 1) + "  " + line;
      if (changed.has(index)) row.className = "changed";
      into.appendChild(row);
    });
  };
  show(mine, mineChanged, $("conflict-mine")); show(theirs, theirsChanged, $("conflict-disk"));
  for (const pane of [$("conflict-mine"), $("conflict-disk")]) pane.scrollTop = Math.max(0, (first - 3) * 18);
  $("keep-mine").onclick = () => { dialog.close(); modified = disk.modified; save(); };
  $("take-disk").onclick = () => {
    dialog.close();
    pane.reload(disk.text); modified = disk.modified; dirty = false; dropDraft(file); version++;
    markEdited(); colourAll(); render();
    $("status").textContent = "took the version on disk";
  };
  $("decide-later").onclick = () => { dialog.close(); $("status").textContent = file + " changed on disk: your text is not saved"; };
  if (!dialog.open) dialog.showModal();
}
async function checkDisk() {
  if (!file || $("conflict").open) return;
  try {
    // The file's date first: its text is fetched only when it changed.
    const stamp = await api("/api/modified?" + name());
    if (!(stamp.modified > modified + 0.001) || stamp.modified === seenOnDisk) return;
    const answer = await api("/api/document?" + name());
    if (answer.text === pane.value()) {
      modified = answer.modified;
      if (dirty) { dirty = false; dropDraft(file); markEdited(); }
    } else if (!dirty) {
      pane.reload(answer.text); modified = answer.modified; dirty = false; version++;
      colourAll(); render();
    } else if (answer.modified > modified + 0.001) {
      showConflict(answer, file + " changed on disk while you edited it");
    }
  } catch (error) { /* the server may be gone for a moment */ }
}

// A key typed (or an edit made on the score): kept, and engraved as soon as possible; a
// large change (a paste) recolours the whole text.
function edited(large) {
  version++; notice = "";
  if (!dirty) { dirty = true; markEdited(); }
  keepDraft();
  schedule();
  if (pane.hasFocus()) pane.complete(offers);
  if (large) colourAll();
}
// The whole text's tokens (a file opened or replaced): each render brings its tune's after.
async function colourAll() {
  if (pane.kind !== "codemirror") return;
  const value = pane.value();
  try { pane.setTokens((await api("/api/tokens", { text: value })).tokens, value); } catch (error) { /* next render */ }
}
$("save").onclick = () => save();
$("play").onclick = play;
$("stop").onclick = stop;
$("download").onclick = download;
$("template").onchange = $("pagesize").onchange = render;
// The editor's colours go with the score's theme; the theme follows the system's light or
// dark setting until one is chosen (and remembered).
const darkSystem = window.matchMedia("(prefers-color-scheme: dark)");
function applyTheme() { document.body.classList.toggle("dark", $("theme").value === "dark"); }
function followSystem() {
  let chosen = null;
  try { chosen = localStorage.getItem("abcpress:theme"); } catch (error) { /* storage off */ }
  $("theme").value = chosen || (darkSystem.matches ? "dark" : "classic");
  applyTheme();
}
followSystem();
darkSystem.addEventListener("change", () => { followSystem(); render(); });
$("theme").onchange = () => {
  try { localStorage.setItem("abcpress:theme", $("theme").value); } catch (error) { /* storage off */ }
  applyTheme(); render();
};
// Phones: the text and the score are tabs; the rarer controls sit behind the menu button.
function showPane(which) {
  document.body.dataset.pane = which;
  $("show-text").setAttribute("aria-pressed", String(which !== "score"));
  $("show-score").setAttribute("aria-pressed", String(which === "score"));
  if (which !== "score") { if (pane.cm) pane.cm.refresh(); pane.focus(); }
}
$("show-text").onclick = () => showPane("text");
$("show-score").onclick = () => showPane("score");
$("menu").onclick = () => {
  const open = document.body.classList.toggle("menu-open");
  $("menu").setAttribute("aria-expanded", String(open));
};
$("up").onclick = () => { transpose++; $("transposition").textContent = transpose; render(); };
$("down").onclick = () => { transpose--; $("transposition").textContent = transpose; render(); };
$("file").onchange = () => load($("file").value);
window.addEventListener("beforeunload", (event) => { if (dirty) { event.preventDefault(); event.returnValue = ""; } });
(async () => {
  try {
    const list = await listFiles();
    if (list.files.length) await load(list.files[0]);
    setInterval(checkDisk, 2000);
  } catch (error) { $("status").textContent = error.message; }
})();
